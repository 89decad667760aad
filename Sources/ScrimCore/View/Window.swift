/// The root of a view hierarchy and the `window` of every view in it; its coordinates are window coordinates.
open class Window: View {
    /// Applies layout when a view of this window calls `layoutIfNeeded` (the Auto Layout solver plugs in here).
    /// Weak: the engine refers back to the window's views, and whoever installs it (the runtime) owns it.
    public weak var layoutEngine: LayoutEngine?

    /// Runs a layout pass later (the runtime queues it for the next turn of its run loop); nil: only explicit
    /// `layoutIfNeeded` calls lay out.
    public var layoutPassScheduler: (() -> Void)?
    private var isLayoutPassScheduled = false

    /// Asks for one layout pass at the next turn: views that `setNeedsLayout`, and the layout engine when
    /// constraints or frames it solves change. Calls before that pass runs share it.
    public func scheduleLayoutPass() {
        guard !isLayoutPassScheduled, let scheduler = layoutPassScheduler else { return }
        isLayoutPassScheduled = true
        scheduler()
    }

    /// The scheduled pass: `layoutIfNeeded()` (cheap when nothing changed since).
    public func runScheduledLayoutPass() {
        isLayoutPassScheduled = false
        layoutIfNeeded()
    }
}
