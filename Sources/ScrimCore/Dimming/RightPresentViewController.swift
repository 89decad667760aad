/// Content that slides in from the right edge (right to left) over a dimming view. Override
/// `animatedTrailingConstraint` with the content view's trailing constraint, read as in Interface Builder:
/// `superview.trailing == content.trailing + constant`; presenting animates its constant from `-animatedWidth` to 0.
open class RightPresentViewController: DimmingPresentViewController {
    /// Required: the content view's trailing constraint.
    open var animatedTrailingConstraint: LayoutConstraint? {
        get throws { nil }
    }

    /// How far right of its place the content starts: the screen's width by default.
    open var animatedWidth: Double {
        get throws { screen.width }
    }

    open override func validateForPresentation() throws {
        _ = try requiredConstraint()
    }

    open override func executePresentationAnimation() throws {
        try slide(try requiredConstraint(), distance: try animatedWidth, presenting: true)
    }

    open override func executeDismissalAnimation() throws {
        try slide(try requiredConstraint(), distance: try animatedWidth, presenting: false)
    }

    private func requiredConstraint() throws -> LayoutConstraint {
        try required(try animatedTrailingConstraint, member: "animatedTrailingConstraint",
                     base: "RightPresentViewController",
                     hint: "override it to return the content view's trailing constraint")
    }
}
