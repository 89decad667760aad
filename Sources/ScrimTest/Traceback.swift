import ScrimLua

/// Tracebacks as a person wants them after a failing test: the spec's frames only.
enum Traceback {
    /// The chunk names of the runtime's own Lua (`scrim.class`), whose frames are Scrim's, not the spec's.
    static let runtimeChunks: [String] = [ClassPrelude.chunk.fileName]

    /// Drops the frames of C functions, of the test library ("[scrim …]" chunks) and of the runtime's Lua; nil when
    /// nothing is left.
    static func trimmed(_ traceback: String) -> String? {
        let frames = traceback.split(separator: "\n").dropFirst().filter { line in
            let frame = line.drop(while: { $0 == "\t" || $0 == " " })
            let file = frame.prefix(while: { $0 != ":" })
            return !frame.hasPrefix("[C]") && !frame.hasPrefix("[scrim") && !frame.hasPrefix("(...tail calls...)")
                && !(frame.dropFirst(file.count).first == ":" && runtimeChunks.contains(String(file)))
        }
        guard !frames.isEmpty else { return nil }
        return "stack traceback:\n" + frames.joined(separator: "\n")
    }
}
