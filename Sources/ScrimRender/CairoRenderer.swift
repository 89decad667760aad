import ScrimCore

/// Draws render trees with Cairo: the PNG snapshots (`scrim.snapshot`, `scrim snapshot`, `assert.snapshot`).
///
/// Each view is its rounded rectangle filled with its background colour at its effective alpha, in painting order,
/// over the tree's background (white by default: the window of a snapshot is a sheet of paper, so that a dimming
/// view shows as grey). Text uses Cairo's toy font API (sans-serif, 17 pt, shrunk to fit the view's width),
/// centred, one line per `\n`.
public enum CairoRenderer {
    /// Font size of view text, in points (UIKit's body text).
    public static let fontSize = 17.0

    /// How many views are drawn between two looks at the time budget: drawing is work a script caused, and a
    /// window of tens of thousands of views takes long enough to be stopped by it.
    static let viewsBetweenBudgetChecks = 256

    /// The tree drawn at `scale` pixels a point (default: the tree's own scale, the screen's), stopped with
    /// `TimeBudgetExceeded` once `budget` is spent.
    public static func image(of tree: RenderTree, scale: Double? = nil, budget: TimeBudget = .unlimited) throws -> PixelImage {
        let cairo = try Cairo.shared()
        let surface = try render(tree, scale: scale ?? tree.scale, cairo: cairo, budget: budget)
        defer { cairo.surfaceDestroy(surface) }
        return try cairo.image(of: surface)
    }

    /// Writes the tree as a PNG to `path` (parent directories are created), at `scale` pixels a point; nothing is
    /// written if `budget` is spent before the file is complete (drawing and encoding alike).
    public static func writePNG(_ tree: RenderTree, to path: String, scale: Double? = nil,
                                budget: TimeBudget = .unlimited) throws {
        let cairo = try Cairo.shared()
        let surface = try render(tree, scale: scale ?? tree.scale, cairo: cairo, budget: budget)
        defer { cairo.surfaceDestroy(surface) }
        try PNGFile.write(surface, to: path, cairo: cairo, budget: budget)
    }

    /// The pixel size of the tree drawn at `scale`; throws if that is not a size Cairo can draw.
    public static func pixelSize(of tree: RenderTree, scale: Double) throws -> (width: Int, height: Int) {
        let width = (tree.size.width * scale).rounded(), height = (tree.size.height * scale).rounded()
        guard scale > 0, width.isFinite, height.isFinite, width <= 32767, height <= 32767 else {
            throw RenderError("cannot draw a \(tree.size.width)×\(tree.size.height) point window at scale \(scale) "
                + "(images are at most 32767 pixels across)")
        }
        return (max(1, Int(width)), max(1, Int(height)))
    }

    private static func render(_ tree: RenderTree, scale: Double, cairo: Cairo, budget: TimeBudget) throws -> Cairo.Surface {
        let (width, height) = try pixelSize(of: tree, scale: scale)
        return try makeSurface(width: width, height: height, cairo: cairo) { cr in
            cairo.scale(cr, scale, scale)
            try draw(tree, in: cr, cairo: cairo, budget: budget)
        }
    }

    /// A new ARGB32 surface of `width` × `height` pixels, with `body` drawing into a fresh context on it.
    static func makeSurface(width: Int, height: Int, cairo: Cairo,
                            _ body: (Cairo.Context) throws -> Void) throws -> Cairo.Surface {
        guard width <= 32767, height <= 32767 else {
            throw RenderError("image too large: \(width)×\(height) pixels (Cairo's limit is 32767; use a smaller scale)")
        }
        guard let surface = cairo.imageSurfaceCreate(Cairo.formatARGB32, Int32(width), Int32(height)) else {
            throw RenderError("cairo: cannot create a \(width)×\(height) image")
        }
        var status = cairo.surfaceStatus(surface)
        guard status == 0, let cr = cairo.create(surface) else {
            cairo.surfaceDestroy(surface)
            throw RenderError("cairo: cannot create a \(width)×\(height) image: \(cairo.message(status))")
        }
        do { try body(cr) } catch {
            cairo.destroy(cr)
            cairo.surfaceDestroy(surface)
            throw error
        }
        status = cairo.status(cr)
        cairo.destroy(cr)
        guard status == 0 else {
            cairo.surfaceDestroy(surface)
            throw RenderError("cairo: drawing failed: \(cairo.message(status))")
        }
        return surface
    }

