/// Content that appears in place over a dimming view: presenting fades `animatedContentView` in (alpha 0 → 1) while
/// it grows from `initialScale` to full size; dismissing runs it back.
open class CenterPresentViewController: DimmingPresentViewController {
    /// The scale the content grows from (and shrinks back to).
    public static let initialScale = 0.8

    /// Required: the view that fades and scales.
    open var animatedContentView: View? {
        get throws { nil }
    }

    open override func validateForPresentation() throws {
        _ = try requiredContentView()
    }

    open override func executePresentationAnimation() throws {
        let content = try requiredContentView()
        content.alpha = 0
        content.transform = .scale(CenterPresentViewController.initialScale)
        try animate(duration: try presentationAnimationDuration) {
            content.alpha = 1
            content.transform = .identity
        }
    }

    open override func executeDismissalAnimation() throws {
        let content = try requiredContentView()
        try animate(duration: try dismissalAnimationDuration) {
            content.alpha = 0
            content.transform = .scale(CenterPresentViewController.initialScale)
        }
    }

    private func requiredContentView() throws -> View {
        try required(try animatedContentView, member: "animatedContentView", base: "CenterPresentViewController",
                     hint: "override it to return the view to fade and scale in")
    }
}
