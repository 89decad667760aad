import ScrimCore
import ScrimLua

/// The Lua face of the loader: `scrim.plugins.load/list/get/state/reload`, `scrim.menu`, `scrim.transition`,
/// `scrim.controller`, and the two host functions the prelude calls back (a plugin's `on`, error reports).
extension PluginHost {
    /// The module functions that resolve a plugin's export by kind (`scrim.menu("actions")`).
    static let kinds = ["menu", "transition", "controller"]

    func installModuleFunctions() {
        guard let runtime else { return }
        let state = runtime.state
        // The host is found from the call's runtime, not captured: the functions are then Sendable, as every host
        // function must be.
        @Sendable func require(_ call: LuaCall) throws -> PluginHost {
            guard let runtime = call.state.owner as? LuaRuntime, let host = PluginHost.of(runtime) else {
                throw ScriptError("the plugin host is gone")
            }
            return host
        }
        let plugins: [(String, HostFunction)] = [
            ("load", HostFunction("load") { call in
                let path = try call.string(1)
                let options = call.isNil(2) ? nil : try call.table(2)
                do {
                    let names = try require(call).load(path: path, options: options)
                    return call.push(names)
                } catch let error as PluginError {
                    throw ScriptError(error.message)
                }
            }),
            ("list", HostFunction("list") { call in
                let host = try require(call)
                return call.push(host.plugins.map { host.record($0, detailed: false) })
            }),
            ("get", HostFunction("get") { call in
                let host = try require(call)
                guard let plugin = host.plugin(try call.string(1)) else { return call.push(nil) }
                return call.push(host.record(plugin, detailed: true))
            }),
            ("state", HostFunction("state") { call in
                let name = try call.string(1)
                let host = try require(call)
                guard host.plugin(name) != nil else { return call.push(nil) }
                try host.pushPreludeCall("state", [name])
                return 1
            }),
            ("reload", HostFunction("reload") { call in
                let name = try call.optionalString(1)
                let options = call.isNil(2) ? nil : try call.table(2)
                do {
                    let (ok, error) = try require(call).reload(name, options: options)
                    return call.push(ok, error)
                } catch let error as PluginError {
                    throw ScriptError(error.message)
                }
            }),
        ]
        guard case .table(let module) = state.field(state.loadedModules, "scrim") else { return }
        state.setField(module, "plugins", LuaFields(plugins.map { ($0.0, $0.1 as LuaPushable?) }))
        for kind in PluginHost.kinds {
            state.setField(module, kind, HostFunction(kind) { call in
                let name = try call.string(1)
                let options = call.isNil(2) ? nil : try call.table(2)
                let host = try require(call)
                switch try host.callPrelude("resolve", [kind, name]) {
                case .table(let found):
                    try host.pushPreludeCall(kind, [found, options])
                    return 1
                case let other:
                    throw ScriptError(other.description)
                }
            })
        }
    }

    /// `{name=, version=, state=, error=, warnings=}`; detailed adds `description`, `directory`, `requires`,
    /// `permissions` and `exports` (`{menus={…}, transitions={…}, controllers={…}}`, names sorted).
    func record(_ plugin: Plugin, detailed: Bool) -> LuaFields {
        var record = LuaFields([("name", plugin.name), ("version", plugin.version), ("state", plugin.state.rawValue),
                                ("error", plugin.error), ("warnings", plugin.warnings)])
        guard detailed else { return record }
        let exports = plugin.state == .loaded ? (try? callPrelude("exportNames", [plugin.name])) : nil
        record.fields += [("description", plugin.manifest?.description), ("directory", plugin.directory),
                          ("requires", plugin.manifest?.requires ?? []), ("permissions", plugin.manifest?.permissions ?? []),
                          ("exports", exports)]
        return record
    }

    /// `isCallable(value)`: whether the host's functions take `value` as a callback (`LuaCall.function`'s check).
    static let isCallable = HostFunction("isCallable") { call in
        call.push(call.state.isCallable(at: 1))
    }

    /// `on(plugin, group, event, fn, opts)`: a plugin's hook, always in its group (a `group` the plugin gave is a label
    /// the prelude keeps), whose errors name the plugin.
    var pluginOn: HostFunction {
        HostFunction("on") { call in
            let plugin = try call.string(1)
            let group = try call.string(2)
            let event = try call.string(3)
            let function = try call.function(4)
            var once = false, priority = 0
            if let options = call.state.table(at: 5) {
                once = options["once"].isTrue
                priority = options["priority"].integerValue ?? 0
            }
            guard let runtime = call.state.owner as? LuaRuntime else { throw ScriptError("no runtime") }
            if let warning = EventNames.warning(forSubscriptionTo: event) {
                runtime.core.warningSink("plugin '\(plugin)': \(warning)")
            }
            call.state.pushString(event)
            let name = call.state.popRef()
            weak let state = call.state
            let hook = runtime.core.hooks.on(event, priority: priority, once: once, group: group) { event in
                do {
                    try state?.callHandler(function, event, name: name)
                } catch let error as LuaError {
                    throw PluginCallbackError(plugin: plugin, error: error)
                }
            }
            return call.push(hook)
        }
    }

    /// `report(message, context)`: an error the prelude caught, reported as the runtime reports errors.
    var reportFunction: HostFunction {
        HostFunction("report") { call in
            let message = try call.string(1)
            let context = try call.string(2)
            (call.state.owner as? LuaRuntime)?.core.reportError(LuaError(message: message), context: context)
            return 0
        }
    }
}

/// An error raised by a plugin's callback: reported with the plugin as its source.
struct PluginCallbackError: ReportableError, CustomStringConvertible {
    var plugin: String
    var error: LuaError

    var message: String { error.message }
    var source: String? { "plugin '\(plugin)'" }
    var stackTraceback: String? { error.stackTraceback }
    var description: String { error.message }
}