    /// Draws `tree` with its top-left corner at the context's origin, one unit a point; throws the budget's error
    /// once it is spent.
    static func draw(_ tree: RenderTree, in cr: Cairo.Context, cairo: Cairo, budget: TimeBudget) throws {
        let bg = tree.background
        cairo.setSourceRGBA(cr, bg.r, bg.g, bg.b, bg.a)
        cairo.rectangle(cr, 0, 0, tree.size.width, tree.size.height)
        cairo.fill(cr)
        for (index, node) in tree.nodes.enumerated() {
            if index % viewsBetweenBudgetChecks == 0, let exceeded = budget.exceeded() { throw exceeded }
            // A singular matrix would put the whole context into an error state; such a view has no area anyway.
            guard node.transform.inverted != nil else { continue }
            let fill = node.fill
            guard fill != nil || node.text != nil else { continue }
            cairo.save(cr)
            let t = node.transform
            let matrix = [t.xx, t.yx, t.xy, t.yy, t.x0, t.y0]
            matrix.withUnsafeBytes { cairo.transform(cr, $0.baseAddress!) }
            if let fill {
                roundedRectangle(node.size, radius: node.cornerRadius, in: cr, cairo: cairo)
                cairo.setSourceRGBA(cr, fill.r, fill.g, fill.b, fill.a)
                cairo.fill(cr)
            }
            if let text = node.text {
                let color = node.textColor
                cairo.setSourceRGBA(cr, color.r, color.g, color.b, node.alpha)
                drawText(text, centredIn: node.size, size: fontSize, in: cr, cairo: cairo)
            }
            cairo.restore(cr)
        }
    }

    static func roundedRectangle(_ size: Size, radius: Double, in cr: Cairo.Context, cairo: Cairo) {
        let w = size.width, h = size.height, r = radius
        cairo.newPath(cr)
        guard r > 0 else {
            cairo.rectangle(cr, 0, 0, w, h)
            return
        }
        let quarter = Double.pi / 2
        cairo.newSubPath(cr)
        cairo.arc(cr, w - r, r, r, -quarter, 0)
        cairo.arc(cr, w - r, h - r, r, 0, quarter)
        cairo.arc(cr, r, h - r, r, quarter, 2 * quarter)
        cairo.arc(cr, r, r, r, 2 * quarter, 3 * quarter)
        cairo.closePath(cr)
    }

    /// Draws `text` (one line per `\n`) centred in a box of `box` at the origin, in the current source colour,
    /// at `size` points or smaller so that the widest line fits with 4 points to spare on each side.
    static func drawText(_ text: String, centredIn box: Size, size: Double, in cr: Cairo.Context, cairo: Cairo) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        cairo.selectFontFace(cr, "sans-serif", 0, 0)
        cairo.setFontSize(cr, size)
        var widest = 0.0
        for line in lines { widest = max(widest, textExtents(line, cr, cairo).width) }
        var fontSize = size
        let room = box.width - 8
        if widest > room, widest > 0 {
            fontSize = max(6, size * room / widest)
            cairo.setFontSize(cr, fontSize)
        }
        var font = [Double](repeating: 0, count: 5) // ascent, descent, height, max_x_advance, max_y_advance
        font.withUnsafeMutableBytes { cairo.fontExtents(cr, $0.baseAddress!) }
        let ascent = font[0], descent = font[1]
        let lineHeight = ascent + descent
        var baseline = (box.height - lineHeight * Double(lines.count)) / 2 + ascent
        for line in lines {
            let extents = textExtents(line, cr, cairo)
            cairo.moveTo(cr, (box.width - extents.width) / 2 - extents.xBearing, baseline)
            cairo.showText(cr, line)
            baseline += lineHeight
        }
    }

    private static func textExtents(_ text: String, _ cr: Cairo.Context, _ cairo: Cairo)
        -> (xBearing: Double, width: Double) {
        // x_bearing, y_bearing, width, height, x_advance, y_advance
        var extents = [Double](repeating: 0, count: 6)
        extents.withUnsafeMutableBytes { cairo.textExtents(cr, text, $0.baseAddress!) }
        return (extents[0], extents[2])
    }
}
