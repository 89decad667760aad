import ScrimCore
import ScrimLua

extension PluginHost {
    /// What the commands do with a fresh runtime: install the loader and load the plugins along `searchPath`.
    /// A plugin that fails, then or later through `scrim.plugins.load`, is written to `report` (standard error by
    /// default); the others load, and the run goes on.
    @discardableResult
    public static func start(in runtime: LuaRuntime, searchPath: PluginSearchPath,
                             report: @escaping (String) -> Void = { writeToStandardError($0 + "\n") }) -> PluginHost {
        let host = install(in: runtime)
        host.failureOutput = report
        guard !searchPath.directories.isEmpty else { return host }
        host.load(searchPath: searchPath)
        for plugin in host.plugins where plugin.state == .failed { report(failureMessage(plugin)) }
        return host
    }
}

extension PluginSearchPath {
    /// Why `directory` cannot be on the search path of a `--plugins` flag, or nil if it can.
    public static func problem(with directory: String) -> String? {
        if BundledPlugins.isBundledName(directory) {
            return BundledPlugins.folders(directory).isEmpty ? BundledPlugins.unknown(directory) : nil
        }
        return isDirectory(directory) ? nil : "no plugin folder '\(directory)' (give a plugin folder, a folder of plugins, or @name of a bundled plugin)"
    }
}
