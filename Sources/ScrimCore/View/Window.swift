/// The root of a view hierarchy and the `window` of every view in it; its coordinates are window coordinates.
open class Window: View {
    /// Applies layout when a view of this window calls `layoutIfNeeded` (the Auto Layout solver plugs in here).
    public var layoutEngine: LayoutEngine?
}
