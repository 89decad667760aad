import ScrimCore

/// One Cairo image kept from frame to frame, that render trees are drawn into (the live window, recordings):
/// no allocation per frame and no conversion of pixels, which stay in Cairo's ARGB32 layout (premultiplied,
/// native-endian 0xAARRGGBB words: bytes B, G, R, A on this little-endian machine).
public final class FrameBuffer {
    /// Size in pixels.
    public let width: Int
    public let height: Int
    /// Pixels a point.
    public let scale: Double
    /// Bytes from one row to the next.
    public let stride: Int
    private let cairo: Cairo
    let surface: Cairo.Surface

    /// A buffer for trees of `size` points drawn at `scale` pixels a point.
    public init(size: Size, scale: Double) throws {
        let cairo = try Cairo.shared()
        let tree = RenderTree(size: size, scale: scale)
        let (width, height) = try CairoRenderer.pixelSize(of: tree, scale: scale)
        surface = try CairoRenderer.makeSurface(width: width, height: height, cairo: cairo) { _ in }
        self.cairo = cairo
        self.width = width
        self.height = height
        self.scale = scale
        stride = Int(cairo.imageSurfaceGetStride(surface))
    }

    deinit { cairo.surfaceDestroy(surface) }

    /// Draws `tree` over the whole buffer (what was there before is cleared first); throws the budget's error once
    /// it is spent.
    public func draw(_ tree: RenderTree, budget: TimeBudget = .unlimited) throws {
        cairo.surfaceFlush(surface)
        if let data = cairo.imageSurfaceGetData(surface) { data.initialize(repeating: 0, count: stride * height) }
        cairo.surfaceMarkDirty(surface)
        guard let cr = cairo.create(surface) else { throw RenderError("cairo: cannot draw into a \(width)×\(height) image") }
        defer { cairo.destroy(cr) }
        cairo.scale(cr, scale, scale)
        try CairoRenderer.draw(tree, in: cr, cairo: cairo, budget: budget)
        let status = cairo.status(cr)
        guard status == 0 else { throw RenderError("cairo: drawing failed: \(cairo.message(status))") }
        cairo.surfaceFlush(surface)
    }

    /// Calls `body` with the pixels (`stride` bytes a row, `height` rows) as they are now.
    public func withPixels<T>(_ body: (UnsafeRawPointer) throws -> T) throws -> T {
        guard let data = cairo.imageSurfaceGetData(surface) else { throw RenderError("cairo: image has no pixels") }
        return try body(UnsafeRawPointer(data))
    }

    /// The pixels as a `PixelImage` (straight alpha, RGBA).
    public func image() throws -> PixelImage {
        try cairo.image(of: surface)
    }

    /// Writes the pixels as a PNG to `path`.
    public func writePNG(to path: String) throws {
        try PNGFile.write(surface, to: path, cairo: cairo)
    }
}

extension RenderTree {
    /// An empty tree of `size` points (only its size and scale matter).
    init(size: Size, scale: Double) {
        self.init(window: View(name: nil, frame: Rect(x: 0, y: 0, width: size.width, height: size.height)), scale: scale)
    }
}
