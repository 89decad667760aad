import Glibc
import ScrimCore
import ScrimLua
import ScrimPlugins
import ScrimRecord
import ScrimWindow

/// One REPL: a runtime, the script it was started from, and what runs each chunk and meta command.
/// Results go to standard output, errors (message and traceback) to standard error.
final class ReplSession {
    /// The script given on the command line (`scrim repl FILE|DIR args…`), run first and again on `:reload`.
    struct Script {
        /// A file or a folder, as `ScriptPlan.Script` reads it.
        var path: String
        /// The script's arguments, bytes as given.
        var arguments: [[UInt8]]
        /// What came before the script on the command line (`arg`'s negative indices).
        var before: [[UInt8]]

        var plan: ScriptPlan.Script { ScriptPlan.Script(path) }
    }

    private(set) var runtime: LuaRuntime
    private(set) var console: LuaConsole
    let options: RuntimeOptions
    let script: Script?
    /// Where plugins are loaded from, into the first runtime and each fresh one.
    let plugins: PluginSearchPath
    /// Errors in red (a terminal that wants colours).
    let colours: Bool
    /// On a terminal, where Ctrl-C leaves the cursor after the "^C" the terminal echoed.
    let interactive: Bool
    /// Statements and commands that failed, and errors reported from callbacks: the piped mode's exit status.
    private(set) var failures = 0
    /// `:watch on`: the script's main file, and each plugin's `.lua` files by plugin.
    private var watcher: FileWatcher?
    private var pluginWatchers: [(name: String, watch: FileWatcher)] = []
    /// What the last look at the watched files found saved: the script (everything runs again) or one plugin.
    private var pendingReload: PendingReload?
    private enum PendingReload { case script, plugin(String) }
    /// Pixels a point of `:record` (the window's `--scale`).
    var recordingScale = 1.0
    /// Whether a live window shows the session (`scrim.isLive` in each fresh runtime, from before its script runs).
    var isLive = false
    /// The live window showing the session (`repl --window`), if any: `:play` plays on its frames.
    var window: LiveWindow?
    /// A live window's error screen: an error from the script, a callback or a reload (not a statement's, which the
    /// terminal shows where it was typed); then a reload that succeeded.
    var onError: ((String) -> Void)?
    var onRecovered: ((String) -> Void)?

    enum Submission { case incomplete, done }

    init(options: RuntimeOptions, script: Script?, interactive: Bool, colours: Bool,
         plugins: PluginSearchPath = PluginSearchPath(directories: [])) throws {
        self.options = options
        self.script = script
        self.plugins = plugins
        self.interactive = interactive
        self.colours = colours
        runtime = try LuaRuntime(options: options)
        console = LuaConsole(runtime: runtime)
        adopt(runtime)
        startPlugins(runtime)
    }

    /// A session over a runtime made elsewhere (`scrim -i FILE`: the script runs first, then the REPL has its state);
    /// the plugins are started here, before the script runs. `:reload` starts afresh without a script.
    init(adopting runtime: LuaRuntime, options: RuntimeOptions, interactive: Bool, plugins: PluginSearchPath) {
        self.options = options
        script = nil
        self.plugins = plugins
        self.interactive = interactive
        colours = interactive && ReplSession.wantsColours()
        self.runtime = runtime
        console = LuaConsole(runtime: runtime)
        adopt(runtime)
        startPlugins(runtime)
    }

    /// Colours only for a terminal that has them, and not when NO_COLOR is set (the common convention for turning them off).
    static func wantsColours() -> Bool {
        if let noColour = getenv("NO_COLOR"), noColour.pointee != 0 { return false }
        if let term = getenv("TERM"), String(cString: term) == "dumb" { return false }
        return isatty(2) != 0
    }

    /// Runs the script, if there is one; an error is shown and counted, and the session goes on.
    func start() {
        guard let script else { return }
        runScript(script)
    }

    /// Runs a chunk (lines joined by newlines); `.incomplete` when it needs more lines. At the end of
    /// input (`final`) an unfinished chunk is shown as the syntax error it is.
    func submit(_ chunk: [UInt8], final: Bool = false) -> Submission {
        do {
            let outcome = try Interrupts.whileBusy { try console.evaluate(chunk, allowIncomplete: !final) }
            switch outcome {
            case .incomplete:
                return .incomplete
            case .ran(let text):
                if let text { write(bytes: text + [UInt8(ascii: "\n")]) }
            }
        } catch let error as LuaError {
            show(error)
        } catch {
            showProblem("\(error)")
        }
        return .done
    }

