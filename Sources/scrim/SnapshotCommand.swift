import ScrimCore
import ScrimLua
import ScrimPlugins
import ScrimRender

/// `scrim snapshot FILE|- [options] [-- args…]`: runs a script as `scrim run` does and draws what the screen shows — at
/// one time (`--at T`), after the run settles (the default), or as a film strip of `--film N` frames.
///
/// Every frame step of the run is recorded (frames fall every 1/frameRate s while something animates), and a
/// picture at time T is what a display refreshed at those frames shows at T: the last frame at or before T. A film
/// takes its N times evenly from 0 to the end of the run (when it settles), or to `--duration D`.
enum SnapshotCommand {
    enum Mode: Equatable {
        case settled
        case at(Seconds)
        case film(frames: Int, duration: Seconds?)
    }

    static let maxFilmFrames = 60

    static let at = Option("at", value: "T", help: "the screen at T seconds")
    static let film = Option("film", value: "N", help: """
        N frames side by side (1 to 60), each labelled with its time; the times are
        spread evenly from 0 to the end of the run (when it settles), or to D
        """)
    static let duration = Option("duration", value: "D", help: """
        with --film: spread the frames from 0 to D instead (for runs that do not
        settle, or to look at the start of a long one)
        """)
    static let output = Option("output", short: "o", value: "PATH",
                               help: "where to write (default: FILE's name, or DIR's, with .png, or -film.png,\nhere)")
    static let scale = Option("scale", value: "S", help: "pixels a point (default: the screen's scale; 1 for a film)")
    static let plugins = Option("plugins", value: "DIR", help: """
        load the plugins in DIR (or @NAME, bundled) first (repeatable); then
        SCRIM_PLUGIN_PATH, then ./plugins, as `scrim run` does; a folder FILE
        adds FILE/plugins
        """)

    static let command = Command(
        path: ["snapshot"], usage: ["FILE|DIR|- [options] [-- args…]"],
        summary: "draw what the screen shows to a PNG (or a film strip)",
        about: """
            Runs FILE as `scrim run` does and writes a PNG of what the screen shows (presentation values,
            as on a device mid-animation): after the run settles, at one time (--at), or as a film strip
            (--film). Time is virtual, from 0 when the script starts. Every frame step of the run is kept
            (every 1/scrim.frameRate s while something animates); the picture at time T is what a display
            refreshed at those frames shows at T: the last frame at or before T. If the script ends before
            T, time moves on to T after it.
            """,
        options: [at, film, duration, output, scale, RuntimeFlags.screen, plugins, RuntimeFlags.timeout,
                  RuntimeFlags.maxMemory, RuntimeFlags.traceInternals, RuntimeFlags.noBytecode],
        operands: .interleaved,
        notes: """
            Options may come before or after FILE; the script's arguments follow `--`. Prints `wrote PATH`.
            However the run ends, the picture is written: a run stopped early (a script error, the budget,
            SIGINT/SIGTERM, os.exit) writes what the screen showed when it stopped, drawn in at most 2 s more,
            and exits with the stop's status (1, 128 + the signal, os.exit's); errors reported from callbacks
            exit with 1 too, after writing it.
            """,
        run: main)

    static func main(_ parsed: ParsedArguments) throws -> Int32 {
        var options = RuntimeOptions()
        try RuntimeFlags.apply(parsed, to: &options)
        let pluginDirectories = try RuntimeFlags.pluginDirectories(parsed)
        let at = try parsed.value(Self.at, .duration)
        let duration = try parsed.value(Self.duration, Quantity("seconds of virtual time", 0...Quantity.year,
                                                               excludingLowerBound: true))
        let film = try parsed.value(Self.film, Quantity("frames", 1...Double(maxFilmFrames), whole: true)).map { Int($0) }
        let scale = try parsed.value(Self.scale, .pixelScale)
        let output = parsed.value(Self.output)
        let files = parsed.leadingOperands.map(\.text)
        if files.count > 1 {
            throw parsed.command.usageError("unexpected argument '\(files[1])' (the script's arguments go after --)")
        }
        let script = files.first
        let scriptArguments = parsed.trailingOperands.map(\.bytes)
        let before = ["scrim", "snapshot"] + parsed.optionWords.map(\.text)
        guard let script else {
            throw parsed.command.usageError("no script given (a file, or - for standard input)")
        }
        if at != nil, film != nil {
            throw parsed.command.usageError("--at and --film do not go together (one picture at a time, or a film strip)")
        }
        if duration != nil, film == nil {
            throw parsed.command.usageError("--duration goes with --film (the span of the strip)")
        }
        let mode: Mode = film.map { .film(frames: $0, duration: duration) } ?? at.map { .at($0) } ?? .settled
        let destination = output ?? defaultOutput(for: script, mode: mode)
        return try run(script, arguments: scriptArguments, before: before, options: options,
                   plugins: .standard(flags: pluginDirectories + ScriptPlan.Script(script).plugins), mode: mode,
                   output: destination, scale: scale)
    }

