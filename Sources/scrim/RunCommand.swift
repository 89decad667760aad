import Glibc
import ScrimCore
import ScrimLua
import ScrimPlugins
import ScrimWindow

/// `scrim run [options] FILE|- [args…]` and `scrim -e CODE`.
enum RunCommand {
    static let realtime = Option("realtime", help: "the wall clock drives time instead of settling at once at the end")
    static let trace = Option("trace", value: "FILE", help: """
        write a Chrome trace-event timeline (open it in Perfetto): animations per
        view and transition phases on the virtual clock, every Lua callback and
        hook handler with its wall-clock cost and source; written however the run ends
        """)
    static let execute = Option(nil, short: "e", value: "CODE", help: "run CODE first (may be repeated)")

    static let version = Option("version", short: "v", help: "print the version (then go on, as lua5.4 -v does)")

    static let options = [RuntimeFlags.timeout, RuntimeFlags.maxMemory, RuntimeFlags.screen, RuntimeFlags.device, realtime,
                          RuntimeFlags.plugins, trace, execute, ScriptPlan.library, ScriptPlan.interactive,
                          ScriptPlan.warnings, ScriptPlan.noEnvironment, version, WindowFlags.window, WindowFlags.scale,
                          RuntimeFlags.traceInternals, RuntimeFlags.noBytecode]

    static let about = """
        Runs FILE as `lua5.4 FILE args…` would: `...` holds the arguments and the global `arg`
        holds them too (arg[0] is FILE, what came before it at negative indices). The global `scrim`
        is the Scrim module. Binary (precompiled) chunks load as in Lua, unless --no-bytecode.
        A folder DIR runs DIR/main.lua with DIR first on package.path and DIR/plugins on the plugin
        path (LÖVE's convention); - reads the script from standard input.

        In lua5.4's order: LUA_INIT_5_4 (else LUA_INIT: @FILE runs the file, anything else runs as
        code) unless -E, then -e, -l and -W as given, then the script; -i then enters the REPL.
        """

    static let notes = """
        Time is virtual: it moves with scrim.advance and scrim.settle, and the run settles (plays out
        every animation and timer) before it exits.
        Errors print `scrim: FILE:LINE: message` and a traceback on stderr, and exit with status 1;
        so do errors reported from callbacks, timers and hook handlers, and a settle that times out.
        """

    static let command = Command(
        path: ["run"], usage: ["[options] FILE|DIR|- [args…]"],
        summary: "run a Lua script, a folder's main.lua, or standard input (-)",
        about: about, options: options, operands: .endOptions, notes: notes,
        run: { parsed in
            if parsed.operands.isEmpty, !parsed.has(execute), !parsed.has(ScriptPlan.library),
               !parsed.has(ScriptPlan.interactive), !parsed.has(version) {
                throw parsed.command.usageError("no script given (a file, a folder, or - for standard input)")
            }
            return try main(parsed)
        })

    /// Runs what the command line asks for: the plan, then the settle — or, with `-i`, the REPL.
    static func main(_ parsed: ParsedArguments) throws -> Int32 {
        var options = RuntimeOptions()
        try RuntimeFlags.apply(parsed, to: &options)
        let plan = try ScriptPlan(parsed, runOption: execute)
        let pluginDirectories = try RuntimeFlags.pluginDirectories(parsed) + plan.folderPlugins
        let interactive = parsed.has(ScriptPlan.interactive)
        let window = try WindowFlags(parsed)
        if interactive, window.enabled {
            throw parsed.command.usageError("--window does not go with -i: scrim repl --window FILE is the REPL with a window")
        }
        if parsed.has(version) || (interactive && isatty(0) == 0) { printVersion() }
        let runtime = try plan.makeRuntime(options: options)
        let trace = parsed.value(trace).map { RunTrace(runtime: runtime, path: $0) }
        // The trace is written however the run ends: a failing run is often the one worth looking at, and one that
        // ends with os.exit writes it from the exit handler.
        let tracePromise = trace.map { trace in PromisedOutputs.promise { _ = trace.write() } }
        func finish(_ status: Int32) -> Int32 {
            guard let trace, let tracePromise else { return status }
            PromisedOutputs.withdraw(tracePromise)
            return trace.write() ? status : 1
        }
        let plugins = PluginSearchPath.standard(flags: pluginDirectories)
        if interactive {
            let session = ReplSession(adopting: runtime, options: options, interactive: isatty(0) != 0, plugins: plugins)
            if session.interactive { ReplCommand.showBanner(session) }
            guard report(options, { try plan.perform(in: runtime) }) else { return finish(1) }
            return finish(ReplCommand.enter(session))
        }
        PromisedOutputs.stopOnSignals(runtime.state)
        // Ctrl-C as in lua.c: `interrupted!` at the running line, with a traceback (a second one ends the process);
        // the run then ends as any error does, writing what it promised. SIGTERM stays PromisedOutputs'.
        runtime.state.catchInterrupts()
        // The window opens first: without a display nothing runs, and what the script starts is seen from time 0.
        if let live = try window.open(runtime, name: parsed.operands.first?.text ?? "(command line)") {
            // A window lasts: errors show on it and the run goes on, saved files reload (see `WindowSession`). The
            // session owns the runtime from here (consumed: this frame no longer holds it), so that the one a saved
            // script replaces is freed (its finalizers run) as soon as the session lets it go.
            let session = WindowSession(runtime: consume runtime, window: live, plan: plan, options: options,
                                        searchPath: plugins, trace: trace)
            session.start()
            return PromisedOutputs.exitStatus(finish(session.run()))
        }
        PluginHost.start(in: runtime, searchPath: plugins)
        let status = report(options) {
            let realtime = parsed.has(realtime)
            try plan.perform(in: runtime) { if realtime { runtime.core.clock.startRealTime() } }
            // What the script started (animations, timers, transitions) plays out before exit.
            if realtime {
                try settleInRealTime(runtime)
            } else {
                try runtime.settle()
            }
        } ? (runtime.reportedErrors > 0 ? 1 : 0) : Int32(1)
        return PromisedOutputs.exitStatus(finish(status))
    }

    /// Scrim's version, then Lua's line as `lua5.4 -v` prints it (its copyright notice goes with the Lua it embeds).
    static func printVersion() {
        print("scrim \(LuaRuntime.version), \(LuaRuntime.luaCopyright)")
        fflush(standardOutput)
    }

    /// Runs `body`; a Lua error or a settle that fails is printed (message and traceback); false if one came.
    static func report(_ options: RuntimeOptions, _ body: () throws -> Void) -> Bool {
        do {
            try body()
            return true
        } catch let error as LuaError {
            printError(error, options: options)
        } catch let error as TimeBudgetExceeded {
            printError(error.commandLineText())
        } catch {
            printError("scrim: \(error)")
        }
        return false
    }

    /// `--realtime`: the wall clock drives the same scheduler until nothing is pending (at most 10 s more).
    static func settleInRealTime(_ runtime: LuaRuntime) throws {
        let clock = runtime.core.clock
        let deadline = clock.now + 10
        while !clock.isIdle {
            // Waiting in real time is work the script caused: the run's budget stops it (a timer that re-arms
            // itself would keep the loop going for ever), as advancing does.
            if let exceeded = runtime.core.timeBudget.exceeded() { throw exceeded }
            clock.advanceToWallClock()
            if let interruption = clock.interruption { throw interruption }
            if clock.now > deadline { _ = try runtime.settle(timeout: 0) }
            usleep(UInt32(1_000_000 / max(clock.frameRate, 1)))
        }
    }
}
