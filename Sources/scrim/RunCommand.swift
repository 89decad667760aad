import Glibc
import ScrimCore
import ScrimLua
import ScrimPlugins
import ScrimWindow

/// `scrim run [options] FILE|- [args…]` and `scrim -e CODE`.
enum RunCommand {
    static func main(_ arguments: [String], invocation: [String]) throws -> Int32 {
        var options = RuntimeOptions()
        var chunks: [String] = []
        var realtime = false
        var pluginDirectories: [String] = []
        var tracePath: String?
        var window = WindowFlags()
        var index = 0
        var before = invocation
        func value(for flag: String) throws -> String {
            guard index + 1 < arguments.count else {
                throw UsageError(message: "option '\(flag)' needs a value", command: "run")
            }
            index += 1
            return arguments[index]
        }
        while index < arguments.count {
            let argument = arguments[index]
            guard argument.hasPrefix("-"), argument != "-" else { break }
            before.append(argument)
            switch argument {
            case "--timeout":
                let text = try value(for: argument)
                guard let seconds = Double(text), seconds >= 0, seconds.isFinite else {
                    throw UsageError(message: "invalid --timeout '\(text)' (seconds, e.g. 5 or 0.5; 0 for none)", command: "run")
                }
                options.timeBudget = seconds == 0 ? nil : seconds
                before.append(text)
            case "--max-memory":
                let text = try value(for: argument)
                guard let bytes = parseSize(text) else {
                    throw UsageError(message: "invalid --max-memory '\(text)' (a size such as 64M or 1G; 0 for none)", command: "run")
                }
                options.memoryLimit = bytes == 0 ? nil : bytes
                before.append(text)
            case "--screen":
                let text = try value(for: argument)
                do { options.screen = try Screen.parse(text) } catch {
                    throw UsageError(message: "invalid --screen '\(text)' (WIDTHxHEIGHT[@SCALE], e.g. 390x844@3)", command: "run")
                }
                before.append(text)
            case "--realtime":
                realtime = true
            case "--window", "--scale":
                try window.apply(argument, value: value, command: "run")
                if argument == "--scale" { before.append(arguments[index]) }
            case "--plugins":
                let directory = try value(for: argument)
                if let problem = PluginSearchPath.problem(with: directory) { throw UsageError(message: problem, command: "run") }
                pluginDirectories.append(directory)
                before.append(directory)
            case "--trace":
                let path = try value(for: argument)
                tracePath = path
                before.append(path)
            case "-e":
                let code = try value(for: argument)
                chunks.append(code)
                before.append(code)
            case "--":
                index += 1
                break
            default:
                throw UsageError(message: "unknown option '\(argument)'", command: "run")
            }
            if argument == "--" { break }
            index += 1
        }
        let rest = Array(arguments[index...])
        if chunks.isEmpty && rest.isEmpty {
            throw UsageError(message: "no script given (a file, or - for standard input)", command: "run")
        }
        try window.check(command: "run")
        let runtime = LuaRuntime(options: options)
        let trace = tracePath.map { RunTrace(runtime: runtime, path: $0) }
        PluginHost.start(in: runtime, searchPath: .standard(flags: pluginDirectories))
        // The trace is written however the run ends: a failing run is often the one worth looking at.
        let status: Int32
        do {
            // The window opens first: without a display nothing runs, and what the script starts is seen from time 0.
            let live = try window.open(runtime, name: rest.first ?? "(command line)")
            status = try execute(runtime, chunks: chunks, rest: rest, before: before, realtime: realtime, window: live)
        } catch {
            _ = trace?.write()
            throw error
        }
        guard let trace else { return status }
        return trace.write() ? status : 1
    }

    /// Runs the `-e` chunks and the script, then settles; the exit status.
    private static func execute(_ runtime: LuaRuntime, chunks: [String], rest: [String], before: [String],
                                realtime: Bool, window: LiveWindow?) throws -> Int32 {
        do {
            for code in chunks {
                try runtime.runString(code, name: "=(command line)")
            }
            if realtime { runtime.core.clock.startRealTime() }
            if let script = rest.first {
                let scriptArguments = Array(rest.dropFirst())
                if script == "-" {
                    try runtime.runString(readStandardInput(), name: "=stdin", script: "-", arguments: scriptArguments, before: before)
                } else {
                    try runtime.runFile(script, arguments: scriptArguments, before: before)
                }
            }
            // A window runs until it is closed (or the script calls os.exit), in real time; otherwise what the
            // script started (animations, timers, transitions) plays out before exit.
            if let window {
                window.run()
            } else if realtime {
                try settleInRealTime(runtime)
            } else {
                try runtime.settle()
            }
        } catch let error as LuaError {
            printError("scrim: \(error.message)")
            if !error.traceback.isEmpty { printError(error.traceback) }
            return 1
        } catch let error as SettleError {
            printError("scrim: \(error)")
            return 1
        }
        // Errors reported along the way (in callbacks, timers, hook handlers) fail the run too.
        return runtime.reportedErrors > 0 ? 1 : 0
    }

    /// `--realtime`: the wall clock drives the same scheduler until nothing is pending (at most 10 s more).
    static func settleInRealTime(_ runtime: LuaRuntime) throws {
        let clock = runtime.core.clock
        let deadline = clock.now + 10
        while !clock.isIdle {
            clock.advanceToWallClock()
            if clock.now > deadline { _ = try runtime.settle(timeout: 0) }
            usleep(UInt32(1_000_000 / max(clock.frameRate, 1)))
        }
    }

    /// "64M", "1G", "512K", "1048576" (bytes); K/M/G are powers of 1024, an optional trailing B is allowed.
    static func parseSize(_ text: String) -> Int? {
        var digits = Substring(text.uppercased())
        if digits.hasSuffix("B") { digits = digits.dropLast() }
        var multiplier = 1
        switch digits.last {
        case "K": multiplier = 1 << 10
        case "M": multiplier = 1 << 20
        case "G": multiplier = 1 << 30
        default: break
        }
        if multiplier != 1 { digits = digits.dropLast() }
        guard let number = Double(digits), number >= 0, number.isFinite else { return nil }
        let bytes = number * Double(multiplier)
        guard bytes < Double(Int.max) else { return nil }
        return Int(bytes)
    }

    static func readStandardInput() -> String {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = read(0, &buffer, buffer.count)
            if n <= 0 { break }
            bytes.append(contentsOf: buffer[0..<n])
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