    /// Performs a meta command line; false for `:quit`.
    func perform(_ line: String) -> Bool {
        let command: MetaCommand
        do { command = try MetaCommand.parse(line) } catch {
            showProblem("\(error)")
            return true
        }
        switch command {
        case .help:
            write(MetaCommand.helpText + "\n")
        case .tree:
            write(runtime.core.tree() + "\n")
        case .advance(let seconds):
            busy { runtime.core.advance(by: seconds) }
        case .settle:
            do {
                let elapsed = try busy { try runtime.settle() }
                write("settled after \(LuaValue.format(elapsed)) s\n")
            } catch {
                showProblem("\(error)")
            }
        case .screen:
            write(ReplRendering.picture(of: runtime.core).text)
        case .play(let seconds):
            // A saved script run again in a fresh runtime (by a frame's reload) ends the play of this one.
            let played = runtime
            busy {
                ReplRendering.play(played.core, seconds: seconds, window: window) { [unowned self] in runtime !== played }
            }
        case .snapshot(let path):
            do {
                try ReplRendering.writeSnapshot(of: runtime.core, to: path)
                write("wrote \(path)\n")
            } catch {
                showProblem("\(error)")
            }
        case .record(let path, let seconds):
            do {
                let count = try busy {
                    try Recording(framesPerSecond: 30, scale: recordingScale).record(runtime.core, seconds: seconds, to: path)
                }
                write("wrote \(path) (\(Recording.frames(count)))\n")
            } catch {
                showProblem("\(error)")
            }
        case .reload(let plugin):
            if let plugin {
                reloadPlugin(plugin)
            } else {
                reload()
            }
        case .watch(let on):
            switch on {
            case nil:
                let paths = (watcher?.paths ?? []) + pluginWatchers.flatMap(\.watch.paths)
                write(watcher == nil ? "not watching\n" : "watching \(paths.joined(separator: ", "))\n")
            case true?:
                // The script and every plugin's plugin.lua: a change to any runs everything again.
                let plugins = PluginHost.of(runtime)?.plugins ?? []
                guard script != nil || !plugins.isEmpty else {
                    showProblem("nothing to watch: no script was given (scrim repl FILE) and no plugin is loaded")
                    break
                }
                watch()
                if let main = script?.plan.mainFile { write("watching \(main)\n") }
                if !plugins.isEmpty { write("watching plugins: \(plugins.map(\.name).joined(separator: ", "))\n") }
            case false?:
                watcher = nil
                pluginWatchers = []
                write("not watching\n")
            }
        case .quit:
            return false
        }
        return true
    }

    /// `:watch on` (and a `--window`'s session from the start): the script's main file and the loaded plugins' files.
    func watch() {
        watcher = FileWatcher(paths: script?.plan.mainFile.map { [$0] } ?? [])
        pluginWatchers = (PluginHost.of(runtime)?.plugins ?? []).map { plugin in
            (plugin.name, FileWatcher(paths: PluginFiles.luaFiles(in: plugin.directory)))
        }
    }

    /// Under `:watch on`: whether a watched file changed since the last look (`reloadWatched` then reloads it).
    func watchedFilesChanged() -> Bool {
        guard var main = watcher else { return false }
        defer { watcher = main }
        if main.changed() {
            pendingReload = .script
            return true
        }
        for index in pluginWatchers.indices where pluginWatchers[index].watch.changed() {
            pendingReload = .plugin(pluginWatchers[index].name)
            return true
        }
        return pendingReload != nil
    }

    /// What `watchedFilesChanged` found: a saved plugin reloads in place (`:reload NAME`, its state kept), a saved
    /// script runs everything again in a fresh runtime (as `:reload`).
    func reloadWatched() {
        guard let pending = pendingReload else { return }
        pendingReload = nil
        switch pending {
        case .script where script != nil: reload()
        case .script: break
        case .plugin(let name): reloadPlugin(name)
        }
    }

