import ScrimCore
import ScrimRender

/// Draws a runtime's screen into a frame buffer only when what it shows changed: the live window's renderer, apart
/// from the window so that its cost can be measured (`scripts/bench`).
public final class FrameRenderer {
    /// The pixels of the last frame drawn.
    public let buffer: FrameBuffer
    /// How many frames were drawn (not counting the ones skipped as unchanged).
    public private(set) var renderCount = 0
    private var shown: RenderTree?

    /// A renderer of screens of `size` points at `scale` pixels a point.
    public init(size: Size, scale: Double) throws {
        buffer = try FrameBuffer(size: size, scale: scale)
    }

    /// Draws what `runtime` shows now if it differs from the last frame drawn; true if it drew.
    public func render(_ runtime: Runtime) throws -> Bool {
        let tree = RenderTree(runtime: runtime)
        if let shown, shown.drawsSame(as: tree) { return false }
        try buffer.draw(tree)
        shown = tree
        renderCount += 1
        return true
    }

    /// Forgets the last frame, so that the next `render` draws (a new runtime, lost pixels).
    public func invalidate() {
        shown = nil
    }
}
