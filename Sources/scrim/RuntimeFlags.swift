import ScrimCore
import ScrimLua
import ScrimPlugins

/// The options of every command that starts a runtime, declared once and read the same way everywhere. A command may
/// declare one under the same name with its own help line (`scrim test`'s `--timeout` is a budget per test); the
/// readers match by name.
enum RuntimeFlags {
    static let timeout = Option("timeout", value: "S",
                                help: """
        wall-clock budget of the run, in seconds (default 30; 0 = none); the
        REPL's is per statement, a --window's per click, key and frame
        """)
    static let maxMemory = Option("max-memory", value: "SIZE",
                                  help: "memory budget of the script (Lua and what Scrim keeps for it), e.g. 64M\nor 1G (default 1G; 0 = none)")
    static let screen = Option("screen", value: "WxH[@S]", help: "the virtual screen (default 390x844@3)")
    static let device = Option("device", value: "NAME", help: """
        the virtual screen of a device: iphone-se (375x667@2), iphone-15
        (393x852@3), iphone-15-pro-max (430x932@3), ipad (820x1180@2)
        """)
    static let plugins = Option("plugins", value: "DIR", help: """
        load the plugins in DIR (a plugin folder or a folder of plugins; @NAME: a
        bundled one, @bundled: all) first; may be repeated; then SCRIM_PLUGIN_PATH
        (':'-separated), then ./plugins (unless it holds .scrim-bundled)
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

    /// `--timeout`, `--max-memory`, `--screen` (or `--device`), `--trace-internals` and `--no-bytecode`, where
    /// given, into `options`.
    static func apply(_ parsed: ParsedArguments, to options: inout RuntimeOptions) throws {
        if parsed.has(traceInternals) { options.traceInternals = true }
        if parsed.has(noBytecode) { options.refusesBytecode = true }
        if let seconds = try parsed.value(timeout, .timeBudget) {
            options.timeBudget = seconds == 0 ? nil : seconds
        }
        if let bytes = try parsed.value(maxMemory, .memoryBudget) {
            options.memoryLimit = bytes == 0 ? nil : Int(bytes)
        }
        if let screen = try parsed.value(screen, expected: "WIDTHxHEIGHT[@SCALE], e.g. 390x844@3", { try? Screen.parse($0) }) {
            options.screen = screen
        }
        if let device = try parsed.value(device, expected: DevicePreset.list, { DevicePreset.screen(named: $0) }) {
            if parsed.has(screen) { throw parsed.command.usageError("--device and --screen both choose the screen: give one") }
            options.screen = device
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
}