    /// Runs the script again in a fresh runtime (what `:reload` and `:watch` do).
    func reload() {
        guard let script else {
            // No script: the plugins are what there is to run again, in place.
            guard let host = PluginHost.of(runtime), !host.plugins.isEmpty else {
                showProblem("nothing to reload: no script was given (scrim repl FILE)")
                return
            }
            let (ok, error) = busy { (try? host.reload()) ?? (false, nil) }
            if ok {
                write("reloaded plugins\n")
                onRecovered?("reloaded plugins (their state kept)")
            } else {
                showProblem("plugin reload failed: \(error ?? "unknown error")", onScreen: true)
            }
            return
        }
        guard let fresh = try? LuaRuntime(options: options) else {
            showProblem("cannot reload: no new Lua state could be made (not enough memory)", onScreen: true)
            return
        }
        fresh.core.isLive = isLive
        // Ctrl-C's target moves first: replacing the runtime and its console frees the old state.
        adopt(fresh)
        runtime = fresh
        console = LuaConsole(runtime: fresh)
        startPlugins(fresh)
        if watcher != nil { watch() }
        if runScript(script) {
            write("reloaded \(script.path)\n")
            onRecovered?("ran \(script.path) again in a fresh runtime")
        }
    }

    /// `:reload PLUGIN`: re-runs one plugin (and its dependents) in place; the previous version stays on failure.
    func reloadPlugin(_ name: String) {
        do {
            let (ok, error) = try busy { try PluginHost.install(in: runtime).reload(name) }
            if ok {
                write("reloaded plugin \(name)\n")
                onRecovered?("reloaded plugin \(name) (its state kept)")
            } else {
                showProblem("reload of plugin '\(name)' failed: \(error ?? "unknown error")", onScreen: true)
            }
        } catch {
            showProblem("\(error)", onScreen: true)
        }
    }

    // MARK: Internals

    private func startPlugins(_ runtime: LuaRuntime) {
        PluginHost.start(in: runtime, searchPath: plugins) { [weak self] text in self?.showProblem(text, onScreen: true) }
    }

    private func adopt(_ runtime: LuaRuntime) {
        runtime.materializeModule() // completion lists the module's fields
        runtime.errorOutput = { [weak self] text in
            guard let self else { return }
            self.failures += 1
            self.writeError(text)
            self.onError?(text)
        }
        Interrupts.setTarget(runtime.state)
    }

    @discardableResult
    private func runScript(_ script: Script) -> Bool {
        defer { runtime.state.suspendTimeBudget() }
        do {
            try Interrupts.whileBusy {
                runtime.setArgTable(words: script.before + [Array(script.path.utf8)] + script.arguments,
                                    scriptIndex: script.before.count)
                try script.plan.run(in: runtime, arguments: script.arguments)
            }
            console.clearInterrupt()
            return true
        } catch let error as LuaError {
            console.clearInterrupt()
            show(error, prefix: "scrim: ", onScreen: true)
            return false
        } catch {
            showProblem("\(error)", onScreen: true)
            return false
        }
    }

    /// Work that may run Lua callbacks: Ctrl-C stops them, and is forgotten afterwards.
    private func busy<T>(_ body: () throws -> T) rethrows -> T {
        // The time budget runs while the work does, not while the session waits for input.
        runtime.state.restartTimeBudget()
        defer {
            console.clearInterrupt()
            runtime.state.suspendTimeBudget()
        }
        return try Interrupts.whileBusy(body)
    }

    private func show(_ error: LuaError, prefix: String = "", onScreen: Bool = false) {
        failures += 1
        var text = prefix + error.message
        if interactive, error.message.hasSuffix("interrupted!") { text = "\n" + text }
        let traceback = options.shown(error.traceback)
        if !traceback.isEmpty { text += "\n" + traceback }
        writeError(text)
        if onScreen { onError?(text) }
    }

    private func showProblem(_ message: String, onScreen: Bool = false) {
        failures += 1
        writeError(message)
        if onScreen { onError?(message) }
    }

    func write(_ text: String) {
        fputs(text, standardOutput)
        fflush(standardOutput)
    }

    /// Results as Lua made them: bytes, written unchanged.
    func write(bytes: [UInt8]) {
        _ = bytes.withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count, standardOutput) }
        fflush(standardOutput)
    }

    private func writeError(_ text: String) {
        fflush(standardOutput)
        fputs(colours ? "\u{1B}[31m" + text + "\u{1B}[0m\n" : text + "\n", standardErrorStream)
    }
}
