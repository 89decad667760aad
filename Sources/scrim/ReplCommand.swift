import Glibc
import ScrimCore
import ScrimLua
import ScrimPlugins
import ScrimWindow

/// `scrim repl [options] [FILE [args…]]`: the interactive session on a terminal, or, when standard input is
/// not one, each complete statement of the input run as it comes (exit status 1 if any failed).
enum ReplCommand {
    static let plugins = Option("plugins", value: "DIR", help: """
        load the plugins in DIR (or @NAME, bundled) first (repeatable); then
        SCRIM_PLUGIN_PATH, then ./plugins. :reload PLUGIN re-runs one in place
        (its live objects get the new code)
        """)

    static let command = Command(
        path: ["repl"], usage: ["[options] [FILE|DIR [args…]]"],
        summary: "interactive Lua with the Scrim module (runs FILE, or DIR/main.lua, first)",
        about: """
            An interactive Lua 5.4 session with the Scrim module. FILE, if given, runs first (an error is shown
            and the session goes on), as `scrim run` runs it (a folder DIR runs DIR/main.lua, with DIR on
            package.path and DIR/plugins on the plugin path); its globals are then at hand. An expression shows its value (several
            values tab-separated; tables and Scrim objects one level deep, keys sorted; views as tostring shows
            them); an unfinished chunk continues on a '>> ' line; an error shows its message and traceback.

            On a terminal: line editing (libedit, ~/.editrc), history kept in $XDG_STATE_HOME/scrim/history
            (else ~/.local/state/scrim/history), Tab completion of globals, fields and methods, Ctrl-C stops a
            running chunk or clears the line, Ctrl-D leaves. Commands (:help lists them): :tree, :advance S,
            :settle, :screen, :play [S], :snapshot FILE, :record FILE S, :reload [PLUGIN], :watch on|off, :quit.

            With --window the runtime is also shown live in a desktop window, its clock in real time: statements
            run between its frames, on the same thread, and what they change shows at the next frame; closing
            the window (or Esc, or :quit) ends the session. R in the window does what :reload does; errors from
            the script, callbacks and reloads show on the window's error screen; saved files reload as under
            :watch on (a plugin in place, its state kept; the script afresh).

            When standard input is not a terminal there are no prompts, colours or editing: each complete
            statement runs as it arrives and its results are printed; the exit status is 1 if any statement
            or command failed (or a callback reported an error), else 0.
            """,
        options: [RuntimeFlags.timeout, RuntimeFlags.maxMemory, RuntimeFlags.screen, RuntimeFlags.device, plugins, WindowFlags.window,
                  WindowFlags.scale, RuntimeFlags.traceInternals, RuntimeFlags.noBytecode],
        operands: .endOptions,
        notes: "Time is virtual and moves only with scrim.advance, scrim.settle, :advance, :settle and :play\n"
            + "(and with the wall clock while a --window is open).",
        run: main)

    static func main(_ parsed: ParsedArguments) throws -> Int32 {
        var options = RuntimeOptions()
        try RuntimeFlags.apply(parsed, to: &options)
        let pluginDirectories = try RuntimeFlags.pluginDirectories(parsed)
        if parsed.operands.first?.text == "-", parsed.dashDashAt == nil {
            throw parsed.command.usageError("the REPL reads standard input itself; give a script file")
        }
        let before = (["scrim", "repl"].map { Array($0.utf8) }) + parsed.wordsBeforeOperands.map(\.bytes)
        let script = parsed.operands.first.map {
            ReplSession.Script(path: $0.text, arguments: parsed.operands.dropFirst().map(\.bytes), before: before)
        }
        let plugins = PluginSearchPath.standard(flags: pluginDirectories + (script?.plan.plugins ?? []))
        let interactive = isatty(0) != 0
        if interactive { setlocale(LC_CTYPE, "") }
        let flags = try WindowFlags(parsed)
        let session = try ReplSession(options: options, script: script, interactive: interactive,
                                  colours: interactive && ReplSession.wantsColours(), plugins: plugins)
        // The window opens before the script runs, so that what it starts is seen from time 0.
        try openWindow(flags, for: session)
        if interactive { showBanner(session) }
        session.start()
        // With a window, saved files reload from the start, as :watch on makes them.
        if session.window != nil { session.watch() }
        return enter(session)
    }

    /// The session's loop: the terminal's when it is interactive, else the piped one (either pumping the session's
    /// window, if it has one, while they wait).
    static func enter(_ session: ReplSession) -> Int32 {
        session.interactive ? interactive(session) : piped(session)
    }

