@testable import ScrimCore

/// A scene whose warnings are collected, with helpers to present and read the screen.
final class PresentationScene {
    let scene = TestScene()
    var warnings: [String] = []

    init() {
        scene.runtime.warningSink = { [unowned self] in self.warnings.append($0) }
    }

    var runtime: Runtime { scene.runtime }
    var errors: [ErrorReport] { scene.errors }
    var root: ViewController { runtime.rootViewController }

    /// Moves the clock to `time` seconds after the start.
    func advance(to time: Seconds) {
        runtime.clock.advance(to: time)
    }

    /// Records every event of `names` into `log` as its name.
    func record(_ names: [String], into log: CallLog) {
        for name in names { runtime.hooks.on(name) { log("event \($0.name)") } }
    }
}

/// An ordered record of what happened.
final class CallLog {
    var entries: [String] = []

    func callAsFunction(_ entry: String) {
        entries.append(entry)
    }
}

/// An active constraint `item.attribute == toItem.toAttribute + constant` (or `== constant` without `toItem`).
@discardableResult
func pin(_ item: View, _ attribute: LayoutAttribute, to toItem: View? = nil, _ toAttribute: LayoutAttribute? = nil,
         _ constant: Double = 0) throws -> LayoutConstraint {
    let constraint = try LayoutConstraint(item: item, attribute: attribute, toItem: toItem,
                                          attribute: toItem == nil ? nil : (toAttribute ?? attribute), constant: constant)
    try constraint.activate()
    return constraint
}

/// An active constraint `item.attribute == constant` (a width or height).
@discardableResult
func pin(_ item: View, _ attribute: LayoutAttribute, equalTo constant: Double) throws -> LayoutConstraint {
    let constraint = try LayoutConstraint(item: item, attribute: attribute, constant: constant)
    try constraint.activate()
    return constraint
}

/// The seed's example: a bottom sheet whose content view is 300 pt high, pinned to the sides and, through
/// `animatedBottomConstraint`, to the bottom (`superview.bottom == content.bottom + constant`).
final class MoreActionViewController: BottomPresentViewController {
    let content = View(name: "content")
    let button = View(name: "button")
    var contentViewBottomConstraint: LayoutConstraint?
    var log: CallLog?
    var canOperate = true
    var presentDuration: Seconds = 0.25
    var dismissDuration: Seconds = 0.25
    var presentationError: Error?

    override func viewDidLoad() throws {
        content.backgroundColor = .white
        try view.addSubview(content)
        button.frame = Rect(x: 16, y: 16, width: 100, height: 44)
        try content.addSubview(button)
        try pin(content, .leading, to: view)
        try pin(content, .trailing, to: view)
        try pin(content, .height, equalTo: 300)
        contentViewBottomConstraint = try pin(view, .bottom, to: content)
    }

    override var animatedBottomConstraint: LayoutConstraint? { contentViewBottomConstraint }
    override var allowTapDimmingViewToDismiss: Bool { canOperate }
    override var presentationAnimationDuration: Seconds { presentDuration }
    override var dismissalAnimationDuration: Seconds { dismissDuration }

    override func dimmingViewTapped() throws {
        log?("dimmingViewTapped")
    }

    override func executePresentationAnimation() throws {
        log?("executePresentationAnimation")
        if let presentationError { throw presentationError }
        try super.executePresentationAnimation()
    }

    override func executeDismissalAnimation() throws {
        log?("executeDismissalAnimation")
        try super.executeDismissalAnimation()
    }

    override func viewWillAppear(_ animated: Bool) throws { log?("viewWillAppear") }
    override func viewDidAppear(_ animated: Bool) throws { log?("viewDidAppear") }
    override func viewWillDisappear(_ animated: Bool) throws { log?("viewWillDisappear") }
    override func viewDidDisappear(_ animated: Bool) throws { log?("viewDidDisappear") }
}

/// A controller that records its lifecycle callbacks, prefixed with its name.
final class RecordingController: ViewController {
    let log: CallLog

    init(_ name: String, log: CallLog) {
        self.log = log
        super.init(name: name)
    }

