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
            `wrote OUT (N frames)`. A script error exits with status 1 and writes nothing.
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
        return run(script, arguments: parsed.trailingOperands.map(\.bytes), before: before, options: options,
                   plugins: .standard(flags: pluginDirectories + ScriptPlan.Script(script).plugins), duration: duration,
                   recording: Recording(framesPerSecond: fps, scale: scale), output: output)
    }

    static func run(_ script: String, arguments: [[UInt8]], before: [String], options: RuntimeOptions,
                    plugins: PluginSearchPath, duration: Seconds?, recording: Recording, output: String) -> Int32 {
        let runtime = LuaRuntime(options: options)
        PromisedOutputs.stopOnSignals(runtime.state)
        PluginHost.start(in: runtime, searchPath: plugins)
        let core = runtime.core
        let film = FilmRecorder(runtime: core)
        /// The animation from 0 to `end`; false (said on stderr) if it was not written.
        func writeRecording(to end: Seconds) -> Bool {
            film.stop()
            do {
                let count = try recording.write(to: output, size: core.screen.bounds.size, from: 0, to: end,
                                                budget: core.timeBudget, frame: film.frame(at:))
                print("wrote \(output) (\(count) frames)")
                return true
            } catch let error as TimeBudgetExceeded {
                printError(error.commandLineText(doing: "recording \(output); it was not completed"))
            } catch {
                printError("scrim: \(error)")
            }
            return false
        }
        // A script that ends the process with os.exit gets the recording up to that moment.
        let promise = PromisedOutputs.promise { _ = writeRecording(to: core.now) }
        defer { PromisedOutputs.withdraw(promise) }
        do {
            runtime.setArgTable(words: (before + [script]).map { Array($0.utf8) } + arguments, scriptIndex: before.count)
            try ScriptPlan.Script(script).run(in: runtime, arguments: arguments)
            if let duration {
                if core.now < duration { core.clock.advance(to: duration) }
                // Advancing stops early when the budget is spent; the recording is not made of what is left.
                if let interruption = core.clock.interruption { throw interruption }
            } else {
                try runtime.settle()
            }
        } catch let error as LuaError {
            printError(error, options: options)
            return PromisedOutputs.exitStatus(1)
        } catch let error as TimeBudgetExceeded {
            printError(error.commandLineText())
            return PromisedOutputs.exitStatus(1)
        } catch let error as SettleError {
            printError("scrim: \(error)")
            printError("(a run that does not settle needs a --duration for its recording)")
            return 1
        } catch {
            printError("scrim: \(error)")
            return 1
        }
        PromisedOutputs.withdraw(promise)
        guard writeRecording(to: duration ?? core.now) else { return 1 }
        // Errors reported along the way fail the command, as they fail a run.
        return runtime.reportedErrors > 0 ? 1 : 0
    }
}
