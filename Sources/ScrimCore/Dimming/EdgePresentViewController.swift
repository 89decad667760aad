/// The seed's dimming base classes in one: the content comes in from `edge` over a dimming view. For the edges,
/// `animatedTarget` is the content view's edge constraint, read as in Interface Builder (`superview.bottom ==
/// content.bottom + constant`, `content.top == superview.top + constant`, `superview.trailing == content.trailing +
/// constant`); presenting animates its constant from `-animatedDistance` (off screen) to 0, dismissing runs it back.
/// For `.center`, `animatedTarget` is a view that fades in (alpha 0 → 1) while growing from `initialScale`.
/// Swift code subclasses the named classes (`BottomPresentViewController`, …), which give these two members their
/// seed names; the scriptable controllers override them under those names from Lua.
open class EdgePresentViewController: DimmingPresentViewController {
    /// The scale `.center` content grows from (and shrinks back to).
    public static let initialScale = 0.8

    public let edge: PresentEdge

    public init(edge: PresentEdge, name: String? = nil) {
        self.edge = edge
        super.init(name: name)
    }

    /// Required: the member named `edge.targetMember` — a `LayoutConstraint`, or a `View` for `.center`.
    open var animatedTarget: AnyObject? {
        get throws { nil }
    }

    /// The member named `edge.distanceMember`: how far off screen the content starts.
    open var animatedDistance: Double {
        get throws { edge.defaultDistance(on: screen) }
    }

    open override func validateForPresentation() throws {
        if edge.animatesView { _ = try requiredTarget(View.self) } else { _ = try requiredTarget(LayoutConstraint.self) }
    }

    open override func executePresentationAnimation() throws {
        guard edge.animatesView else {
            return try slide(try requiredTarget(LayoutConstraint.self), distance: try animatedDistance, presenting: true)
        }
        let content = try requiredTarget(View.self)
        content.alpha = 0
        content.transform = .scale(Self.initialScale)
        try animate(duration: try dimmingTransitioning.animationDuration(presenting: true)) {
            content.alpha = 1
            content.transform = .identity
        }
    }

    open override func executeDismissalAnimation() throws {
        guard edge.animatesView else {
            return try slide(try requiredTarget(LayoutConstraint.self), distance: try animatedDistance, presenting: false)
        }
        let content = try requiredTarget(View.self)
        try animate(duration: try dimmingTransitioning.animationDuration(presenting: false)) {
            content.alpha = 0
            content.transform = .scale(Self.initialScale)
        }
    }

    /// `T` is a class and the target is unwrapped before the cast: Swift 6.3's optimizer drops the nil check of
    /// `AnyObject? as? T` for an unconstrained `T` (a segfault in release builds only; see docs/DESIGN.md).
    private func requiredTarget<T: AnyObject>(_ type: T.Type) throws -> T {
        let target = try animatedTarget.flatMap { $0 as? T }
        return try required(target, member: edge.targetMember, base: edge.className, hint: edge.hint)
    }
}
