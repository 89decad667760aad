import ScrimCore
import ScrimLua

/// The plugin loader of one runtime (docs/API.md §9): finds plugin folders, validates manifests, loads plugins in
/// dependency order, each in its own sandboxed environment, and reloads them in place. It installs
/// `scrim.plugins`, `scrim.menu`, `scrim.transition` and `scrim.controller`; the Lua half (environments, exports,
/// the adapter) is `PluginPrelude`, compiled on first use so that runtimes without plugins pay nothing for it.
/// The runtime owns its host (`LuaRuntime.pluginHost`); `PluginHost.of(runtime)` finds it.
public final class PluginHost {
    public private(set) weak var runtime: LuaRuntime?
    /// Every plugin this runtime tried to load, in load order.
    public private(set) var plugins: [Plugin] = []
    /// Where warnings (unknown manifest fields, shadowed plugins) are written; standard error by default.
    public var warningOutput: (String) -> Void = { writeToStandardError("scrim: warning: \($0)\n") }
    /// Where a plugin that `scrim.plugins.load` could not load is reported (`failureMessage`); standard error by
    /// default, as at start-up (`start`).
    public var failureOutput: (String) -> Void = { writeToStandardError($0 + "\n") }

    /// Whether each plugin's plugin.lua and its setup run under a time budget of their own (`scrim plugins check`):
    /// a plugin that loops spends its own budget, and the plugins after it are checked with theirs.
    public var budgetPerPlugin = false

    private var prelude: LuaRef?
    /// The plugins being loaded or reloaded now: a plugin's code may load plugins (with the "plugins" permission),
    /// but not itself or one whose load is under way.
    private var busy: Set<String> = []

    private init(runtime: LuaRuntime) {
        self.runtime = runtime
    }

    /// The host of `runtime`, installed on first use.
    @discardableResult
    public static func install(in runtime: LuaRuntime) -> PluginHost {
        if let host = of(runtime) { return host }
        let host = PluginHost(runtime: runtime)
        runtime.pluginHost = host
        host.installModuleFunctions()
        return host
    }

    /// The host installed in `runtime`, if any.
    public static func of(_ runtime: LuaRuntime) -> PluginHost? {
        guard !runtime.state.isClosed else { return nil }
        return runtime.pluginHost as? PluginHost
    }

    /// The record of the plugin called `name`.
    public func plugin(_ name: String) -> Plugin? {
        plugins.first { $0.name == name }
    }

    // MARK: Loading

    /// Loads every plugin along `searchPath`; returns the names loaded. Failures are in `plugins` (and emitted).
    @discardableResult
    public func load(searchPath: PluginSearchPath) -> [String] {
        let (folders, shadowed) = searchPath.discover()
        shadowed.forEach(warningOutput)
        return load(folders)
    }

    /// Loads a plugin folder or a folder of plugins; `options` (a Lua table) are a single plugin's options, or for a
    /// folder of plugins a table of options by plugin name. Throws if `path` holds no plugin.
    @discardableResult
    public func load(path: String, options: LuaRef? = nil) throws -> [String] {
        let folders = PluginFolder.find(in: path)
        guard !folders.isEmpty else {
            if BundledPlugins.isBundledName(path) { throw PluginError(plugin: "", message: BundledPlugins.unknown(path)) }
            throw PluginError(plugin: "", message: "no plugin in '\(path)' (a plugin is a folder with a plugin.lua)")
        }
        if let name = folders.first(where: { busy.contains($0.name) })?.name { throw Self.busyError(name) }
        let single = folders.count == 1 && folders[0].directory == PluginFolder(directory: path).directory
        let loaded = load(folders) { folder in
            guard let options else { return nil }
            if single { return options }
            return self.field(of: options, folder.name)
        }
        for folder in folders where !loaded.contains(folder.name) {
            if let record = plugin(folder.name), record.state == .failed { failureOutput(Self.failureMessage(record)) }
        }
        return loaded
    }

    /// `scrim: plugin 'name' failed to load: file:line: reason`.
    static func failureMessage(_ plugin: Plugin) -> String {
        "scrim: plugin '\(plugin.name)' failed to load: \(plugin.error ?? "unknown error")"
    }

