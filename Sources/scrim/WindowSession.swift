import Glibc
import ScrimCore
import ScrimLua
import ScrimPlugins
import ScrimWindow

/// `scrim run --window`: the script in a window that lasts a working session. An error (the script's, a
/// callback's, a plugin's) shows on the window's error screen and the run goes on; a saved plugin file reloads that
/// plugin in place (`:reload NAME`: `ctx.state` and live objects kept; a failed reload keeps the old code); a saved
/// main script runs again in a fresh runtime shown in the same window; R does the same by hand. SIGINT and SIGTERM
/// end it (the `--trace` written, status 128 + the signal), whichever runtime is shown by then.
final class WindowSession {
    let window: LiveWindow
    private(set) var runtime: LuaRuntime
    private let plan: ScriptPlan
    private let options: RuntimeOptions
    private let searchPath: PluginSearchPath
    /// `--trace`: it follows the script into each fresh runtime.
    private let trace: RunTrace?
    private var scriptWatch: FileWatcher
    private var pluginWatches: [(name: String, watch: FileWatcher)] = []
    /// Whether the error on screen came from running the script itself (R then runs it again).
    private var scriptFailed = false
    /// Errors reported so far.
    private var reports = 0

    init(runtime: LuaRuntime, window: LiveWindow, plan: ScriptPlan, options: RuntimeOptions, searchPath: PluginSearchPath,
         trace: RunTrace? = nil) {
        self.runtime = runtime
        self.window = window
        self.plan = plan
        self.options = options
        self.searchPath = searchPath
        self.trace = trace
        // A signal stops the Lua code under way and ends the window (lua.c's Ctrl-C, which only stops the script,
        // would leave a window that runs no script waiting): PromisedOutputs takes SIGINT as it takes SIGTERM.
        PromisedOutputs.stopOnSignals(runtime.state)
        scriptWatch = FileWatcher(paths: plan.script?.mainFile.map { [$0] } ?? [])
        window.reload = { [unowned self] in reloadByHand() }
        window.beforeFrame = { [unowned self] in reloadSavedFiles() }
        adopt(runtime)
    }

    /// Starts the plugins and runs the plan in the current runtime; false if it failed (the error is on screen).
    @discardableResult
    func start(beforeScript: () -> Void = {}) -> Bool {
        PluginHost.start(in: runtime, searchPath: searchPath) { [unowned self] text in report(text) }
        watchPlugins()
        do {
            try plan.perform(in: runtime, beforeScript: beforeScript)
            return true
        } catch let error as LuaError {
            scriptFailed = true
            let traceback = options.shown(error.traceback)
            report("scrim: \(error.message)" + (traceback.isEmpty ? "" : "\n" + traceback))
        } catch {
            scriptFailed = true
            report("scrim: \(error)")
        }
        return false
    }

    /// Shows the window until it is closed (or a signal comes), reloading what is saved; 1 if it ends on an
    /// unrecovered error (the caller makes a signal's status of it).
    func run() -> Int32 {
        window.run { PromisedOutputs.signalled }
        if PromisedOutputs.signalled {
            window.close()
            printError("scrim: interrupted!")
            return 1
        }
        return window.hasUnrecoveredError ? 1 : 0
    }

    // MARK: Reloading

    /// At the start of each frame: a plugin saved, that plugin (and those that require it) reloads in place; the main
    /// script saved, the run starts again in a fresh runtime.
    private func reloadSavedFiles() {
        if scriptWatch.changed() {
            restart()
            measure(since: scriptWatch.lastModified)
            return
        }
        for index in pluginWatches.indices where pluginWatches[index].watch.changed() {
            reloadPlugin(pluginWatches[index].name)
            measure(since: pluginWatches[index].watch.lastModified)
            return
        }
    }

    /// R: the plugins in place when there are any and the error on screen is not the script's own, else the run again.
    private func reloadByHand() {
        if let host = PluginHost.of(runtime), !host.plugins.isEmpty, !scriptFailed {
            let (ok, error) = budgeted { (try? host.reload()) ?? (false, nil) }
            if ok {
                window.recovered()
                window.announce("reloaded plugins (their state kept)")
            } else {
                report("scrim: plugin reload failed: \(error ?? "unknown error")")
            }
        } else {
            restart()
        }
    }

    private func reloadPlugin(_ name: String) {
        guard let host = PluginHost.of(runtime) else { return }
        let (ok, error) = budgeted { (try? host.reload(name)) ?? (false, nil) }
        if ok {
            window.recovered()
            window.announce("reloaded plugin \(name) (its state kept)")
        } else {
            report("scrim: reload of plugin '\(name)' failed (its previous version goes on): \(error ?? "unknown error")")
        }
    }

    /// The main script again, in a fresh runtime the window shows from its next frame (same window, place and scale).
    private func restart() {
        guard plan.script?.mainFile != nil else {
            window.announce("nothing to run again: the script came from standard input")
            return
        }
        let fresh: LuaRuntime
        do { fresh = try plan.makeRuntime(options: options) } catch {
            report("scrim: cannot run the script again: \(error)")
            return
        }
        // The signals' target and the trace move to the new runtime before the old one goes.
        PromisedOutputs.follow(fresh.state)
        trace?.follow(fresh)
        runtime = fresh
        adopt(fresh)
        window.runtime = fresh.core
        scriptFailed = false
        let before = reports
        // Recovered only if nothing failed along the way (a plugin that does not load is still an error on screen).
        if start(), reports == before {
            window.recovered()
            window.announce("ran \(plan.script?.name ?? "the script") again in a fresh runtime")
        }
    }

    /// Says how long after the save (`saved`, the file's modification time) the first frame of the new code came.
    private func measure(since saved: Double) {
        window.afterNextFrame = { [unowned self] in
            var now = timespec()
            clock_gettime(CLOCK_REALTIME, &now)
            let milliseconds = (Double(now.tv_sec) + Double(now.tv_nsec) / 1e9 - saved) * 1000
            window.log("save to first frame: \(Int(milliseconds.rounded())) ms")
        }
    }

    // MARK: Internals

    private func adopt(_ runtime: LuaRuntime) {
        runtime.errorOutput = { [unowned self] text in report(text) }
        window.beforeEntry = { [weak runtime] in runtime?.state.restartTimeBudget() }
    }

    private func watchPlugins() {
        pluginWatches = (PluginHost.of(runtime)?.plugins ?? []).map { plugin in
            (plugin.name, FileWatcher(paths: PluginFiles.luaFiles(in: plugin.directory)))
        }
    }

    /// An error, on the terminal as `scrim run` prints it and on the window's error screen.
    private func report(_ text: String) {
        reports += 1
        printError(text)
        window.showError(text)
    }

    private func budgeted<T>(_ body: () -> T) -> T {
        runtime.state.restartTimeBudget()
        return body()
    }
}
