import Glibc
import ScrimCore
import ScrimLua
import ScrimPlugins

/// `scrim run [options] FILE|- [args…]` and `scrim -e CODE`.
enum RunCommand {
    static let realtime = Option("realtime", help: "the wall clock drives time instead of settling at once at the end")
    static let trace = Option("trace", value: "FILE", help: """
        write a Chrome trace-event timeline (open it in Perfetto): animations per
        view and transition phases on the virtual clock, every Lua callback and
        hook handler with its wall-clock cost and source; written however the run ends
        """)
    static let execute = Option(nil, short: "e", value: "CODE", help: "run CODE first (may be repeated)")

    static let options = [RuntimeFlags.timeout, RuntimeFlags.maxMemory, RuntimeFlags.screen, realtime,
                          RuntimeFlags.plugins, trace, execute]

    static let command = Command(
        path: ["run"], usage: ["[options] FILE|- [args…]"],
        summary: "run a Lua script (FILE '-' reads standard input)",
        about: """
            Runs FILE as `lua5.4 FILE args…` would: `...` holds the arguments and the global `arg`
            holds them too (arg[0] is FILE). The global `scrim` is the Scrim module.
            Only Lua source is accepted; binary (precompiled) chunks are refused.
            """,
        options: options, operands: .endOptions,
        notes: """
            Time is virtual: it moves with scrim.advance and scrim.settle, and the run settles (plays out
            every animation and timer) before it exits.
            Errors print `scrim: FILE:LINE: message` and a traceback on stderr, and exit with status 1;
            so do errors reported from callbacks, timers and hook handlers, and a settle that times out.
            """,
        run: main)

    static func main(_ parsed: ParsedArguments) throws -> Int32 {
        var options = RuntimeOptions()
        try RuntimeFlags.apply(parsed, to: &options)
        let pluginDirectories = try RuntimeFlags.pluginDirectories(parsed)
        let chunks = parsed.values(execute)
        let rest = parsed.operands.map(\.text)
        if chunks.isEmpty && rest.isEmpty {
            throw parsed.command.usageError("no script given (a file, or - for standard input)")
        }
        let before = (["scrim"] + parsed.command.path) + parsed.wordsBeforeOperands.map(\.text)
        let runtime = LuaRuntime(options: options)
        let trace = parsed.value(trace).map { RunTrace(runtime: runtime, path: $0) }
        PluginHost.start(in: runtime, searchPath: .standard(flags: pluginDirectories))
        // The trace is written however the run ends: a failing run is often the one worth looking at.
        let status: Int32
        do {
            status = try execute(runtime, chunks: chunks, rest: rest, before: before, realtime: parsed.has(realtime))
        } catch {
            _ = trace?.write()
            throw error
        }
        guard let trace else { return status }
        return trace.write() ? status : 1
    }

    /// Runs the `-e` chunks and the script, then settles; the exit status.
    private static func execute(_ runtime: LuaRuntime, chunks: [String], rest: [String], before: [String],
                                realtime: Bool) throws -> Int32 {
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
            // What the script started (animations, timers, transitions) plays out before exit.
            if realtime { try settleInRealTime(runtime) } else { try runtime.settle() }
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
