/// How a presented controller covers the screen (UIKit's `UIModalPresentationStyle`, the styles Scrim has).
public enum ModalPresentationStyle: String, CaseIterable, Sendable {
    /// Covers the screen; the presenting controller's view leaves the window once the presentation ends.
    case fullScreen
    /// Covers the screen; the presenting controller's view stays underneath.
    case overFullScreen
    /// The presented controller's `transitioningDelegate` supplies the presentation controller and the animators.
    case custom
}
