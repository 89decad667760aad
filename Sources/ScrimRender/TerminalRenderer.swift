import ScrimCore

/// Draws a render tree in a truecolor terminal (the REPL's `:screen` and `:play`): each character cell shows two
/// pixels with the upper half block `▀` (foreground = upper pixel, background = lower pixel, 24-bit ANSI colours).
/// Terminal cells are about twice as tall as wide, so the pixels are about square and the picture keeps the
/// screen's aspect ratio, as large as fits in `columns` × `rows`. View text is written into the cells across its
/// view's centre (truncated with `…` to the view's width), unless a view in front covers it.
public enum TerminalRenderer {
    /// The picture of `tree` fitting in `columns` × `rows` character cells.
    public static func render(_ tree: RenderTree, columns: Int, rows: Int) -> TerminalPicture {
        let columns = max(1, columns), rows = max(1, rows)
        guard tree.size.width > 0, tree.size.height > 0, tree.size.width.isFinite, tree.size.height.isFinite else {
            return TerminalPicture(lines: [], columns: 0)
        }
        // One scale for both directions keeps the aspect ratio; the pixel counts round it to whole pixels.
        let scale = max(0, min(Double(columns) / tree.size.width, Double(2 * rows) / tree.size.height))
        let width = Int(clamping: (tree.size.width * scale).rounded(), to: 1...columns)
        let cellRows = Int(clamping: (tree.size.height * scale / 2).rounded(), to: 1...rows)
        let image = SoftwareRasterizer.image(of: tree, width: width, height: cellRows * 2)
        let labels = textCells(of: tree, scaleX: Double(width) / tree.size.width,
                               scaleY: Double(cellRows * 2) / tree.size.height, width: width, rows: cellRows)
        var lines: [String] = []
        lines.reserveCapacity(cellRows)
        for row in 0..<cellRows {
            var line = ""
            var fg: RGBA?, bg: RGBA?
            for column in 0..<width {
                let upper = image[column, 2 * row], lower = image[column, 2 * row + 1]
                if let label = labels[row * width + column] {
                    let under = average(upper, lower)
                    if fg != label.color { line += foreground(label.color); fg = label.color }
                    if bg != under { line += background(under); bg = under }
                    line.append(label.character)
                } else {
                    if fg != upper { line += foreground(upper); fg = upper }
                    if bg != lower { line += background(lower); bg = lower }
                    line += "▀"
                }
            }
            line += reset
            lines.append(line)
        }
        return TerminalPicture(lines: lines, columns: width)
    }

    /// Resets colours: `ESC [0m`.
    public static let reset = "\u{1B}[0m"

    /// `ESC [38;2;R;G;Bm`, a 24-bit foreground colour.
    public static func foreground(_ c: RGBA) -> String { "\u{1B}[38;2;\(c.r);\(c.g);\(c.b)m" }

    /// `ESC [48;2;R;G;Bm`, a 24-bit background colour.
    public static func background(_ c: RGBA) -> String { "\u{1B}[48;2;\(c.r);\(c.g);\(c.b)m" }

    private static func average(_ a: RGBA, _ b: RGBA) -> RGBA {
        RGBA(r: UInt8((Int(a.r) + Int(b.r)) / 2), g: UInt8((Int(a.g) + Int(b.g)) / 2), b: UInt8((Int(a.b) + Int(b.b)) / 2))
    }

    /// The characters of view text, cell by cell (row-major), each with its colour; nil where there is none.
    private static func textCells(of tree: RenderTree, scaleX: Double, scaleY: Double, width: Int, rows: Int)
        -> [(character: Character, color: RGBA)?] {
        var cells = [(character: Character, color: RGBA)?](repeating: nil, count: width * rows)
        guard scaleX > 0, scaleY > 0, scaleX.isFinite, scaleY.isFinite else { return cells }
        for (index, node) in tree.nodes.enumerated() {
            guard let text = node.text else { continue }
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            let room = Int(clamping: (node.frame.width * scaleX).rounded(.down), to: 0...width)
            guard room >= 1 else { continue }
            let centre = node.transform.apply(Point(x: node.size.width / 2, y: node.size.height / 2))
            // Text of a far-off view lands on no row or column; the clamped index keeps the arithmetic in range.
            let centreRow = Int(clamping: (centre.y * scaleY / 2).rounded(.down), to: -(1 << 40)...(1 << 40))
            let color = PixelImage.pixel(node.textColor)
            for (k, line) in lines.enumerated() {
                let row = centreRow - (lines.count - 1) / 2 + k
                guard row >= 0, row < rows else { continue }
                var characters = Array(line)
                if characters.count > room { characters = Array(characters.prefix(room - 1)) + ["…"] }
                let start = Int(clamping: (centre.x * scaleX - Double(characters.count) / 2).rounded(),
                                to: -(1 << 40)...(1 << 40))
                for (i, character) in characters.enumerated() {
                    let column = start + i
                    guard column >= 0, column < width else { continue }
                    let point = Point(x: (Double(column) + 0.5) / scaleX, y: (Double(row) + 0.5) * 2 / scaleY)
                    if coveredInFront(of: index, at: point, in: tree) { continue }
                    cells[row * width + column] = (character, color)
                }
            }
        }
        return cells
    }

    /// Whether a mostly opaque view painted after node `index` covers `point`.
    private static func coveredInFront(of index: Int, at point: Point, in tree: RenderTree) -> Bool {
        for node in tree.nodes[(index + 1)...] {
            if let fill = node.fill, fill.a >= 0.5, node.contains(point) { return true }
        }
        return false
    }
}

/// A picture for the terminal: lines of half-block characters with ANSI colour escapes, each ending in a reset.
public struct TerminalPicture: Equatable {
    /// One string per row of cells, without a newline.
    public var lines: [String]
    /// How many cells wide the picture is.
    public var columns: Int

    /// How many rows of cells tall the picture is.
    public var rows: Int { lines.count }

    /// The lines, each followed by a newline: what `:screen` prints.
    public var text: String { lines.map { $0 + "\n" }.joined() }

    /// Moves the cursor up over a picture of the same height printed just before, then prints this one over it:
    /// what `:play` prints for each frame after the first.
    public var redrawingPrevious: String { "\u{1B}[\(rows)A" + text }
}
