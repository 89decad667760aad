import Glibc
import ScrimCore
import ScrimLua
import ScrimPlugins
import ScrimWindow

/// `scrim repl [options] [FILE [args…]]`: the interactive session on a terminal, or, when standard input is
/// not one, each complete statement of the input run as it comes (exit status 1 if any failed).
enum ReplCommand {
    static func main(_ arguments: [String]) throws -> Int32 {
        var options = RuntimeOptions()
        var pluginDirectories: [String] = []
        var window = WindowFlags()
        var before = ["scrim", "repl"]
        var index = 0
        func value(for flag: String) throws -> String {
            guard index + 1 < arguments.count else {
                throw UsageError(message: "option '\(flag)' needs a value", command: "repl")
            }
            index += 1
            before.append(arguments[index])
            return arguments[index]
        }
        while index < arguments.count {
            let argument = arguments[index]
            guard argument.hasPrefix("-") else { break }
            before.append(argument)
            if argument == "--" {
                index += 1
                break
            }
            switch argument {
            case "--timeout", "--max-memory":
                _ = try RuntimeFlags.apply(argument, try value(for: argument), to: &options, command: "repl")
            case "--plugins":
                let directory = try value(for: argument)
                if let problem = PluginSearchPath.problem(with: directory) { throw UsageError(message: problem, command: "repl") }
                pluginDirectories.append(directory)
            case "--screen":
                let text = try value(for: argument)
                do { options.screen = try Screen.parse(text) } catch {
                    throw UsageError(message: "invalid --screen '\(text)' (WIDTHxHEIGHT[@SCALE], e.g. 390x844@3)", command: "repl")
                }
            case "--window", "--scale":
                try window.apply(argument, value: value, command: "repl")
            case "-":
                throw UsageError(message: "the REPL reads standard input itself; give a script file", command: "repl")
            default:
                throw UsageError(message: "unknown option '\(argument)'", command: "repl")
            }
            index += 1
        }
        let rest = arguments[index...]
        let script = rest.first.map {
            ReplSession.Script(path: $0, arguments: Array(rest.dropFirst()), before: before)
        }
        try window.check(command: "repl")
        let plugins = PluginSearchPath.standard(flags: pluginDirectories)
        if isatty(0) != 0 {
            return try interactive(options: options, script: script, plugins: plugins, window: window)
        }
        return try piped(options: options, script: script, plugins: plugins, window: window)
    }

    /// The live window of `--window`, opened on the session's runtime (following it across `:reload`), before the
    /// script runs; R and `:reload` do the same.
    private static func openWindow(_ flags: WindowFlags, for session: ReplSession) throws -> LiveWindow? {
        guard let window = try flags.open(session.runtime, name: session.script?.path ?? "repl") else { return nil }
        window.reload = { [unowned session] in session.reload() }
        session.recordingScale = flags.scale ?? 1
        session.onFrame = { [unowned session, unowned window] in
            window.runtime = session.runtime.core
            window.draw()
        }
        return window
    }

    /// One frame of the window between statements: it follows the session's current runtime.
    private static func pump(_ window: LiveWindow, _ session: ReplSession) -> Bool {
        window.runtime = session.runtime.core
        return window.pump()
    }

    /// On a terminal: banner, prompts, line editing, history, completion, Ctrl-C; Ctrl-D or `:quit` leaves with 0.
    static func interactive(options: RuntimeOptions, script: ReplSession.Script?, plugins: PluginSearchPath,
                            window flags: WindowFlags) throws -> Int32 {
        setlocale(LC_CTYPE, "")
        let session = ReplSession(options: options, script: script, interactive: true, colours: wantsColours(), plugins: plugins)
        let window = try openWindow(flags, for: session)
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
        if let window {
            editor.tick = { [unowned session] in pump(window, session) }
            editor.tickInterval = window.frameInterval
        }
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
    static func piped(options: RuntimeOptions, script: ReplSession.Script?, plugins: PluginSearchPath,
                      window flags: WindowFlags) throws -> Int32 {
        let session = ReplSession(options: options, script: script, interactive: false, colours: false, plugins: plugins)
        let window = try openWindow(flags, for: session)
        session.start()
        var lines: [String] = []
        var input = StandardInputLines()
        if let window { input.tick = ({ pump(window, session) }, window.frameInterval) }
        while let line = input.next() {
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
        // With a window, the input's end leaves it open until it is closed.
        if let window, !input.stopped {
            window.run { window.runtime = session.runtime.core; return false }
        }
        return session.failures > 0 ? 1 : 0
    }

    /// Colours only for a terminal that has them, and not under NO_COLOR (no-color.org).
    private static func wantsColours() -> Bool {
        if let noColour = getenv("NO_COLOR"), noColour.pointee != 0 { return false }
        if let term = getenv("TERM"), String(cString: term) == "dumb" { return false }
        return isatty(2) != 0
    }
}
