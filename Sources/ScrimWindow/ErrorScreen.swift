import ScrimCore
import ScrimRender

/// What the window shows after an error instead of closing (LÖVE's blue screen, Flutter's red one): what was
/// running, the message with its file:line, and the traceback, over the frame the scene last drew, with how to go on.
struct ErrorScreen: Equatable {
    /// As `scrim run` prints it: `error in CONTEXT: FILE:LINE: message`, then the traceback's lines.
    let text: String

    static let background = Color(r: 0.45, g: 0.03, b: 0.05, a: 0.9)
    static let footer = "save the file or press R to reload · click to look at the app · Esc quits"

    func paint(_ painter: OverlayPainter, size: Size) {
        painter.fill(Rect(x: 0, y: 0, width: size.width, height: size.height), ErrorScreen.background)
        let margin = 8.0, width = size.width - 2 * margin
        let body = max(7, min(12, size.width / 36))
        var y = painter.text("Error", at: Point(x: margin, y: margin), width: width, size: body * 1.4, color: .white)
        let footerHeight = painter.cell(size: body).line * Double(footerLines(width: width, painter, body) + 1)
        y = painter.text(ErrorScreen.strip(text), at: Point(x: margin, y: y + body / 2), width: width,
                         maxY: size.height - margin - footerHeight, size: body, color: .white)
        painter.text(ErrorScreen.footer, at: Point(x: margin, y: size.height - margin - footerHeight + body), width: width,
                     size: body, color: Color(r: 1, g: 0.8, b: 0.8))
    }

    private func footerLines(width: Double, _ painter: OverlayPainter, _ size: Double) -> Int {
        let columns = max(1, Int(width / painter.cell(size: size).width))
        return (ErrorScreen.footer.count + columns - 1) / columns
    }

    /// The report without the `scrim: ` its terminal line starts with.
    static func strip(_ text: String) -> String {
        text.hasPrefix("scrim: ") ? String(text.dropFirst(7)) : text
    }
}
