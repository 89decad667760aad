/// Tracebacks as a person wants them after a failing test: the spec's frames only.
enum Traceback {
    /// Drops the frames of C functions and of the test library ("[scrim …]" chunks); nil when nothing is left.
    static func trimmed(_ traceback: String) -> String? {
        let frames = traceback.split(separator: "\n").dropFirst().filter { line in
            let frame = line.drop(while: { $0 == "\t" || $0 == " " })
            return !frame.hasPrefix("[C]") && !frame.hasPrefix("[scrim") && !frame.hasPrefix("(...tail calls...)")
        }
        guard !frames.isEmpty else { return nil }
        return "stack traceback:\n" + frames.joined(separator: "\n")
    }
}
