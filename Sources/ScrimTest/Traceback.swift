import ScrimLua

/// Tracebacks as a person wants them after a failing test: the spec's frames only (as busted's, which end at the
/// first C frame) — unless `--trace-internals` or `--verbose` asked for all of them.
enum Traceback {
    /// Drops the frames of C functions and of Scrim's own Lua (the test library's and the runtime's embedded
    /// chunks); nil when nothing is left.
    static func trimmed(_ traceback: String) -> String? {
        let frames = traceback.split(separator: "\n").dropFirst().filter { line in
            let frame = line.drop(while: { $0 == "\t" || $0 == " " })
            let file = frame.prefix(while: { $0 != ":" })
            return !frame.hasPrefix("[C]") && !frame.hasPrefix("(...tail calls...)")
                && !(frame.dropFirst(file.count).first == ":" && EmbeddedLua.isLoadedChunk(String(file)))
        }
        guard !frames.isEmpty else { return nil }
        return "stack traceback:\n" + frames.joined(separator: "\n")
    }

    /// The traceback a report shows: trimmed, or whole when `options` ask for Scrim's frames.
    static func shown(_ traceback: String, _ options: TestOptions) -> String? {
        options.showsInternalFrames ? (traceback.isEmpty ? nil : traceback) : trimmed(traceback)
    }

    /// `lib.runtimeChunks[source]` for the test library (the table's `__index`): whether a chunk name (`@class.lua`)
    /// is Scrim's own Lua. The answer is kept in the table — a chunk cannot be on a stack before it is loaded — so a
    /// source is asked about once, and an error handler that runs short of memory finds it without a call.
    static let isRuntimeChunk = HostFunction("runtimeChunks") { call in
        guard let table = try? call.table(1), case .string(let source) = call.state.value(at: 2) else { return call.push(false) }
        let isScrims = source.hasPrefix("@") && EmbeddedLua.isLoadedChunk(String(source.dropFirst()))
        call.state.setField(table, source, isScrims)
        return call.push(isScrims)
    }
}
