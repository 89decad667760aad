/// The root of a view hierarchy and the `window` of every view in it; its coordinates are window coordinates.
open class Window: View {
    /// Applies layout when a view of this window calls `layoutIfNeeded` (the Auto Layout solver plugs in here).
    /// Weak: the engine refers back to the window's views, and whoever installs it (the runtime) owns it.
    public weak var layoutEngine: LayoutEngine?
}
