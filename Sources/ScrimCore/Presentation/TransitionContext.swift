/// UIKit's `UIViewControllerContextTransitioning` by its Scrim name.
public typealias ViewControllerContextTransitioning = TransitionContext

/// What an animator gets for one presentation or dismissal: the container, the two controllers and their views, the
/// frames, and `completeTransition(_:)`, which ends the transition (UIKit's transition context).
///
/// Until `completeTransition` is called the transition is in flight: it is registered with the clock as pending
/// work, so `settle` waits for it and, past its timeout, names it (`transition presenting Sheet "sheet" (waiting for
/// completeTransition)`).
public final class TransitionContext: PendingWork {
    /// `from` is the controller on screen before the transition, `to` the one after it.
    public enum Key: String, Sendable {
        case from, to
    }

    /// The view the transition happens in; the animator adds the presented view to it when presenting.
    public let containerView: View
    /// Whether the transition should animate (`present(_:animated:)`); an animator should end at once when false.
    public let isAnimated: Bool
    /// Whether this is a presentation (false: a dismissal).
    public let isPresenting: Bool
    /// Always false: Scrim has no interactive transitions (kept for the seed's `!transitionWasCancelled`).
    public let transitionWasCancelled = false
    /// The runtime the transition runs in.
    public private(set) weak var runtime: Runtime?

    /// `transition presenting X (waiting for completeTransition)`, as `settle` lists it.
    public var pendingDescription: String { "\(name) (waiting for completeTransition)" }
    /// `transition presenting X` or `transition dismissing X`, naming the controller being presented or dismissed.
    public let name: String

    /// Whether `completeTransition` has been called.
    public private(set) var isCompleted = false

    /// The seconds alongside animations take: the animator's `transitionDuration`, once asked.
    public internal(set) var duration: Seconds = 0

    private weak var fromViewController: ViewController?
    private weak var toViewController: ViewController?
    private let fromView: View?
    private let toView: View?
    private let frames: [(controller: ObjectIdentifier, initial: Rect, final: Rect)]
    private var alongside: [(animations: () throws -> Void, completion: ((Bool) throws -> Void)?)] = []
    private var alongsideCompletions: [(Bool) throws -> Void] = []
    private var hasStarted = false
    /// What the transition machinery does when the animator completes.
    var onComplete: ((Bool) -> Void)?
    /// The controller being presented or dismissed, for messages.
    let subjectName: String

    init(runtime: Runtime, container: View, isPresenting: Bool, isAnimated: Bool,
         from: ViewController, to: ViewController, fromView: View?, toView: View?,
         frames: [(controller: ViewController, initial: Rect, final: Rect)]) {
        self.runtime = runtime
        containerView = container
        self.isPresenting = isPresenting
        self.isAnimated = isAnimated
        fromViewController = from
        toViewController = to
        self.fromView = fromView
        self.toView = toView
        self.frames = frames.map { (ObjectIdentifier($0.controller), $0.initial, $0.final) }
        let subject = isPresenting ? to : from
        subjectName = subject.debugName
        name = "transition \(isPresenting ? "presenting" : "dismissing") \(subject.debugName)"
    }

    // MARK: What the animator reads

    /// The view of the controller for `key` that the animator should move; nil when the presentation keeps it where
    /// it is (the presenting controller's view, unless the style is `.fullScreen`).
    public func viewForKey(_ key: Key) -> View? {
        key == .from ? fromView : toView
    }

    /// The controller for `key`.
    public func viewControllerForKey(_ key: Key) -> ViewController? {
        key == .from ? fromViewController : toViewController
    }

    /// Where `controller`'s view is when the transition starts, in the container's coordinates; `.zero` for the
    /// controller being presented (it is not on screen yet) and for a controller not in this transition.
    public func initialFrame(for controller: ViewController) -> Rect {
        frames.first { $0.controller == ObjectIdentifier(controller) }?.initial ?? .zero
    }

    /// Where `controller`'s view should be when the transition ends, in the container's coordinates: for the
    /// presented controller, the presentation controller's `frameOfPresentedViewInContainerView` (also when it is
    /// being dismissed, so that the seed's `fromView.frame = finalFrame(for:)` leaves it in place).
    public func finalFrame(for controller: ViewController) -> Rect {
        frames.first { $0.controller == ObjectIdentifier(controller) }?.final ?? .zero
    }

    // MARK: Ending

    /// Ends the transition (`didComplete` false: it did not happen): the presentation controller's `…DidEnd`, the
    /// appearance callbacks, `animationEnded`, the `did…` event and the caller's completion follow at once. Later
    /// calls do nothing.
    public func completeTransition(_ didComplete: Bool) {
        guard !isCompleted else { return }
        isCompleted = true
        // Animations due by now end now, as the frame at this instant would end them (a timer at the same instant runs
        // first): the transition's callbacks and completions see its animations over, so a tap there reaches the
        // dimming view and nothing reads as still animating.
        if let runtime { runtime.animator.stepFrame(at: runtime.now) }
        runtime?.clock.endPendingWork(self)
        let finish = onComplete
        onComplete = nil
        finish?(didComplete)
    }

    // MARK: Alongside animations

    /// Animates `animations` alongside the transition, over its `duration` with the default curve (UIKit's
    /// `transitionCoordinator.animate(alongsideTransition:completion:)`); `completion` runs once the transition has
    /// ended, with whether it completed. Registered before the animator starts, the animations start with it;
    /// registered later, they start at once. Returns false (and runs nothing) once the transition has ended.
    @discardableResult
    public func animateAlongside(_ animations: @escaping () throws -> Void,
                                 completion: ((Bool) throws -> Void)? = nil) -> Bool {
        guard !isCompleted else { return false }
        if hasStarted {
            run(animations)
            if let completion { alongsideCompletions.append(completion) }
        } else {
            alongside.append((animations, completion))
        }
        return true
    }

    /// Reports `error` thrown by `callback`, naming the controller being presented or dismissed.
    public func report(_ error: Error, callback: String) {
        let context = "\(callback) of \(subjectName)"
        if let runtime {
            runtime.reportError(error, context: context)
        } else {
            writeToStandardError("scrim: error in \(context): \(ErrorReport.message(of: error))\n")
        }
    }

    // MARK: Machinery

    /// Starts the alongside animations registered so far.
    func startAlongsideAnimations() {
        hasStarted = true
        let queued = alongside
        alongside = []
        for item in queued {
            run(item.animations)
            if let completion = item.completion { alongsideCompletions.append(completion) }
        }
    }

    /// Runs the alongside completions (after the presentation controller's `…DidEnd`).
    func finishAlongsideAnimations(_ completed: Bool) {
        let completions = alongsideCompletions
        alongsideCompletions = []
        alongside = []
        for completion in completions {
            do { try completion(completed) } catch { report(error, callback: "alongside completion") }
        }
    }

    private func run(_ animations: () throws -> Void) {
        guard let runtime else { return }
        do {
            if isAnimated && duration > 0 {
                try runtime.animate(duration: duration, animations: animations)
            } else {
                try runtime.animator.performWithoutAnimation(animations)
            }
        } catch {
            report(error, callback: "alongside animation")
        }
    }
}
