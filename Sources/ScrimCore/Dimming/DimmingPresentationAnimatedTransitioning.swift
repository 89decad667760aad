/// The presentation animator of a dimming transition (the seed's `DimmingPresentationAnimatedTransitioning`): puts
/// the presented view, made transparent, at its final frame in the container, calls the delegate's
/// `executePresentationAnimation`, and completes the transition `presentationAnimationDuration` seconds later.
/// Not animated: the animation's changes apply at once and the transition completes at once.
public final class DimmingPresentationAnimatedTransitioning: ViewControllerAnimatedTransitioning {
    private weak var transitioning: DimmingTransitioning?

    init(transitioning: DimmingTransitioning) {
        self.transitioning = transitioning
    }

    public func transitionDuration(_ context: TransitionContext) throws -> Seconds {
        guard context.isAnimated else { return 0 }
        return transitioning?.presentationDuration(context) ?? DimmingTransitioning.defaultDuration
    }

    public func animateTransition(_ context: TransitionContext) throws {
        guard let controller = context.viewControllerForKey(.to), let view = context.viewForKey(.to) else {
            context.completeTransition(true)
            return
        }
        view.backgroundColor = .clear
        try context.containerView.addSubview(view)
        view.frame = context.finalFrame(for: controller)
        DimmingAnimation.run(context) { transitioning?.executeAnimation(presenting: true, context) }
    }
}

/// The dismissal animator of a dimming transition (the seed's `DimmingDismissalAnimatedTransitioning`): calls the
/// delegate's `executeDismissalAnimation` and completes the transition `dismissalAnimationDuration` seconds later.
public final class DimmingDismissalAnimatedTransitioning: ViewControllerAnimatedTransitioning {
    private weak var transitioning: DimmingTransitioning?

    init(transitioning: DimmingTransitioning) {
        self.transitioning = transitioning
    }

    public func transitionDuration(_ context: TransitionContext) throws -> Seconds {
        guard context.isAnimated else { return 0 }
        return transitioning?.dismissalDuration(context) ?? DimmingTransitioning.defaultDuration
    }

    public func animateTransition(_ context: TransitionContext) throws {
        if let controller = context.viewControllerForKey(.from), let view = context.viewForKey(.from) {
            view.frame = context.finalFrame(for: controller)
        }
        DimmingAnimation.run(context) { transitioning?.executeAnimation(presenting: false, context) }
    }
}

/// What both dimming animators do once the views are in place, as the seed does it: schedule the completion after
/// the transition's duration, then run the delegate's animation.
enum DimmingAnimation {
    static func run(_ context: TransitionContext, _ animation: () -> Void) {
        guard context.isAnimated, context.duration > 0, let runtime = context.runtime else {
            animation()
            finishAnimationsAtOnce(in: context.containerView)
            context.completeTransition(!context.transitionWasCancelled)
            return
        }
        runtime.clock.schedule(after: context.duration, label: "completeTransition") {
            context.completeTransition(!context.transitionWasCancelled)
        }
        animation()
    }

    /// Ends every animation in `view`'s subtree, so that a transition that is not animated shows its final state.
    private static func finishAnimationsAtOnce(in view: View) {
        view.walkSubtree { view, _ in
            view.removeAllAnimations()
            return true
        }
    }
}
