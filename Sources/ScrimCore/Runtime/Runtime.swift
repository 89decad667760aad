/// One scene: a screen, its window, the run loop and clock, the animation engine and the hook bus.
///
/// Runtimes share nothing, so a process (a test run) may hold many; the only process-wide state is the
/// animation block whose `animations` closure is running at the moment.
public final class Runtime {
    /// The virtual display.
    public let screen: Screen
    /// The key window; its frame is the screen's bounds.
    public let window: Window
    /// The run loop: timers, frames, next-turn work, settling.
    public let clock: Clock
    /// Runs animation blocks on `clock`.
    public let animator: AnimationEngine
    /// The event bus (`scrim.on`, `scrim.emit`).
    public let hooks: HookBus
    /// Auto Layout for `window` (its `layoutEngine`).
    public let autoLayout: AutoLayoutEngine
    /// The popups held while they are shown (the seed's `strongSelf`).
    public let popups = PopupRegistry()
    /// Whether a live window shows this runtime (`--window`; `scrim.isLive`): a script may then wait for clicks
    /// where it would otherwise play a scripted timeline.
    public var isLive = false
    /// The run's wall-clock budget, for loops that run long on a script's behalf (see `TimeBudget`).
    public var timeBudget: TimeBudget = .unlimited
    /// The window's root view controller, made on first use; its view (named `root`) fills the window, behind
    /// everything else in it. Presentations start from it (`present`).
    public private(set) lazy var rootViewController: ViewController = ViewController.makeRoot(in: self)

    /// A runtime for `screen`, with a window named `window` filling it.
    public init(screen: Screen = .default, frameRate: Double = 60) {
        self.screen = screen
        clock = Clock(frameRate: frameRate)
        hooks = HookBus()
        animator = AnimationEngine(clock: clock, hooks: hooks)
        window = Window(name: "window", frame: screen.bounds)
        autoLayout = AutoLayoutEngine()
        window.layoutEngine = autoLayout
        window.layoutPassScheduler = { [weak clock, weak window] in
            clock?.runNextTurn(description: "layout pass") { window?.runScheduledLayoutPass() }
        }
        clock.onError = { [weak self] error, context in
            if let self {
                self.reportError(error, context: context)
            } else {
                writeToStandardError("scrim: error in \(context): \(ErrorReport.message(of: error))\n")
            }
        }
        // The clock's loops (frame steps, timers re-arming at one instant) stop when the run's budget is spent.
        clock.budget = { [weak self] in if let exceeded = self?.timeBudget.exceeded() { throw exceeded } }
        autoLayout.reporter = { [weak self] report in self?.reportUnsatisfiable(report) }
        autoLayout.errorReporter = { [weak self] error in self?.reportError(error, context: "layout") }
    }

    /// Where reported errors end up after the `error` event (standard error by default).
    public var errorSink: (ErrorReport) -> Void {
        get { hooks.errorSink }
        set { hooks.errorSink = newValue }
    }

    /// Where warnings end up after their hook event (standard error by default), e.g. unsatisfiable constraints.
    public var warningSink: (String) -> Void = { message in
        writeToStandardError("scrim: \(message)\n")
    }

    /// Reports a conflict of required constraints: the `layout.unsatisfiable` event (`constraints`, the descriptions;
    /// `broken`, the one broken; `message`), then the UIKit-style warning to `warningSink`.
    public func reportUnsatisfiable(_ report: UnsatisfiableConstraints) {
        hooks.emit("layout.unsatisfiable", fields: [
            "constraints": .list(report.constraints.map(HookValue.string)),
            "broken": .string(report.broken.description),
            "message": .string(report.message),
        ])
        warningSink(report.message)
    }

    /// Reports an error from a callback (`context` names it): `error` event, then `errorSink`. The runtime goes on.
    public func reportError(_ error: Error, context: String) {
        // A callback stopped by the spent budget (or Ctrl-C) inside a call of the script's (`scrim.advance`): the stop
        // is raised at the script's line when that call returns; reported here it would be blamed on the callback.
        // Where the callback is itself the outermost entry (a live window's click, a real-time wait), it is reported.
        if timeBudget.raisesInScript, let spent = timeBudget.exceeded(),
           ErrorReport(error: error, context: context).message.hasSuffix(spent.message) {
            return
        }
        hooks.report(error, context: context)
    }

    // MARK: Time

