/// The default transition (UIKit's cover-vertical): the presented view slides up from below the container to its
/// final frame, and back down on dismissal, in `duration` seconds, ease-in-out. Used for `.fullScreen` and
/// `.overFullScreen`, and for `.custom` when the transitioning delegate gives no animator (or is gone).
public final class CoverVerticalAnimator: ViewControllerAnimatedTransitioning {
    /// The default transition's length.
    public static let defaultDuration: Seconds = 0.5

    /// The transition's length.
    public let duration: Seconds

    public init(duration: Seconds = CoverVerticalAnimator.defaultDuration) {
        self.duration = duration
    }

    public func transitionDuration(_ context: TransitionContext) throws -> Seconds {
        context.isAnimated ? duration : 0
    }

    public func animateTransition(_ context: TransitionContext) throws {
        let container = context.containerView
        let below = { (frame: Rect) in frame.offsetBy(dx: 0, dy: container.bounds.height) }
        if context.isPresenting {
            guard let controller = context.viewControllerForKey(.to), let view = context.viewForKey(.to) else {
                context.completeTransition(true)
                return
            }
            let final = context.finalFrame(for: controller)
            try container.addSubview(view)
            guard context.isAnimated, let runtime = context.runtime else {
                view.frame = final
                context.completeTransition(true)
                return
            }
            view.frame = below(final)
            let animation = runtime.animate(duration: duration, animations: { view.frame = final },
                                            completion: { _ in context.completeTransition(!context.transitionWasCancelled) })
            animation.label = "presentation"
        } else {
            guard let view = context.viewForKey(.from) else {
                context.completeTransition(true)
                return
            }
            guard context.isAnimated, let runtime = context.runtime else {
                context.completeTransition(true)
                return
            }
            let animation = runtime.animate(duration: duration, animations: { view.frame = below(view.frame) },
                                            completion: { _ in context.completeTransition(!context.transitionWasCancelled) })
            animation.label = "dismissal"
        }
    }
}
