import ScrimCore
import ScrimLua
import ScrimPlugins
import ScrimRecord
import ScrimRender

/// `scrim record FILE|DIR|- -o OUT [--fps N] [--duration S] [--scale N] [options] [-- args…]`: runs a script as `scrim run`
/// does and writes what the screen shows as an animation (.webp, .gif or .mp4, by OUT's extension), from time 0 to
/// the end of the run (when it settles) or to `--duration S`, at N frames a second of virtual time.
enum RecordCommand {
    static let output = Option("output", short: "o", value: "OUT", help: "the animation to write: .webp, .gif or .mp4 (required)")
    static let fps = Option("fps", value: "N", help: "frames a second of virtual time (1 to 120; default 30)")
    static let duration = Option("duration", value: "S", help: """
        record from 0 to S seconds (default: until the run settles; a run that does
        not settle needs one)
        """)
    static let scale = Option("scale", value: "N", help: "pixels a point (default 1)")

    static let command = Command(
        path: ["record"], usage: ["FILE|DIR|- -o OUT [options] [-- args…]"],
        summary: "record what the screen shows as an animation (.webp, .gif, .mp4)",
        about: """
            Runs FILE as `scrim run` does and writes what the screen shows, from time 0 to the end of the run
            (when it settles) or to --duration S, as an animation at N frames a second: frame k is what a
            display refreshed at the run's frame steps shows at k/N s, and the last is the end itself (the
            settled screen). Time is virtual, so a recording is exact and the same on any machine.
            .webp is written by libwebp's animation encoder (lossless; frames that repeat the one before are
            merged into it); .gif and .mp4 by ffmpeg (apt-get install ffmpeg), a GIF with a palette made for
            the whole animation, an MP4 in H.264.
            """,
        options: [output, fps, duration, scale, RuntimeFlags.screen, SnapshotCommand.plugins, RuntimeFlags.timeout,
                  RuntimeFlags.maxMemory, RuntimeFlags.traceInternals, RuntimeFlags.noBytecode],
        operands: .interleaved,
        notes: """
            Options may come before or after FILE; the script's arguments follow `--`. Prints
            `wrote OUT (N frames)`. However the run ends, the recording is written: a run stopped early (a
            script error, the budget, SIGINT/SIGTERM, os.exit) writes the frames from 0 to where it stopped,
            as many as can be drawn in 2 s more, and exits with the stop's status (1, 128 + the signal,
            os.exit's).
            """,
        run: main)

    static func main(_ parsed: ParsedArguments) throws -> Int32 {
        var options = RuntimeOptions()
        try RuntimeFlags.apply(parsed, to: &options)
        let pluginDirectories = try RuntimeFlags.pluginDirectories(parsed)
        let fps = try parsed.value(Self.fps, .framesPerSecond) ?? 30
        let duration = try parsed.value(Self.duration, .recordingDuration)
        let scale = try parsed.value(Self.scale, .pixelScale) ?? 1
        let files = parsed.leadingOperands.map(\.text)
        if files.count > 1 {
            throw parsed.command.usageError("unexpected argument '\(files[1])' (the script's arguments go after --)")
        }
        guard let script = files.first else {
            throw parsed.command.usageError("no script given (a file, a folder, or - for standard input)")
        }
        guard let output = parsed.value(Self.output) else {
            throw parsed.command.usageError("no output given: -o OUT.webp (or .gif, .mp4)")
        }
        do { _ = try AnimationFormat(path: output) } catch {
            throw parsed.command.usageError("\(error)")
        }
        let before = ["scrim", "record"] + parsed.optionWords.map(\.text)
        return try run(script, arguments: parsed.trailingOperands.map(\.bytes), before: before, options: options,
                   plugins: .standard(flags: pluginDirectories + ScriptPlan.Script(script).plugins), duration: duration,
                   recording: Recording(framesPerSecond: fps, scale: scale), output: output)
    }

