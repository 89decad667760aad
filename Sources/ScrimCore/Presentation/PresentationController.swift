/// Manages one presentation from `present` until its dismissal ends (UIKit's `UIPresentationController`): owns the
/// container view, says where the presented view goes, and hears the four transition milestones. Subclass it to add
/// chrome around the presented view (`DimmingPresentationController` adds the dimming view); use
/// `animateAlongsideTransition` to animate with the transition.
///
/// The milestone methods may throw: the error is reported, naming the method and the presented controller, and the
/// transition goes on.
open class PresentationController {
    /// The controller being presented (the presentation holds it; this reference is weak to avoid a cycle).
    public private(set) weak var presentedViewController: ViewController?
    /// The controller presenting it.
    public private(set) weak var presentingViewController: ViewController?
    /// The view the presentation happens in: set when the presentation starts, it fills the window above the
    /// presenting controller's view and leaves the window when the dismissal ends.
    public internal(set) var containerView: View?
    /// The transition in flight, if any.
    public internal(set) weak var transitionContext: TransitionContext?

    public init(presentedViewController: ViewController, presenting presentingViewController: ViewController) {
        self.presentedViewController = presentedViewController
        self.presentingViewController = presentingViewController
    }

    /// The view the transition animates: the presented controller's view by default.
    open var presentedView: View? { presentedViewController?.view }

    /// Where the presented view goes, in the container's coordinates: the whole container by default.
    open var frameOfPresentedViewInContainerView: Rect {
        containerView?.bounds ?? presentedViewController?.screen.bounds ?? Screen.default.bounds
    }

    /// Whether the presenting controller's view leaves the window once the presentation ends (and comes back when the
    /// dismissal starts). True only for `.fullScreen`; its appearance callbacks are called only then.
    open var shouldRemovePresentersView: Bool {
        presentedViewController?.modalPresentationStyle == .fullScreen
    }

    /// Whether a touch that hits the presented view itself, and none of its subviews, goes on to the container's
    /// views below it (the dimming view). False by default.
    open var presentedViewPassesTouches: Bool { false }

    /// The presentation is about to animate; the container exists, the presented view is not in it yet.
    open func presentationTransitionWillBegin() throws {}
    /// The presentation ended; `completed` is false if the animator reported it did not happen.
    open func presentationTransitionDidEnd(_ completed: Bool) throws {}
    /// The dismissal is about to animate.
    open func dismissalTransitionWillBegin() throws {}
    /// The dismissal ended; `completed` is false if the animator reported it did not happen.
    open func dismissalTransitionDidEnd(_ completed: Bool) throws {}

    /// Animates `animations` alongside the transition in flight (see `TransitionContext.animateAlongside`); returns
    /// false, running nothing, when no transition is in flight.
    @discardableResult
    public func animateAlongsideTransition(_ animations: @escaping () throws -> Void,
                                           completion: ((Bool) throws -> Void)? = nil) -> Bool {
        transitionContext?.animateAlongside(animations, completion: completion) ?? false
    }
}