    /// The virtual time.
    public var now: Seconds { clock.now }

    /// Frames per second of the virtual display.
    public var frameRate: Double {
        get { clock.frameRate }
        set { clock.frameRate = newValue }
    }

    /// Moves virtual time forward; see `Clock.advance(by:)`.
    public func advance(by seconds: Seconds) {
        clock.advance(by: seconds)
    }

    /// Advances until nothing is pending; see `Clock.settle(timeout:)`.
    @discardableResult
    public func settle(timeout: Seconds = 10) throws -> Seconds {
        try clock.settle(timeout: timeout)
    }

    /// A one-shot timer (`scrim.after`).
    @discardableResult
    public func after(_ delay: Seconds, label: String? = nil, _ action: @escaping () throws -> Void) -> ScheduledTask {
        clock.schedule(after: delay, label: label, action)
    }

    /// Animates the changes `animations` makes; see `AnimationEngine.animate`.
    @discardableResult
    public func animate(duration: Seconds, delay: Seconds = 0, curve: TimingCurve = .easeInOut, spring: Spring? = nil,
                        options: AnimationOptions = [], animations: () -> Void,
                        completion: ((Bool) throws -> Void)? = nil) -> Animation {
        animator.animate(duration: duration, delay: delay, curve: curve, spring: spring, options: options,
                         animations: animations, completion: completion)
    }

    /// `animate` with an `animations` closure that may throw (rethrown after what it changed is animated).
    @discardableResult
    public func animate(duration: Seconds, delay: Seconds = 0, curve: TimingCurve = .easeInOut, spring: Spring? = nil,
                        options: AnimationOptions = [], animations: () throws -> Void,
                        completion: ((Bool) throws -> Void)? = nil) throws -> Animation {
        try animator.animate(duration: duration, delay: delay, curve: curve, spring: spring, options: options,
                             animations: animations, completion: completion)
    }

    // MARK: Input

    /// Taps the window at `point` (window coordinates): hit-tests the model geometry and delivers the tap to the
    /// tap recognizers of the hit view or its nearest ancestor with an accepting one (enabled, and its delegate
    /// agrees; as in UIKit every recognizer up the chain is asked first); returns that view, or nil.
    @discardableResult
    public func tap(at point: Point) -> View? {
        TapDelivery.tap(window, at: point) { [self] error, context in reportError(error, context: context) }
    }

    /// Why a tap at `point` (window coordinates) reaches no recognizer: what `tap(at:)` returning nil means, in words.
    public func tapFailureReason(at point: Point) -> String {
        TapDiagnosis.reason(window, at: point)
    }

    /// Taps the centre of `view`'s model frame (wherever it is, the tap lands on whatever is on top there).
    @discardableResult
    public func tap(_ view: View) -> View? {
        tap(at: view.convert(view.bounds.center, to: nil))
    }

    // MARK: Inspection

    /// The window if it is called `name`, else its first descendant called `name` (see `View.find`).
    public func find(_ name: String) -> View? {
        window.name == name ? window : window.find(name)
    }

    /// The hierarchy as text, one line a view, back to front, two spaces of indent a level:
    /// `name Class {x, y, w, h} alpha=1`, then ` hidden` and ` interaction=off` where they apply (`-` for no name).
    /// Indent stops growing at `treeIndentLimit` levels; deeper lines start with their depth, `[depth 150]`.
    public func tree() -> String {
        var lines: [String] = []
        window.walkSubtree { view, depth in
            var line = String(repeating: "  ", count: min(depth, Runtime.treeIndentLimit))
            if depth > Runtime.treeIndentLimit { line += "[depth \(depth)] " }
            lines.append(line + Runtime.treeLine(view))
            return true
        }
        return lines.joined(separator: "\n")
    }

    /// `view`'s line of `tree()`, without its indent: `name Class {x, y, w, h} alpha=1` and its flags.
    public static func treeLine(_ view: View) -> String {
        var line = "\(view.name ?? "-") \(view.className) \(view.frame) alpha=\(NumberFormat.short(view.alpha))"
        if view.isHidden { line += " hidden" }
        if !view.isUserInteractionEnabled { line += " interaction=off" }
        return line
    }

    /// The depth from which `tree()` no longer indents (a text as wide as the tree is deep would grow with the
    /// square of the depth).
    public static let treeIndentLimit = 64
}
