import ScrimCore

/// Draws what the live window lays over a frame (its error screen, frame-time overlay, inspector): filled
/// rectangles and monospaced text, in points, on top of the pixels a `FrameBuffer` holds.
public struct OverlayPainter {
    fileprivate let cr: Cairo.Context
    fileprivate let cairo: Cairo

    /// Fills `rect` with `color` (its alpha blends it over what is there).
    public func fill(_ rect: Rect, _ color: Color) {
        cairo.setSourceRGBA(cr, color.r, color.g, color.b, color.a)
        cairo.rectangle(cr, rect.x, rect.y, rect.width, rect.height)
        cairo.fill(cr)
    }

    /// The outline of `rect`, `width` points wide inside it.
    public func outline(_ rect: Rect, _ color: Color, width: Double = 1) {
        fill(Rect(x: rect.x, y: rect.y, width: rect.width, height: width), color)
        fill(Rect(x: rect.x, y: rect.maxY - width, width: rect.width, height: width), color)
        fill(Rect(x: rect.x, y: rect.y + width, width: width, height: max(0, rect.height - 2 * width)), color)
        fill(Rect(x: rect.maxX - width, y: rect.y + width, width: width, height: max(0, rect.height - 2 * width)), color)
    }

    /// Width of one character of the monospaced font at `size` points, and the height of a line.
    public func cell(size: Double) -> (width: Double, line: Double) {
        setFont(size)
        var font = [Double](repeating: 0, count: 5) // ascent, descent, height, max_x_advance, max_y_advance
        font.withUnsafeMutableBytes { cairo.fontExtents(cr, $0.baseAddress!) }
        var extents = [Double](repeating: 0, count: 6) // x_bearing, y_bearing, width, height, x_advance, y_advance
        extents.withUnsafeMutableBytes { cairo.textExtents(cr, "M", $0.baseAddress!) }
        return (max(extents[4], 1), max(font[0] + font[1], 1))
    }

    /// Writes `text` from `origin` (the top left of its first line) down, each line wrapped at `width` points and
    /// nothing below `maxY`; returns the y below the last line written.
    @discardableResult
    public func text(_ text: String, at origin: Point, width: Double, maxY: Double = .infinity, size: Double,
                     color: Color) -> Double {
        let cell = cell(size: size)
        let columns = max(1, Int(width / cell.width))
        cairo.setSourceRGBA(cr, color.r, color.g, color.b, color.a)
        var y = origin.y
        for line in OverlayPainter.wrap(text, columns: columns) {
            guard y + cell.line <= maxY else { break }
            cairo.moveTo(cr, origin.x, y + cell.line * 0.8)
            cairo.showText(cr, line)
            y += cell.line
        }
        return y
    }

    /// `text`'s lines, tabs as two spaces, each cut into pieces of at most `columns` characters.
    static func wrap(_ text: String, columns: Int) -> [String] {
        var lines: [String] = []
        for line in text.replacingTabs().split(separator: "\n", omittingEmptySubsequences: false) {
            var rest = Substring(line)
            repeat {
                lines.append(String(rest.prefix(columns)))
                rest = rest.dropFirst(columns)
            } while !rest.isEmpty
        }
        return lines
    }

    private func setFont(_ size: Double) {
        cairo.selectFontFace(cr, "monospace", 0, 0)
        cairo.setFontSize(cr, size)
    }
}

extension FrameBuffer {
    /// Paints over the pixels there now with `body`, one unit a point.
    public func paintOver(_ body: (OverlayPainter) -> Void) throws {
        let cairo = try Cairo.shared()
        guard let cr = cairo.create(surface) else { throw RenderError("cairo: cannot draw into a \(width)×\(height) image") }
        defer { cairo.destroy(cr) }
        cairo.scale(cr, scale, scale)
        body(OverlayPainter(cr: cr, cairo: cairo))
        cairo.surfaceFlush(surface)
    }
}

private extension String {
    func replacingTabs() -> String {
        split(separator: "\t", omittingEmptySubsequences: false).joined(separator: "  ")
    }
}
