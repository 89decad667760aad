/// Something that computes frames, such as the Cassowary Auto Layout solver; a window's `layoutEngine`.
public protocol LayoutEngine: AnyObject {
    /// Brings the frames of `view`'s hierarchy up to date by assigning them through `View.frame`, so that frame
    /// changes made inside an animation block animate. Called by `view.layoutIfNeeded()`.
    func layoutIfNeeded(_ view: View)

    /// `view` (with its subviews) was added to, removed from or moved within this engine's window.
    func viewDidMove(_ view: View)

    /// `constraint`, whose views are in `window` (this engine's), was activated.
    func constraintDidActivate(_ constraint: LayoutConstraint, in window: Window)
}

extension LayoutEngine {
    public func viewDidMove(_ view: View) {}
    public func constraintDidActivate(_ constraint: LayoutConstraint, in window: Window) {}
}
