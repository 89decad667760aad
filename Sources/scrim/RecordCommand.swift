import ScrimCore
import ScrimLua
import ScrimPlugins
import ScrimRecord
import ScrimRender

/// `scrim record FILE -o OUT [--fps N] [--duration S] [--scale N] [options] [-- args…]`: runs a script as `scrim run`
/// does and writes what the screen shows as an animation (.webp, .gif or .mp4, by OUT's extension), from time 0 to
/// the end of the run (when it settles) or to `--duration S`, at N frames a second of virtual time.
enum RecordCommand {
    static func main(_ arguments: [String]) throws -> Int32 {
        var options = RuntimeOptions()
        var output: String?
        var fps = 30.0
        var duration: Seconds?
        var scale = 1.0
        var pluginDirectories: [String] = []
        var script: String?
        var scriptArguments: [String] = []
        var before = ["scrim", "record"]
        var index = 0
        func value(for flag: String) throws -> String {
            guard index + 1 < arguments.count else {
                throw UsageError(message: "option '\(flag)' needs a value", command: "record")
            }
            index += 1
            before.append(arguments[index])
            return arguments[index]
        }
        func number(_ flag: String, in range: ClosedRange<Double>, meaning: String) throws -> Double {
            let text = try value(for: flag)
            guard let number = Double(text), number.isFinite, range.contains(number), number > 0 else {
                throw UsageError(message: "invalid \(flag) '\(text)' (\(meaning))", command: "record")
            }
            return number
        }
        // Options may come before or after FILE; the script's own arguments follow `--`.
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--" {
                scriptArguments = Array(arguments[(index + 1)...])
                break
            }
            guard argument.hasPrefix("-"), argument != "-" else {
                guard script == nil else {
                    throw UsageError(message: "unexpected argument '\(argument)' (the script's arguments go after --)",
                                     command: "record")
                }
                script = argument
                index += 1
                continue
            }
            before.append(argument)
            switch argument {
            case "-o", "--output":
                output = try value(for: argument)
            case "--fps":
                fps = try number(argument, in: Recording.framesPerSecondRange, meaning: "frames a second, 1 to 120")
            case "--duration":
                duration = try number(argument, in: 0...3600, meaning: "seconds of virtual time, at most 3600")
            case "--scale":
                scale = try number(argument, in: 0...8, meaning: "pixels a point, e.g. 1 or 2; at most 8")
            case "--screen":
                let text = try value(for: argument)
                do { options.screen = try Screen.parse(text) } catch {
                    throw UsageError(message: "invalid --screen '\(text)' (WIDTHxHEIGHT[@SCALE], e.g. 390x844@3)", command: "record")
                }
            case "--plugins":
                let directory = try value(for: argument)
                if let problem = PluginSearchPath.problem(with: directory) {
                    throw UsageError(message: problem, command: "record")
                }
                pluginDirectories.append(directory)
            case "--timeout", "--max-memory":
                _ = try RuntimeFlags.apply(argument, try value(for: argument), to: &options, command: "record")
            default:
                throw UsageError(message: "unknown option '\(argument)'", command: "record")
            }
            index += 1
        }
        guard let script else {
            throw UsageError(message: "no script given (a file, or - for standard input)", command: "record")
        }
        guard let output else {
            throw UsageError(message: "no output given: -o OUT.webp (or .gif, .mp4)", command: "record")
        }
        do { _ = try AnimationFormat(path: output) } catch {
            throw UsageError(message: "\(error)", command: "record")
        }
        let recording = Recording(framesPerSecond: fps, scale: scale)
        return run(script, arguments: scriptArguments, before: before, options: options,
                   plugins: .standard(flags: pluginDirectories), duration: duration, recording: recording, output: output)
    }

    static func run(_ script: String, arguments: [String], before: [String], options: RuntimeOptions,
                    plugins: PluginSearchPath, duration: Seconds?, recording: Recording, output: String) -> Int32 {
        let runtime = LuaRuntime(options: options)
        PluginHost.start(in: runtime, searchPath: plugins)
        let core = runtime.core
        let film = FilmRecorder(runtime: core)
        do {
            if script == "-" {
                try runtime.runString(RunCommand.readStandardInput(), name: "=stdin", script: "-", arguments: arguments,
                                      before: before)
            } else {
                try runtime.runFile(script, arguments: arguments, before: before)
            }
            if let duration {
                if core.now < duration { core.clock.advance(to: duration) }
            } else {
                try runtime.settle()
            }
        } catch let error as LuaError {
            printError("scrim: \(error.message)")
            if !error.traceback.isEmpty { printError(error.traceback) }
            return 1
        } catch let error as SettleError {
            printError("scrim: \(error)")
            printError("(a run that does not settle needs a --duration for its recording)")
            return 1
        } catch {
            printError("scrim: \(error)")
            return 1
        }
        film.stop()
        do {
            let count = try recording.write(to: output, size: core.screen.bounds.size, from: 0, to: duration ?? core.now,
                                            frame: film.frame(at:))
            print("wrote \(output) (\(count) frames)")
        } catch {
            printError("scrim: \(error)")
            return 1
        }
        // Errors reported along the way fail the command, as they fail a run.
        return runtime.reportedErrors > 0 ? 1 : 0
    }
}
