import ScrimCore
import ScrimRender

/// The `I` inspector: the view under the pointer — the one a tap there would reach, by the same hit-testing — is
/// outlined with its name, class, frame and constraints; a click prints that and does not tap.
struct Inspector {
    private weak var hovered: View?
    /// The pointer, in screen points.
    private var pointer: Point?

    /// The pointer moved to `point` (nil: it left the frame).
    mutating func hover(at point: Point?, in runtime: Runtime) {
        pointer = point
        hovered = point.flatMap { runtime.window.hitTest($0) }
    }

    /// The scene moved under a still pointer (a sheet slid in): the view there now.
    mutating func refresh(in runtime: Runtime) {
        hover(at: pointer, in: runtime)
    }

    /// What a click at `point` prints: the view's line of `scrim.tree()`, then its constraints, one a line.
    func report(at point: Point, in runtime: Runtime) -> String {
        guard let view = runtime.window.hitTest(point) else {
            return "inspector: nothing at (\(FrameStats.format(point.x)), \(FrameStats.format(point.y)))"
        }
        return Inspector.lines(of: view).joined(separator: "\n")
    }

    /// What the overlay draws now, to tell when it changed: the view and where it is.
    func state() -> String {
        guard let hovered else { return "inspecting" }
        return "inspecting \(ObjectIdentifier(hovered).hashValue) \(hovered.convert(hovered.bounds, to: nil))"
    }

    func paint(_ painter: OverlayPainter, size: Size) {
        guard let hovered else {
            painter.text("inspector: point at a view", at: Point(x: 4, y: 4), width: size.width - 8, size: 10,
                         color: Color(r: 0.9, g: 0.2, b: 0.6))
            return
        }
        let frame = hovered.convert(hovered.bounds, to: nil)
        let accent = Color(r: 0.9, g: 0.2, b: 0.6)
        painter.fill(frame, Color(r: 0.9, g: 0.2, b: 0.6, a: 0.15))
        painter.outline(frame, accent, width: 2)
        // The label below the view, or above it when the view reaches the bottom.
        let text = Inspector.lines(of: hovered).prefix(6).joined(separator: "\n")
        let cell = painter.cell(size: 10)
        let width = size.width - 8
        let columns = max(1, Int(width / cell.width))
        let lineCount = text.split(separator: "\n", omittingEmptySubsequences: false)
            .reduce(0) { $0 + max(1, ($1.count + columns - 1) / columns) }
        let height = Double(lineCount) * cell.line + 6
        var y = frame.maxY + 4
        if y + height > size.height { y = max(0, frame.minY - height - 4) }
        painter.fill(Rect(x: 2, y: y, width: size.width - 4, height: height), Color(r: 0.1, g: 0.05, b: 0.1, a: 0.85))
        painter.text(text, at: Point(x: 4, y: y + 3), width: width, size: 10, color: .white)
    }

    static func lines(of view: View) -> [String] {
        let constraints = view.constraints
        guard !constraints.isEmpty else { return [Runtime.treeLine(view)] }
        return [Runtime.treeLine(view), "constraints:"] + constraints.map { "  \($0.description)" }
    }
}
