import ScrimLua
import ScrimPlugins

/// `scrim plugins [list|check] [DIR]`: the plugins in DIR (a plugin folder or a folder of plugins), or along the
/// search path (`SCRIM_PLUGIN_PATH`, then `./plugins`), loaded into a fresh runtime as `scrim run` would load them.
enum PluginsCommand {
    static let command = Command(
        path: ["plugins"], usage: ["[list|check] [DIR]"],
        summary: "list or validate plugins (manifests, load order)",
        about: """
            Loads the plugins in DIR (a plugin folder, with plugin.lua, or a folder of plugin folders), or
            along the search path (SCRIM_PLUGIN_PATH, ':'-separated, then ./plugins), into a fresh runtime,
            as `scrim run` loads them: manifests validated, dependencies first, setup run.
            Without a sub-command, `list`.
            """,
        notes: "Exit status: 0 success, 1 a problem (check), 2 a usage error.",
        subcommands: [("list", { list }), ("check", { check })], defaultSubcommand: "list", run: nil)

    static let list = Command(
        path: ["plugins", "list"], usage: ["[DIR]"],
        summary: "one line a plugin: name, version, state (loaded or failed), error",
        about: "Loads the plugins in DIR, or along the search path, and prints one line a plugin: name, version,\n"
            + "state (loaded or failed) and the first line of its error.",
        options: [timeout, RuntimeFlags.maxMemory],
        run: { try main($0, action: "list") })

    static let check = Command(
        path: ["plugins", "check"], usage: ["[DIR]"],
        summary: "validate: load order, each plugin ok or FAIL, warnings; exit 1 on a problem",
        about: """
            Loads the plugins in DIR, or along the search path, and prints the load order, each plugin ok or
            FAIL with its error, and the warnings (unknown manifest fields, shadowed plugins).
            """,
        options: [timeout, RuntimeFlags.maxMemory],
        notes: "Exit status: 0 every plugin loads, 1 one cannot or none is found, 2 a usage error.",
        run: { try main($0, action: "check") })

    /// Read by RuntimeFlags; each plugin has a budget of its own, so one that loops fails alone.
    static let timeout = Option("timeout", value: "S", help: """
        wall-clock budget of each plugin's plugin.lua and of its setup, in seconds
        (default 30; 0 = none)
        """)

    static func main(_ parsed: ParsedArguments, action: String) throws -> Int32 {
        let arguments = parsed.operands.map(\.text)
        guard arguments.count <= 1 else {
            throw parsed.command.usageError("one folder at most (scrim plugins [list|check] [DIR])")
        }
        let searchPath: PluginSearchPath
        if let directory = arguments.first {
            if let problem = PluginSearchPath.problem(with: directory) { throw parsed.command.usageError(problem) }
            searchPath = PluginSearchPath(directories: [directory])
        } else {
            searchPath = .standard(flags: [])
        }

        var options = RuntimeOptions()
        try RuntimeFlags.apply(parsed, to: &options)
        let runtime = try LuaRuntime(options: options)
        let host = PluginHost.install(in: runtime)
        host.budgetPerPlugin = true
        var warnings: [String] = []
        host.warningOutput = { warnings.append($0) }
        host.load(searchPath: searchPath)
        let where_ = searchPath.directories.isEmpty ? "nothing to search: no SCRIM_PLUGIN_PATH and no ./plugins (or one marked .scrim-bundled)"
                                                    : "searched " + searchPath.directories.joined(separator: ", ")
        switch action {
        case "check":
            return check(host, warnings: warnings, where: where_)
        default:
            return list(host, where: where_)
        }
    }

    /// One line a plugin: name, version, state, and the error's first line.
    static func list(_ host: PluginHost, where: String) -> Int32 {
        guard !host.plugins.isEmpty else {
            print("no plugins (\(`where`))")
            return 0
        }
        let nameWidth = host.plugins.map(\.name.count).max() ?? 0
        let versionWidth = host.plugins.map { ($0.version ?? "?").count }.max() ?? 0
        for plugin in host.plugins {
            var line = pad(plugin.name, nameWidth) + "  " + pad(plugin.version ?? "?", versionWidth) + "  "
            line += plugin.state.rawValue
            if let error = plugin.error { line += "  " + firstLine(error) }
            print(line)
        }
        return 0
    }

    /// Validates every plugin, prints the load order and each problem; exit 1 if any plugin cannot load.
    static func check(_ host: PluginHost, warnings: [String], where: String) -> Int32 {
        guard !host.plugins.isEmpty else {
            print("no plugins (\(`where`))")
            return 1
        }
        let loaded = host.plugins.filter { $0.state == .loaded }
        let failed = host.plugins.filter { $0.state == .failed }
        print("load order: " + (loaded.isEmpty ? "(none)" : loaded.map(\.name).joined(separator: " → ")))
        for plugin in loaded { print("  ok    \(plugin.name) \(plugin.version ?? "?")") }
        for plugin in failed { print("  FAIL  \(plugin.name): \(firstLine(plugin.error ?? "unknown error"))") }
        for warning in warnings { print("warning: \(warning)") }
        var summary = "\(host.plugins.count) plugin\(host.plugins.count == 1 ? "" : "s"): \(loaded.count) ok, \(failed.count) failed"
        if !warnings.isEmpty { summary += ", \(warnings.count) warning\(warnings.count == 1 ? "" : "s")" }
        print(summary)
        return failed.isEmpty ? 0 : 1
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
    }

    private static func firstLine(_ text: String) -> String {
        String(text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
    }
}
