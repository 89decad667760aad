import ScrimCore
import ScrimLua
import ScrimPlugins

/// The options of every command that starts a runtime, declared once and read the same way everywhere. A command may
/// declare one under the same name with its own help line (`scrim test`'s `--timeout` is a budget per test); the
/// readers match by name.
enum RuntimeFlags {
    static let timeout = Option("timeout", value: "S",
                                help: "wall-clock budget of the run (the REPL: of each statement), in seconds\n(default 30; 0 = none)")
    static let maxMemory = Option("max-memory", value: "SIZE",
                                  help: "memory budget of the script (Lua and what Scrim keeps for it), e.g. 64M\nor 1G (default 1G; 0 = none)")
    static let screen = Option("screen", value: "WxH[@S]", help: "the virtual screen (default 390x844@3)")
    static let plugins = Option("plugins", value: "DIR", help: """
        load the plugins in DIR (a plugin folder or a folder of plugins; @NAME: a
        bundled one, @bundled: all) first; may be repeated; then SCRIM_PLUGIN_PATH
        (':'-separated), then ./plugins
        """)

    static let traceInternals = Option("trace-internals", help: """
        tracebacks keep the frames of Scrim's own Lua (class.lua, …), which are
        left out by default
        """)

    static let noBytecode = Option("no-bytecode", help: """
        refuse binary (precompiled) chunks in load, loadfile, dofile and require,
        and remove string.dump: for code you do not trust (a crafted binary chunk
        can crash Lua or reach its memory)
        """)

    /// `--timeout`, `--max-memory`, `--screen`, `--trace-internals` and `--no-bytecode`, where given, into `options`.
    static func apply(_ parsed: ParsedArguments, to options: inout RuntimeOptions) throws {
        if parsed.has(traceInternals) { options.traceInternals = true }
        if parsed.has(noBytecode) { options.refusesBytecode = true }
        if let seconds = try parsed.value(timeout, expected: "seconds, e.g. 5 or 0.5; 0 for none", { text in
            Double(text).flatMap { $0 >= 0 && $0.isFinite ? $0 : nil }
        }) {
            options.timeBudget = seconds == 0 ? nil : seconds
        }
        if let bytes = try parsed.value(maxMemory, expected: "a size such as 64M or 1G; 0 for none", parseSize) {
            options.memoryLimit = bytes == 0 ? nil : bytes
        }
        if let screen = try parsed.value(screen, expected: "WIDTHxHEIGHT[@SCALE], e.g. 390x844@3", { try? Screen.parse($0) }) {
            options.screen = screen
        }
    }

    /// The folders given with `--plugins`, each checked to exist.
    static func pluginDirectories(_ parsed: ParsedArguments) throws -> [String] {
        let directories = parsed.values(plugins)
        for directory in directories {
            if let problem = PluginSearchPath.problem(with: directory) { throw parsed.command.usageError(problem) }
        }
        return directories
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
}
