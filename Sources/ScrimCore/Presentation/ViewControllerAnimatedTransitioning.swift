/// Animates one presentation or dismissal (UIKit's `UIViewControllerAnimatedTransitioning`). `animateTransition`
/// must end by calling `context.completeTransition(_:)`, at once or later; until then the transition is in flight and
/// `settle` names it.
public protocol ViewControllerAnimatedTransitioning: AnyObject {
    /// How long the transition animates; alongside animations (the dimming view's fade) use it.
    func transitionDuration(_ context: TransitionContext) throws -> Seconds
    /// Moves the views: add the presented view to `context.containerView` when presenting, animate, then call
    /// `context.completeTransition(_:)`.
    func animateTransition(_ context: TransitionContext) throws
    /// Called after the transition ended (after the presentation controller's `…DidEnd`). Does nothing by default.
    func animationEnded(_ transitionCompleted: Bool) throws
}

extension ViewControllerAnimatedTransitioning {
    public func animationEnded(_ transitionCompleted: Bool) throws {}
}