    /// Loads `folders` in dependency order (with the plugins already loaded available to `requires`).
    @discardableResult
    public func load(_ folders: [PluginFolder], options: (PluginFolder) -> LuaRef? = { _ in nil }) -> [String] {
        var loadedNames: [String] = []
        var batch: [PluginFolder] = []
        for folder in folders where !busy.contains(folder.name) {
            if let existing = plugin(folder.name), existing.state == .loaded {
                if existing.directory == folder.directory {
                    if let given = options(folder) { _ = reloadOne(folder.name, options: given) }
                    loadedNames.append(folder.name)
                } else {
                    warningOutput("plugin '\(folder.name)' in \(folder.directory) is not loaded: the one in \(existing.directory) already is")
                }
                continue
            }
            batch.append(folder)
        }
        let names = Set(batch.map(\.name))
        busy.formUnion(names)
        defer { busy.subtract(names) }
        // Run each plugin.lua: a manifest, or the reason there is none.
        var evaluated: [String: Result<(PluginManifest, [String]), PluginError>] = [:]
        for folder in batch {
            evaluated[folder.name] = evaluate(folder, options: options(folder))
        }
        var requires: [String: [String]] = [:]
        for folder in batch {
            if case .success(let (manifest, _)) = evaluated[folder.name] { requires[folder.name] = manifest.requires }
            else { requires[folder.name] = [] }
        }
        let available = Set(plugins.filter { $0.state == .loaded }.map(\.name))
        let order = DependencyOrder(names: batch.map(\.name), requires: requires, available: available)
        let byName = Dictionary(batch.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        for name in order.order {
            // The order holds the batch's names only; a name it made up would be skipped, not trapped on.
            guard let folder = byName[name], let outcome = evaluated[name] else { continue }
            plugins.removeAll { $0.name == name }
            var record = Plugin(name: name, directory: folder.directory, manifest: nil, state: .failed)
            switch outcome {
            case .failure(let error):
                abort(name)
                record.error = error.message
            case .success(let (manifest, warnings)):
                record.manifest = manifest
                record.warnings = warnings
                warnings.forEach(warningOutput)
                if let problem = order.problems[name] {
                    abort(name)
                    record.error = problem
                } else if let missing = manifest.requires.first(where: { plugin($0)?.state != .loaded }) {
                    abort(name)
                    record.error = "plugin '\(name)' requires '\(missing)', which failed to load"
                } else {
                    do {
                        try activate(name, manifest)
                        record.state = .loaded
                        loadedNames.append(name)
                    } catch {
                        record.error = (error as? PluginError)?.message ?? "\(error)"
                    }
                }
            }
            plugins.append(record)
            busy.remove(name) // its load is over: handlers of the event may reload it
            emit(record.state == .loaded ? "plugin.didLoad" : "plugin.didFail", name, record.error)
        }
        return loadedNames
    }

    // MARK: Reloading

    /// Re-runs the plugin `name` (every plugin when nil), then the plugins that require it. A reload that fails
    /// leaves the previous version running. Returns whether all succeeded and the first error.
    public func reload(_ name: String? = nil, options: LuaRef? = nil) throws -> (ok: Bool, error: String?) {
        var targets: [String]
        if let name {
            if busy.contains(name) { throw Self.busyError(name) }
            guard plugin(name) != nil else {
                let known = plugins.map(\.name)
                throw PluginError(plugin: name, message: "no plugin '\(name)' (\(known.isEmpty ? "none loaded" : "plugins: " + known.joined(separator: ", ")))")
            }
            targets = [name]
            for record in plugins where record.name != name {
                if let requires = record.manifest?.requires, requires.contains(where: targets.contains) {
                    targets.append(record.name)
                }
            }
        } else {
            targets = plugins.map(\.name)
        }
        var firstError: String?
        var failed: Set<String> = []
        for target in targets where !busy.contains(target) {
            if let requires = plugin(target)?.manifest?.requires, let broken = requires.first(where: failed.contains) {
                failed.insert(target)
                firstError = firstError ?? "plugin '\(target)' was not reloaded: '\(broken)' failed to reload"
                continue
            }
            if let error = reloadOne(target, options: target == name ? options : nil) {
                failed.insert(target)
                firstError = firstError ?? error
            }
        }
        return (failed.isEmpty, firstError)
    }

    /// Reloads one plugin from its folder; returns the error if it failed (the previous version keeps running).
    /// The plugin's code may load other plugins meanwhile, so its record is looked up by name after it ran.
    private func reloadOne(_ name: String, options: LuaRef?) -> String? {
        guard let directory = plugin(name)?.directory else { return "no plugin '\(name)'" }
        if busy.contains(name) { return Self.busyError(name).message }
        busy.insert(name)
        defer { busy.remove(name) }
        var error: String?
        switch evaluate(PluginFolder(directory: directory), options: options) {
        case .failure(let failure):
            abort(name)
            error = failure.message
        case .success(let (manifest, warnings)):
            warnings.forEach(warningOutput)
            if let missing = manifest.requires.first(where: { plugin($0)?.state != .loaded }) {
                abort(name)
                error = "plugin '\(name)' requires '\(missing)', which is not loaded"
            } else {
                do {
                    try activate(name, manifest)
                    update(name) { record in
                        record.manifest = manifest
                        record.warnings = warnings
                        record.state = .loaded
                        record.error = nil
                    }
                } catch let failure {
                    error = (failure as? PluginError)?.message ?? "\(failure)"
                }
            }
        }
        busy.remove(name) // its reload is over: handlers of the event may reload it again
        if let error {
            update(name) { $0.error = error }
            emit("plugin.didFail", name, error)
        } else {
            emit("plugin.didReload", name, nil)
        }
        return error
    }

    private func update(_ name: String, _ change: (inout Plugin) -> Void) {
        if let position = plugins.firstIndex(where: { $0.name == name }) { change(&plugins[position]) }
    }

    private static func busyError(_ name: String) -> PluginError {
        PluginError(plugin: name, message: "plugin '\(name)' is being loaded or reloaded: a plugin cannot load or reload itself, or a plugin whose load is under way")
    }

    // MARK: The Lua half

    /// Runs `plugin.lua` of `folder` in a fresh environment and validates the manifest it returns.
    private func evaluate(_ folder: PluginFolder, options: LuaRef?) -> Result<(PluginManifest, [String]), PluginError> {
        guard let runtime else { return .failure(PluginError(plugin: folder.name, message: "the runtime is gone")) }
        guard let source = folder.readManifestSource() else {
            return .failure(PluginError(plugin: folder.name, message: "\(folder.manifestPath): cannot be read"))
        }
        let state = runtime.state
        if budgetPerPlugin { state.restartTimeBudget() }
        do {
            let manifest = try callPrelude("evaluate", [folder.name, folder.directory, folder.manifestPath, source, options])
            guard case .table(let table) = manifest else {
                return .failure(PluginError(plugin: folder.name, message: "\(folder.manifestPath): no manifest"))
            }
            var warnings: [String] = []
            let validated = try state.keepingTop { _ in
                table.push(state.L)
                return try PluginManifest.read(state, at: -1, folder: folder, warnings: &warnings)
            }
            return .success((validated, warnings))
        } catch let error as PluginError {
            return .failure(error)
        } catch let error as LuaError {
            return .failure(PluginError(plugin: folder.name, message: error.message, traceback: error.traceback))
        } catch {
            return .failure(PluginError(plugin: folder.name, message: "\(error)"))
        }
    }

    private func activate(_ name: String, _ manifest: PluginManifest) throws {
        if budgetPerPlugin { runtime?.state.restartTimeBudget() }
        do {
            try callPrelude("activate", [name, manifest.permissions])
        } catch let error as LuaError {
            abort(name)
            throw PluginError(plugin: name, message: error.message, traceback: error.traceback)
        } catch {
            abort(name)
            throw PluginError(plugin: name, message: "\(error)")
        }
    }

    private func abort(_ name: String) {
        _ = try? callPrelude("abort", [name])
    }

    /// Calls `host[function](arguments…)` of the prelude (compiling it first if need be); returns the first result.
    @discardableResult
    func callPrelude(_ function: String, _ arguments: [LuaPushable?]) throws -> LuaValue {
        guard let runtime else { return .nil }
        let state = runtime.state
        return try state.keepingTop { _ in
            try pushPreludeCall(function, arguments)
            return state.value(at: -1)
        }
    }

    /// Calls `host[function](arguments…)` of the prelude and leaves its first result on the stack (nothing on error).
    /// What it made reaches the caller as the same Lua value: a userdata is not let go (and perhaps collected, with
    /// the Lua values it keeps) to be pushed again from its Swift object.
    func pushPreludeCall(_ function: String, _ arguments: [LuaPushable?]) throws {
        guard let runtime else { throw PluginError(plugin: "", message: "the runtime is gone") }
        let state = runtime.state
        state.field(try preludeTable(), function).push(state)
        state.push(arguments: arguments)
        // A failed call leaves nothing (LuaState.call pops the function and its arguments, and pushes no error).
        try state.call(nargs: Int32(arguments.count), nresults: 1)
    }

    private func preludeTable() throws -> LuaRef {
        if let prelude { return prelude }
        guard let state = runtime?.state else { throw PluginError(plugin: "", message: "the runtime is gone") }
        let module = state.field(state.loadedModules, "scrim"), globals = state.globals
        try state.load(PluginPrelude.sandbox)
        let sandbox = state.popRef()
        try state.load(PluginPrelude.random)
        let random = try state.call(state.popRef(), [globals])
        let sandboxed = try state.call(sandbox, [module, globals, random, PluginModuleFile.check,
                                                 LuaRuntime.pluginFunctions + PluginHost.kinds])
        try state.load(PluginPrelude.loader)
        let made = try state.call(state.popRef(), [module, globals, pluginOn, reportFunction, PluginHost.isCallable, sandboxed])
        guard case .table(let table) = made else { throw PluginError(plugin: "", message: "the plugin loader made no table") }
        prelude = table
        return table
    }

    private func field(of table: LuaRef, _ key: String) -> LuaRef? {
        guard let state = runtime?.state, case .table(let found) = state.field(table, key) else { return nil }
        return found
    }

    private func emit(_ event: String, _ name: String, _ error: String?) {
        runtime?.core.hooks.emit(event, fields: ["plugin": .string(name), "error": error.map(HookValue.string) ?? .null])
    }
}
