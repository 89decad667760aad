/// The transitioning delegate of a dimming transition (the seed's `DimmingTransitioning`): assign it to a
/// controller's `transitioningDelegate` with `modalPresentationStyle = .custom`, and keep it alive yourself — the
/// controller holds it weakly, as in UIKit (the seed's base classes keep theirs in a property).
///
/// It holds its `delegate` weakly: the usual delegate is the controller that holds this object, so a strong
/// reference would be a cycle. Each member can also be given as a closure here (`executePresentationAnimation = { … }`),
/// which wins over the delegate's member (docs/API.md §6, closure style).
public final class DimmingTransitioning: ViewControllerTransitioningDelegate {
    /// The durations a delegate does not give.
    public static let defaultDuration: Seconds = 0.25

    /// The owner of the animations and of the tap behaviour; held weakly.
    public weak var delegate: DimmingTransitioningDelegate? {
        didSet { delegateWasSet = delegate != nil }
    }

    /// Closure-style members: when set, each wins over the delegate's member of the same name.
    public var presentationAnimationDuration: (() throws -> Seconds)?
    public var dismissalAnimationDuration: (() throws -> Seconds)?
    public var executePresentationAnimation: (() throws -> Void)?
    public var executeDismissalAnimation: (() throws -> Void)?
    public var allowTapDimmingViewToDismiss: (() throws -> Bool)?
    public var dimmingViewTapped: (() throws -> Void)?

    /// The presentation controller of the presentation in progress (from `present` until the dismissal ends).
    public private(set) weak var presentationController: DimmingPresentationController?

    /// The dimming view while presented.
    public var dimmingView: View? { presentationController?.dimmingView }

    private var delegateWasSet = false
    private lazy var presentationAnimator = DimmingPresentationAnimatedTransitioning(transitioning: self)
    private lazy var dismissalAnimator = DimmingDismissalAnimatedTransitioning(transitioning: self)

    /// The controller that keeps it (a `DimmingPresentViewController` keeps its own for its whole life); nil for one
    /// made on its own, which lives as long as whoever refers to it.
    public internal(set) weak var holder: ViewController?
    /// See `Owned` (the holder never changes, so it is never told anything).
    public weak var ownershipObserver: OwnershipObserver?

    /// A dimming transition for `delegate`.
    public init(delegate: DimmingTransitioningDelegate? = nil) {
        self.delegate = delegate
        delegateWasSet = delegate != nil
    }

    // MARK: ViewControllerTransitioningDelegate

    public func animationControllerForPresented(presented: ViewController, presenting: ViewController,
                                                source: ViewController) throws -> ViewControllerAnimatedTransitioning? {
        presentationAnimator
    }

    public func animationControllerForDismissed(_ dismissed: ViewController) throws -> ViewControllerAnimatedTransitioning? {
        dismissalAnimator
    }

    public func presentationControllerForPresented(presented: ViewController, presenting: ViewController,
                                                   source: ViewController) throws -> PresentationController? {
        let controller = DimmingPresentationController(presentedViewController: presented, presenting: presenting)
        controller.allowTapDimmingViewToDismiss = { [weak self] in try self?.allowsTapToDismiss() ?? true }
        controller.dimmingViewTapped = { [weak self] in try self?.tapped() }
        presentationController = controller
        return controller
    }

    // MARK: Members, closure first, then the delegate

    /// The duration of the presentation (or dismissal) as every part of the transition reads it — the base classes'
    /// slide, the dimming fade, the completion: the closure, else the delegate's member, else the default (also for a
    /// negative or non-finite answer). One answer, so a duration set on the transitioning moves the slide too.
    public func animationDuration(presenting: Bool) throws -> Seconds {
        let closure = presenting ? presentationAnimationDuration : dismissalAnimationDuration
        let value = try closure?()
            ?? delegate.map { try presenting ? $0.presentationAnimationDuration : $0.dismissalAnimationDuration }
            ?? DimmingTransitioning.defaultDuration
        return value.isFinite && value >= 0 ? value : DimmingTransitioning.defaultDuration
    }

    /// The presentation's duration; a member that throws is reported and the default used.
    func presentationDuration(_ context: TransitionContext) -> Seconds {
        reportingDuration(presenting: true, context)
    }

    /// The dismissal's duration; a member that throws is reported and the default used.
    func dismissalDuration(_ context: TransitionContext) -> Seconds {
        reportingDuration(presenting: false, context)
    }

    /// Runs `executePresentationAnimation` or `executeDismissalAnimation`, reporting what it throws or that it is
    /// missing.
    func executeAnimation(presenting: Bool, _ context: TransitionContext) {
        let member = presenting ? "executePresentationAnimation" : "executeDismissalAnimation"
        do {
            if let closure = presenting ? executePresentationAnimation : executeDismissalAnimation {
                try closure()
            } else if let delegate {
                try presenting ? delegate.executePresentationAnimation() : delegate.executeDismissalAnimation()
            } else {
                throw missing(member)
            }
        } catch {
            context.report(error, callback: member)
        }
    }

    /// Whether a tap on the dimming view dismisses: the closure, else the delegate's member, else true.
    public func allowsTapToDismiss() throws -> Bool {
        if let closure = allowTapDimmingViewToDismiss { return try closure() }
        return try delegate?.allowTapDimmingViewToDismiss ?? true
    }

    private func tapped() throws {
        if let closure = dimmingViewTapped { return try closure() }
        try delegate?.dimmingViewTapped()
    }

    private func reportingDuration(presenting: Bool, _ context: TransitionContext) -> Seconds {
        do {
            return try animationDuration(presenting: presenting)
        } catch {
            context.report(error, callback: presenting ? "presentationAnimationDuration" : "dismissalAnimationDuration")
            return DimmingTransitioning.defaultDuration
        }
    }

    private func missing(_ member: String) -> RequiredMemberError {
        let hint = delegateWasSet
            ? "its delegate was released: the DimmingTransitioning holds it weakly, so keep it alive elsewhere"
            : "give it a delegate that implements \(member), or assign the closure"
        return RequiredMemberError(owner: "DimmingTransitioning", member: member, hint: hint)
    }
}
