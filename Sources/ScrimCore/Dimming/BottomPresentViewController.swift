/// The seed's `BottomPresentBaseViewController`: content that slides up from the bottom of the screen over a
/// dimming view. Override `animatedBottomConstraint` with the content view's bottom constraint, read as in
/// Interface Builder: `superview.bottom == content.bottom + constant`; presenting animates its constant from
/// `-animatedHeight` (off screen) to 0, dismissing runs it back.
open class BottomPresentViewController: DimmingPresentViewController {
    /// Required: the content view's bottom constraint.
    open var animatedBottomConstraint: LayoutConstraint? {
        get throws { nil }
    }

    /// How far below its place the content starts: the screen's height × 0.8 by default.
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
        try required(try animatedBottomConstraint, member: "animatedBottomConstraint",
                     base: "BottomPresentViewController",
                     hint: "override it to return the content view's bottom constraint")
    }
}