    /// The live window of `--window` on the session's runtime, kept as `session.window`; it follows the session
    /// across `:reload`, and R does what `:reload` does.
    private static func openWindow(_ flags: WindowFlags, for session: ReplSession) throws {
        guard let window = try flags.open(session.runtime, name: session.script?.path ?? "repl") else { return }
        window.reload = { [unowned session] in session.reload() }
        window.beforeEntry = { [unowned session] in session.runtime.state.restartTimeBudget() }
        session.onError = { [unowned window] text in window.showError(text) }
        session.onRecovered = { [unowned window] text in
            window.recovered()
            window.announce(text)
        }
        session.recordingScale = window.scale
        session.isLive = true
        session.window = window
        // Each frame, whoever pumps (the line editor, the piped input, :play, the wait after the input's end): a
        // saved file reloaded, the session's runtime shown.
        window.beforeFrame = { [unowned session, unowned window] in
            if session.watchedFilesChanged() { session.reloadWatched() }
            window.runtime = session.runtime.core
        }
    }

    /// The first line on a terminal, before the script runs.
    static func showBanner(_ session: ReplSession) {
        session.write("Scrim \(LuaRuntime.version) (\(LuaRuntime.luaVersion)); :help for commands, Ctrl-D to leave\n")
    }

    /// On a terminal: prompts, line editing, history, completion, Ctrl-C; Ctrl-D or `:quit` leaves with 0.
    static func interactive(_ session: ReplSession) -> Int32 {
        setlocale(LC_CTYPE, "")
        Interrupts.install()
        guard let editor = LineEditor(historyPath: HistoryFile.path()) else {
            printError("scrim: cannot start line editing on this terminal")
            return 1
        }
        editor.complete = { [unowned session] word in session.console.completions(for: word) }
        editor.idleCheck = { [unowned session] in session.watchedFilesChanged() }
        editor.idleAction = { [unowned session] in session.reloadWatched() }
        // A save is acted on at the first look after it settled (the watcher's own interval).
        editor.idleInterval = FileWatcher.settleInterval
        if let window = session.window {
            editor.tick = { [unowned window] in window.pump() }
            editor.tickInterval = window.frameInterval
        }
        var lines: [[UInt8]] = []
        while true {
            if lines.isEmpty, session.watchedFilesChanged() { session.reloadWatched() }
            switch editor.readLine(prompt: lines.isEmpty ? "scrim> " : ">> ") {
            case .end:
                return 0
            case .cancelled:
                lines = []
            case .line(let line):
                if lines.isEmpty, let command = metaCommand(line) {
                    editor.addHistory(line)
                    if !session.perform(command) { return 0 }
                    continue
                }
                lines.append(line)
                let chunk = joined(lines)
                if session.submit(chunk) == .done {
                    editor.addHistory(chunk)
                    lines = []
                }
            }
        }
    }

    /// Standard input is not a terminal: no prompts, colours or editing; lines are gathered until they make a
    /// complete chunk, which then runs. Exit status 1 if any statement or command failed.
    static func piped(_ session: ReplSession) -> Int32 {
        let window = session.window
        var lines: [[UInt8]] = []
        var input = window.map { window in StandardInputLines(tick: { window.pump() }, interval: window.frameInterval) }
        var quit = false
        while let line = input != nil ? input?.next() : readLineBytes() {
            if lines.isEmpty {
                if line.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "\r") }) {
                    continue
                }
                if let command = metaCommand(line) {
                    quit = !session.perform(command)
                    if quit { break }
                    continue
                }
            }
            lines.append(line)
            if session.submit(joined(lines)) == .done { lines = [] }
        }
        if !lines.isEmpty { _ = session.submit(joined(lines), final: true) }
        if let window {
            // `:quit` ends the session, window and all; the end of the input leaves the window open until it is closed.
            if quit {
                window.close()
            } else if input?.stopped == false {
                window.run()
            }
        }
        return session.failures > 0 ? 1 : 0
    }

    /// The line as a meta command (`:tree`), or nil for Lua. Meta commands are text; Lua stays bytes.
    private static func metaCommand(_ line: [UInt8]) -> String? {
        let text = String(decoding: line, as: UTF8.self)
        return MetaCommand.isMetaCommand(text) ? text : nil
    }

    private static func joined(_ lines: [[UInt8]]) -> [UInt8] {
        Array(lines.joined(separator: [UInt8(ascii: "\n")]))
    }

    /// One line of standard input without its newline, byte for byte (Swift's readLine would repair invalid UTF-8);
    /// nil at the end.
    private static func readLineBytes() -> [UInt8]? {
        var buffer: UnsafeMutablePointer<CChar>?
        var capacity = 0
        defer { free(buffer) }
        let count = getline(&buffer, &capacity, standardInput)
        guard count >= 0, let buffer else { return nil }
        var line = buffer.withMemoryRebound(to: UInt8.self, capacity: count) { Array(UnsafeBufferPointer(start: $0, count: count)) }
        if line.last == UInt8(ascii: "\n") { line.removeLast() }
        return line
    }
}
