import Glibc
import ScrimCore
import ScrimLua
import ScrimPlugins

/// `scrim repl [options] [FILE [args…]]`: the interactive session on a terminal, or, when standard input is
/// not one, each complete statement of the input run as it comes (exit status 1 if any failed).
enum ReplCommand {
    static let plugins = Option("plugins", value: "DIR", help: """
        load the plugins in DIR first (repeatable); then SCRIM_PLUGIN_PATH, then
        ./plugins. :reload PLUGIN re-runs one in place (its live objects get the new code)
        """)

    static let command = Command(
        path: ["repl"], usage: ["[options] [FILE [args…]]"],
        summary: "interactive Lua with the Scrim module (runs FILE first)",
        about: """
            An interactive Lua 5.4 session with the Scrim module. FILE, if given, runs first (an error is shown
            and the session goes on); its globals are then at hand. An expression shows its value (several
            values tab-separated; tables and Scrim objects one level deep, keys sorted; views as tostring shows
            them); an unfinished chunk continues on a '>> ' line; an error shows its message and traceback.

            On a terminal: line editing (libedit, ~/.editrc), history kept in $XDG_STATE_HOME/scrim/history
            (else ~/.local/state/scrim/history), Tab completion of globals, fields and methods, Ctrl-C stops a
            running chunk or clears the line, Ctrl-D leaves. Commands (:help lists them): :tree, :advance S,
            :settle, :screen, :play [S], :snapshot FILE, :reload [PLUGIN], :watch on|off, :quit.

            When standard input is not a terminal there are no prompts, colours or editing: each complete
            statement runs as it arrives and its results are printed; the exit status is 1 if any statement
            or command failed (or a callback reported an error), else 0.
            """,
        options: [RuntimeFlags.timeout, RuntimeFlags.maxMemory, RuntimeFlags.screen, plugins],
        operands: .endOptions,
        notes: "Time is virtual and moves only with scrim.advance, scrim.settle, :advance, :settle and :play.",
        run: main)

    static func main(_ parsed: ParsedArguments) throws -> Int32 {
        var options = RuntimeOptions()
        try RuntimeFlags.apply(parsed, to: &options)
        let pluginDirectories = try RuntimeFlags.pluginDirectories(parsed)
        if parsed.operands.first?.text == "-", parsed.dashDashAt == nil {
            throw parsed.command.usageError("the REPL reads standard input itself; give a script file")
        }
        let rest = parsed.operands.map(\.text)
        let before = ["scrim", "repl"] + parsed.wordsBeforeOperands.map(\.text)
        let script = rest.first.map {
            ReplSession.Script(path: $0, arguments: Array(rest.dropFirst()), before: before)
        }
        let plugins = PluginSearchPath.standard(flags: pluginDirectories)
        if isatty(0) != 0 {
            return interactive(options: options, script: script, plugins: plugins)
        }
        return piped(options: options, script: script, plugins: plugins)
    }

    /// On a terminal: banner, prompts, line editing, history, completion, Ctrl-C; Ctrl-D or `:quit` leaves with 0.
    static func interactive(options: RuntimeOptions, script: ReplSession.Script?, plugins: PluginSearchPath) -> Int32 {
        setlocale(LC_CTYPE, "")
        let session = ReplSession(options: options, script: script, interactive: true, colours: wantsColours(), plugins: plugins)
        Interrupts.install()
        session.write("Scrim \(LuaRuntime.version) (\(LuaRuntime.luaVersion)); :help for commands, Ctrl-D to leave\n")
        session.start()
        guard let editor = LineEditor(historyPath: HistoryFile.path()) else {
            printError("scrim: cannot start line editing on this terminal")
            return 1
        }
        editor.complete = { [unowned session] word in session.console.completions(for: word) }
        editor.idleCheck = { [unowned session] in session.watchedFilesChanged() }
        editor.idleAction = { [unowned session] in session.reload() }
        var lines: [String] = []
        while true {
            if lines.isEmpty, session.watchedFilesChanged() { session.reload() }
            switch editor.readLine(prompt: lines.isEmpty ? "scrim> " : ">> ") {
            case .end:
                return 0
            case .cancelled:
                lines = []
            case .line(let line):
                if lines.isEmpty, MetaCommand.isMetaCommand(line) {
                    editor.addHistory(line)
                    if !session.perform(line) { return 0 }
                    continue
                }
                lines.append(line)
                let chunk = lines.joined(separator: "\n")
                if session.submit(chunk) == .done {
                    editor.addHistory(chunk)
                    lines = []
                }
            }
        }
    }

    /// Standard input is not a terminal: no prompts, colours or editing; lines are gathered until they make a
    /// complete chunk, which then runs. Exit status 1 if any statement or command failed.
    static func piped(options: RuntimeOptions, script: ReplSession.Script?, plugins: PluginSearchPath) -> Int32 {
        let session = ReplSession(options: options, script: script, interactive: false, colours: false, plugins: plugins)
        session.start()
        var lines: [String] = []
        while let line = readLine(strippingNewline: true) {
            if lines.isEmpty {
                if line.allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\r" }) { continue }
                if MetaCommand.isMetaCommand(line) {
                    if !session.perform(line) { break }
                    continue
                }
            }
            lines.append(line)
            if session.submit(lines.joined(separator: "\n")) == .done { lines = [] }
        }
        if !lines.isEmpty { _ = session.submit(lines.joined(separator: "\n"), final: true) }
        return session.failures > 0 ? 1 : 0
    }

    /// Colours only for a terminal that has them, and not under NO_COLOR (no-color.org).
    private static func wantsColours() -> Bool {
        if let noColour = getenv("NO_COLOR"), noColour.pointee != 0 { return false }
        if let term = getenv("TERM"), String(cString: term) == "dumb" { return false }
        return isatty(2) != 0
    }
}