    override func viewDidLoad() throws { log("\(name!).viewDidLoad") }
    override func viewWillAppear(_ animated: Bool) throws { log("\(name!).viewWillAppear(\(animated))") }
    override func viewDidAppear(_ animated: Bool) throws { log("\(name!).viewDidAppear(\(animated))") }
    override func viewWillDisappear(_ animated: Bool) throws { log("\(name!).viewWillDisappear(\(animated))") }
    override func viewDidDisappear(_ animated: Bool) throws { log("\(name!).viewDidDisappear(\(animated))") }
}

/// A presentation controller that records its milestones.
final class RecordingPresentationController: PresentationController {
    var log: CallLog?

    override func presentationTransitionWillBegin() throws { log?("presentationTransitionWillBegin") }
    override func presentationTransitionDidEnd(_ completed: Bool) throws { log?("presentationTransitionDidEnd(\(completed))") }
    override func dismissalTransitionWillBegin() throws { log?("dismissalTransitionWillBegin") }
    override func dismissalTransitionDidEnd(_ completed: Bool) throws { log?("dismissalTransitionDidEnd(\(completed))") }
}

/// An animator that puts the presented view in place and completes after `duration` (never, if nil), recording
/// its calls; it can be made to throw.
final class RecordingAnimator: ViewControllerAnimatedTransitioning {
    let log: CallLog
    var duration: Seconds?
    var throwsInAnimate = false

    init(log: CallLog, duration: Seconds? = 0.3) {
        self.log = log
        self.duration = duration
    }

    func transitionDuration(_ context: TransitionContext) throws -> Seconds { duration ?? 1 }

    func animateTransition(_ context: TransitionContext) throws {
        log("animateTransition")
        if context.isPresenting, let controller = context.viewControllerForKey(.to), let view = context.viewForKey(.to) {
            try context.containerView.addSubview(view)
            view.frame = context.finalFrame(for: controller)
        }
        if throwsInAnimate { throw TestError(text: "animator broke") }
        guard let duration, let runtime = context.runtime else { return }
        runtime.after(duration) { [log] in
            log("completeTransition")
            context.completeTransition(true)
        }
    }

    func animationEnded(_ transitionCompleted: Bool) throws { log("animationEnded(\(transitionCompleted))") }
}

/// A transitioning delegate handing out recording objects.
final class RecordingTransitioningDelegate: ViewControllerTransitioningDelegate {
    let log: CallLog
    let animator: RecordingAnimator
    var throwsForPresentationController = false

    init(log: CallLog, duration: Seconds? = 0.3) {
        self.log = log
        animator = RecordingAnimator(log: log, duration: duration)
    }

    func animationControllerForPresented(presented: ViewController, presenting: ViewController,
                                         source: ViewController) throws -> ViewControllerAnimatedTransitioning? {
        log("animationControllerForPresented")
        return animator
    }

    func animationControllerForDismissed(_ dismissed: ViewController) throws -> ViewControllerAnimatedTransitioning? {
        log("animationControllerForDismissed")
        return animator
    }

    func presentationControllerForPresented(presented: ViewController, presenting: ViewController,
                                            source: ViewController) throws -> PresentationController? {
        log("presentationControllerForPresented")
        if throwsForPresentationController { throw TestError(text: "no controller today") }
        let controller = RecordingPresentationController(presentedViewController: presented, presenting: presenting)
        controller.log = log
        return controller
    }
}

extension View {
    /// The frame on screen now, in window coordinates (presentation values of the view and its ancestors).
    var screenFrame: Rect {
        var frame = presentation().frame
        var ancestor = superview
        while let view = ancestor, view.superview != nil {
            let origin = view.presentation().frame.origin
            frame = frame.offsetBy(dx: origin.x, dy: origin.y)
            ancestor = view.superview
        }
        return frame
    }
}

/// Whether `a` and `b` are within `tolerance` in every component.
func near(_ a: Rect, _ b: Rect, _ tolerance: Double = 0.01) -> Bool {
    abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance && abs(a.width - b.width) <= tolerance
        && abs(a.height - b.height) <= tolerance
}

func near(_ a: Double, _ b: Double, _ tolerance: Double = 0.001) -> Bool {
    abs(a - b) <= tolerance
}
