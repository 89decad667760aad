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

    static func main(_ arguments: [String]) throws -> Int32 {
        var options = RuntimeOptions()
        var at: Seconds?
        var film: Int?
        var duration: Seconds?
        var output: String?
        var scale: Double?
        var pluginDirectories: [String] = []
        var index = 0
        var before = ["scrim", "snapshot"]
        func value(for flag: String) throws -> String {
            guard index + 1 < arguments.count else {
                throw UsageError(message: "option '\(flag)' needs a value", command: "snapshot")
            }
            index += 1
            before.append(arguments[index])
            return arguments[index]
        }
        func seconds(_ flag: String, positive: Bool = false) throws -> Seconds {
            let text = try value(for: flag)
            guard let number = Double(text), number.isFinite, positive ? number > 0 : number >= 0 else {
                throw UsageError(message: "invalid \(flag) '\(text)' (seconds of virtual time, e.g. 0.25)", command: "snapshot")
            }
            return number
        }
        var script: String?
        var scriptArguments: [String] = []
        // Options may come before or after FILE (`scrim snapshot app.lua --at 0.1`); the script's own arguments
        // follow `--`.
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--" {
                scriptArguments = Array(arguments[(index + 1)...])
                break
            }
            guard argument.hasPrefix("-"), argument != "-" else {
                guard script == nil else {
                    throw UsageError(message: "unexpected argument '\(argument)' (the script's arguments go after --)",
                                     command: "snapshot")
                }
                script = argument
                index += 1
                continue
            }
            before.append(argument)
            switch argument {
            case "--at":
                at = try seconds(argument)
            case "--film":
                let text = try value(for: argument)
                guard let count = Int(text), count >= 1, count <= maxFilmFrames else {
                    throw UsageError(message: "invalid --film '\(text)' (a number of frames, 1 to \(maxFilmFrames))", command: "snapshot")
                }
                film = count
            case "--duration":
                duration = try seconds(argument, positive: true)
            case "-o", "--output":
                output = try value(for: argument)
            case "--scale":
                let text = try value(for: argument)
                guard let number = Double(text), number.isFinite, number > 0, number <= 8 else {
                    throw UsageError(message: "invalid --scale '\(text)' (pixels a point, e.g. 1 or 2; at most 8)", command: "snapshot")
                }
                scale = number
            case "--screen":
                let text = try value(for: argument)
                do { options.screen = try Screen.parse(text) } catch {
                    throw UsageError(message: "invalid --screen '\(text)' (WIDTHxHEIGHT[@SCALE], e.g. 390x844@3)", command: "snapshot")
                }
            case "--plugins":
                let directory = try value(for: argument)
                if let problem = PluginSearchPath.problem(with: directory) {
                    throw UsageError(message: problem, command: "snapshot")
                }
                pluginDirectories.append(directory)
            case "--timeout", "--max-memory":
                _ = try RuntimeFlags.apply(argument, try value(for: argument), to: &options, command: "snapshot")
            default:
                throw UsageError(message: "unknown option '\(argument)'", command: "snapshot")
            }
            index += 1
        }
        guard let script else {
            throw UsageError(message: "no script given (a file, or - for standard input)", command: "snapshot")
        }
        if at != nil, film != nil {
            throw UsageError(message: "--at and --film do not go together (one picture at a time, or a film strip)", command: "snapshot")
        }
        if duration != nil, film == nil {
            throw UsageError(message: "--duration goes with --film (the span of the strip)", command: "snapshot")
        }
        let mode: Mode = film.map { .film(frames: $0, duration: duration) } ?? at.map { .at($0) } ?? .settled
        let destination = output ?? defaultOutput(for: script, mode: mode)
        return run(script, arguments: scriptArguments, before: before, options: options,
                   plugins: .standard(flags: pluginDirectories), mode: mode, output: destination, scale: scale)
    }

    /// `name.png` (a film: `name-film.png`) in the current directory, for the script `…/name.lua`.
    static func defaultOutput(for script: String, mode: Mode) -> String {
        var name = script == "-" ? "stdin" : String(script.split(separator: "/").last ?? "snapshot")
        if name.hasSuffix(".lua") { name.removeLast(4) }
        if case .film = mode { name += "-film" }
        return name + ".png"
    }

    static func run(_ script: String, arguments: [String], before: [String], options: RuntimeOptions,
                    plugins: PluginSearchPath, mode: Mode, output: String, scale: Double?) -> Int32 {
        let runtime = LuaRuntime(options: options)
        PluginHost.start(in: runtime, searchPath: plugins)
        let core = runtime.core
        let recorder = FilmRecorder(runtime: core)
        do {
            if script == "-" {
                try runtime.runString(RunCommand.readStandardInput(), name: "=stdin", script: "-", arguments: arguments,
                                      before: before)
            } else {
                try runtime.runFile(script, arguments: arguments, before: before)
            }
            switch mode {
            case .settled, .film(_, nil):
                try runtime.settle()
            case .at(let time), .film(_, let time?):
                if core.now < time { core.clock.advance(to: time) }
            }
        } catch let error as LuaError {
            printError("scrim: \(error.message)")
            if !error.traceback.isEmpty { printError(error.traceback) }
            return 1
        } catch let error as SettleError {
            printError("scrim: \(error)")
            if case .film = mode { printError("(a run that does not settle needs a --duration for its film)") }
            return 1
        } catch {
            printError("scrim: \(error)")
            return 1
        }
        recorder.stop()
        do {
            switch mode {
            case .settled:
                try CairoRenderer.writePNG(recorder.frame(at: core.now), to: output, scale: scale)
            case .at(let time):
                try CairoRenderer.writePNG(recorder.frame(at: time), to: output, scale: scale)
            case .film(let count, let duration):
                let end = duration ?? core.now
                let times = (0..<count).map { count == 1 ? end : end * Double($0) / Double(count - 1) }
                try FilmStrip.writePNG(times.map(recorder.frame(at:)), to: output, scale: scale ?? 1)
            }
        } catch {
            printError("scrim: \(error)")
            return 1
        }
        print("wrote \(output)")
        // Errors reported along the way (in callbacks, timers, hook handlers) fail the command, as they fail a run.
        return runtime.reportedErrors > 0 ? 1 : 0
    }
}