    static func run(_ script: String, arguments: [[UInt8]], before: [String], options: RuntimeOptions,
                    plugins: PluginSearchPath, duration: Seconds?, recording: Recording, output: String) throws -> Int32 {
        let runtime = try LuaRuntime(options: options)
        PromisedOutputs.stopOnSignals(runtime.state)
        PluginHost.start(in: runtime, searchPath: plugins)
        let core = runtime.core
        let film = FilmRecorder(runtime: core)
        /// The animation from 0 to `end`, drawn and encoded under `budget` (`stop` says how a run that stopped early
        /// stopped, for the line that says what was written); false (said on stderr) if it was not written.
        func writeRecording(to end: Seconds, stop: String? = nil, budget: TimeBudget) -> Bool {
            film.stop()
            do {
                // After a stop, as much as the allowance lets be drawn: the frames done by then, completed.
                let count = try recording.write(to: output, size: core.screen.bounds.size, from: 0, to: end,
                                                budget: budget, partial: stop != nil, frame: film.frame(at:))
                let all = recording.times(from: 0, to: end).count
                let reached = count < all ? Double(count) / recording.framesPerSecond : end
                let cut = count < all ? " of \(FilmStrip.label(for: end)): the time allowed after the stop ran out" : ""
                print("wrote \(output) (\(Recording.frames(count))"
                      + (stop.map { ", to \(FilmStrip.label(for: reached))\(cut), \($0)" } ?? "") + ")")
                return true
            } catch let error as TimeBudgetExceeded {
                printError(error.commandLineText(doing: "recording \(output); nothing was written"))
            } catch {
                printError("scrim: \(error)")
            }
            return false
        }
        /// What there is after a stop: from 0 to now (or to the duration, if the clock got past it).
        func writeWhatThereIs(stop: String) {
            _ = writeRecording(to: min(duration ?? core.now, core.now), stop: stop,
                               budget: PromisedOutputs.closingBudget(timeout: options.timeBudget))
        }
        // However the run ends, what there is gets written: a script that ends the process with os.exit gets the
        // recording up to that moment, from the exit handler.
        let promise = PromisedOutputs.promise { writeWhatThereIs(stop: "when the script called os.exit") }
        defer { PromisedOutputs.withdraw(promise) }
        let stopped = runToEnd(script, arguments: arguments, before: before, runtime: runtime, duration: duration)
        PromisedOutputs.withdraw(promise)
        // A run stopped early (an error, the budget, a signal) still writes what there was, under a budget of its own.
        if let stopped {
            writeWhatThereIs(stop: "where the run stopped")
            return stopped
        }
        guard writeRecording(to: duration ?? core.now, budget: core.timeBudget) else { return PromisedOutputs.exitStatus(1) }
        // Errors reported along the way fail the command, as they fail a run.
        return runtime.reportedErrors > 0 ? 1 : 0
    }

    /// Runs the script and takes the clock to the end of the recording; nil if it got there, else the exit status
    /// of the stop (the error is printed).
    private static func runToEnd(_ script: String, arguments: [[UInt8]], before: [String], runtime: LuaRuntime,
                                 duration: Seconds?) -> Int32? {
        let core = runtime.core
        do {
            runtime.setArgTable(words: (before + [script]).map { Array($0.utf8) } + arguments, scriptIndex: before.count)
            try ScriptPlan.Script(script).run(in: runtime, arguments: arguments)
            if let duration {
                if core.now < duration { core.clock.advance(to: duration) }
                // Advancing stops early when the budget is spent.
                if let interruption = core.clock.interruption { throw interruption }
            } else {
                try runtime.settle()
            }
            return nil
        } catch let error as LuaError {
            printError(error, options: runtime.options)
        } catch let error as TimeBudgetExceeded {
            printError(error.commandLineText())
        } catch let error as SettleError {
            printError("scrim: \(error)")
            printError("(a run that does not settle needs a --duration for its recording)")
        } catch {
            printError("scrim: \(error)")
        }
        return PromisedOutputs.exitStatus(1)
    }
}
