/// Content that slides down from the top of the screen over a dimming view (the seed's pattern from the top).
/// Override `animatedTopConstraint` with the content view's top constraint, read as in Interface Builder:
/// `content.top == superview.top + constant`; presenting animates its constant from `-animatedHeight` to 0.
open class TopPresentViewController: DimmingPresentViewController {
    /// Required: the content view's top constraint.
    open var animatedTopConstraint: LayoutConstraint? {
        get throws { nil }
    }

    /// How far above its place the content starts: the screen's height × 0.8 by default.
    open var animatedHeight: Double {
        get throws { screen.height * 0.8 }
    }

    open override func validateForPresentation() throws {
        _ = try requiredConstraint()
    }

    open override func executePresentationAnimation() throws {
        try slide(try requiredConstraint(), distance: try animatedHeight, presenting: true)
    }

    open override func executeDismissalAnimation() throws {
        try slide(try requiredConstraint(), distance: try animatedHeight, presenting: false)
    }

    private func requiredConstraint() throws -> LayoutConstraint {
        try required(try animatedTopConstraint, member: "animatedTopConstraint", base: "TopPresentViewController",
                     hint: "override it to return the content view's top constraint")
    }
}