    /// `name.png` (a film: `name-film.png`) in the current directory, for the script `…/name.lua` or the folder
    /// `…/name` (`.` too: the current folder's name).
    static func defaultOutput(for script: String, mode: Mode) -> String {
        var name = ScriptPlan.Script(script).name
        if case .film = mode { name += "-film" }
        return name + ".png"
    }

    static func run(_ script: String, arguments: [[UInt8]], before: [String], options: RuntimeOptions,
                    plugins: PluginSearchPath, mode: Mode, output: String, scale: Double?) throws -> Int32 {
        let runtime = try LuaRuntime(options: options)
        PromisedOutputs.stopOnSignals(runtime.state)
        PluginHost.start(in: runtime, searchPath: plugins)
        let core = runtime.core
        let recorder = FilmRecorder(runtime: core)
        /// The picture as the mode asks for it, drawn under `budget`, from what was recorded — up to now when the run
        /// stopped early (`stop` says how, for the line that says what was written); false (said on stderr) if it
        /// was not written.
        func writePicture(stop: String? = nil, budget: TimeBudget) -> Bool {
            recorder.stop()
            let now = core.now
            do {
                switch mode {
                case .settled:
                    try CairoRenderer.writePNG(recorder.frame(at: now), to: output, scale: scale, budget: budget)
                case .at(let time) where now == time:
                    try CairoRenderer.writePNG(RenderTree(runtime: core), to: output, scale: scale, budget: budget)
                case .at(let time):
                    // A run stopped before T shows what there was when it stopped.
                    try CairoRenderer.writePNG(recorder.frame(at: min(time, now)), to: output, scale: scale, budget: budget)
                case .film(let count, let duration):
                    let end = min(duration ?? now, now)
                    let times = (0..<count).map { count == 1 ? end : end * Double($0) / Double(count - 1) }
                    try FilmStrip.writePNG(times.map(recorder.frame(at:)), to: output, scale: scale ?? 1, budget: budget)
                }
            } catch let error as TimeBudgetExceeded {
                printError(error.commandLineText(doing: "drawing \(output); nothing was written"))
                return false
            } catch {
                printError("scrim: \(error)")
                return false
            }
            print("wrote \(output)" + (stop.map { " (what there was at \(FilmStrip.label(for: now)), \($0))" } ?? ""))
            return true
        }
        // However the run ends, what there is gets written: a script that ends the process with os.exit gets the
        // picture of the screen as it is then, from the exit handler.
        let promise = PromisedOutputs.promise {
            _ = writePicture(stop: "when the script called os.exit",
                             budget: PromisedOutputs.closingBudget(timeout: options.timeBudget))
        }
        defer { PromisedOutputs.withdraw(promise) }
        let stopped = runToPicture(script, arguments: arguments, before: before, runtime: runtime, recorder: recorder,
                                   mode: mode)
        PromisedOutputs.withdraw(promise)
        // A run stopped early (an error, the budget, a signal) still writes what there was, under a budget of its own.
        if let stopped {
            _ = writePicture(stop: "where the run stopped", budget: PromisedOutputs.closingBudget(timeout: options.timeBudget))
            return stopped
        }
        guard writePicture(budget: core.timeBudget) else { return PromisedOutputs.exitStatus(1) }
        // Errors reported along the way (in callbacks, timers, hook handlers) fail the command, as they fail a run.
        return runtime.reportedErrors > 0 ? 1 : 0
    }

    /// Runs the script and takes the clock to the time the mode asks for; nil if it got there, else the exit status
    /// of the stop (the error is printed).
    private static func runToPicture(_ script: String, arguments: [[UInt8]], before: [String], runtime: LuaRuntime,
                                     recorder: FilmRecorder, mode: Mode) -> Int32? {
        let core = runtime.core
        do {
            runtime.setArgTable(words: (before + [script]).map { Array($0.utf8) } + arguments, scriptIndex: before.count)
            try ScriptPlan.Script(script).run(in: runtime, arguments: arguments)
            switch mode {
            case .settled, .film(_, nil):
                try runtime.settle()
            case .at(let time):
                // The picture at a later time is the state then: nothing in between is recorded (frames nobody
                // observes are skipped), so a far `--at` costs what happens on the way, not a frame per 1/60 s.
                if core.now < time {
                    recorder.stop()
                    core.clock.advance(to: time)
                }
            case .film(_, let time?):
                if core.now < time { core.clock.advance(to: time) }
            }
            if let interruption = core.clock.interruption { throw interruption }
            return nil
        } catch let error as LuaError {
            printError(error, options: runtime.options)
        } catch let error as TimeBudgetExceeded {
            printError(error.commandLineText())
        } catch let error as SettleError {
            printError("scrim: \(error)")
            if case .film = mode { printError("(a run that does not settle needs a --duration for its film)") }
        } catch {
            printError("scrim: \(error)")
        }
        return PromisedOutputs.exitStatus(1)
    }
}
