// The seed's dimming base classes under their own names, for Swift subclasses: each gives the edge's two members
// of `EdgePresentViewController` their seed names (a subclass overrides `animatedBottomConstraint`, not
// `animatedTarget`). Everything else is the edge's, in `EdgePresentViewController`.

/// Content that slides up from the bottom of the screen (the seed's `BottomPresentBaseViewController`).
open class BottomPresentViewController: EdgePresentViewController {
    public init(name: String? = nil) { super.init(edge: .bottom, name: name) }
    /// Required: the content view's bottom constraint (`superview.bottom == content.bottom + constant`).
    open var animatedBottomConstraint: LayoutConstraint? { get throws { nil } }
    /// How far below its place the content starts: the screen's height × 0.8 by default.
    open var animatedHeight: Double { get throws { edge.defaultDistance(on: screen) } }
    open override var animatedTarget: AnyObject? { get throws { try animatedBottomConstraint } }
    open override var animatedDistance: Double { get throws { try animatedHeight } }
}

/// Content that slides down from the top of the screen.
open class TopPresentViewController: EdgePresentViewController {
    public init(name: String? = nil) { super.init(edge: .top, name: name) }
    /// Required: the content view's top constraint (`content.top == superview.top + constant`).
    open var animatedTopConstraint: LayoutConstraint? { get throws { nil } }
    /// How far above its place the content starts: the screen's height × 0.8 by default.
    open var animatedHeight: Double { get throws { edge.defaultDistance(on: screen) } }
    open override var animatedTarget: AnyObject? { get throws { try animatedTopConstraint } }
    open override var animatedDistance: Double { get throws { try animatedHeight } }
}

/// Content that slides in from the right edge (right to left).
open class RightPresentViewController: EdgePresentViewController {
    public init(name: String? = nil) { super.init(edge: .right, name: name) }
    /// Required: the content view's trailing constraint (`superview.trailing == content.trailing + constant`).
    open var animatedTrailingConstraint: LayoutConstraint? { get throws { nil } }
    /// How far right of its place the content starts: the screen's width by default.
    open var animatedWidth: Double { get throws { edge.defaultDistance(on: screen) } }
    open override var animatedTarget: AnyObject? { get throws { try animatedTrailingConstraint } }
    open override var animatedDistance: Double { get throws { try animatedWidth } }
}

/// Content that appears in place: fades in while growing from `initialScale`.
open class CenterPresentViewController: EdgePresentViewController {
    public init(name: String? = nil) { super.init(edge: .center, name: name) }
    /// Required: the view that fades and scales.
    open var animatedContentView: View? { get throws { nil } }
    open override var animatedTarget: AnyObject? { get throws { try animatedContentView } }
}
