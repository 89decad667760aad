/// What a dimming transition asks of its owner (the seed's `DimmingTransitioningDelegate`): the two animations,
/// their durations, and what a tap on the dimming view does. Every member may throw (a Lua implementation may fail);
/// the error is reported, naming the member and the controller, and the transition goes on with the default.
///
/// Defaults: durations 0.25 s, `allowTapDimmingViewToDismiss` true, `dimmingViewTapped` does nothing. A class that
/// subclasses may override should implement every member itself (protocol-extension defaults are not overridable).
public protocol DimmingTransitioningDelegate: AnyObject {
    /// How long the presentation animates; the dimming view fades in and the transition completes over it.
    var presentationAnimationDuration: Seconds { get throws }
    /// How long the dismissal animates.
    var dismissalAnimationDuration: Seconds { get throws }
    /// Starts the presentation animation (the presented view is already in place in the container).
    func executePresentationAnimation() throws
    /// Starts the dismissal animation.
    func executeDismissalAnimation() throws
    /// Whether a tap on the dimming view dismisses the presented controller.
    var allowTapDimmingViewToDismiss: Bool { get throws }
    /// Called on every tap on the dimming view, before the dismissal it may cause (for analytics and the like).
    func dimmingViewTapped() throws
}

extension DimmingTransitioningDelegate {
    public var presentationAnimationDuration: Seconds { DimmingTransitioning.defaultDuration }
    public var dismissalAnimationDuration: Seconds { DimmingTransitioning.defaultDuration }
    public var allowTapDimmingViewToDismiss: Bool { true }
    public func dimmingViewTapped() throws {}
}
