import ScrimCore

/// How a command reports Swift-side work (settling in real time, drawing, encoding) stopped by the run's budget:
/// with the words a script stopped by it gets (`scrim: timeout: exceeded the time budget of 2 s`), and what was
/// being done when it ran out.
extension TimeBudgetExceeded {
    func commandLineText(doing: String? = nil) -> String {
        let kind = message.hasPrefix("exceeded") ? "timeout: " : ""
        return "scrim: \(kind)\(message)" + (doing.map { " (\($0))" } ?? "")
    }
}
