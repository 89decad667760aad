import CLua
import ScrimCore

/// What a runtime is started with (the `scrim run` flags).
public struct RuntimeOptions: Sendable {
    /// Byte budget of the Lua state (`--max-memory`); nil for none.
    public var memoryLimit: Int? = 1 << 30
    /// Wall-clock seconds the run may take (`--timeout`; see `LuaState.timeBudget`); nil for none.
    public var timeBudget: Double? = 30
    /// The virtual display (`--screen WxH[@S]`).
    public var screen: Screen = .default
    /// Tracebacks keep the frames of Scrim's own Lua (`--trace-internals`; see `UserTraceback`).
    public var traceInternals = false
    /// Every loader refuses binary chunks and `string.dump` is gone (`--no-bytecode`, for code one does not trust).
    public var refusesBytecode = false

    /// A traceback, or a text holding tracebacks, as these options show it.
    public func shown(_ text: String) -> String { traceInternals ? text : UserTraceback.filteringTracebacks(in: text) }

    public init() {}
}

/// A Lua state with the `scrim` module installed over a ScrimCore runtime: what a script, the REPL
/// or a test file runs in.
public final class LuaRuntime {
    public let state: LuaState
    public let core: Runtime
    public let options: RuntimeOptions
    /// The `scrim` module's functions (and `scrim.class`) a plugin calls as the host does: the sandbox's allow list,
    /// derived from the module's declaration (`ScrimModule.functions`), without those a plugin gets its own of.
    public static let pluginFunctions = ScrimModule.functions.map(\.0).filter { !ScrimModule.ownedByPlugins.contains($0) } + ["class"]
    /// Errors reported (not raised) so far: from callbacks, timers, hook handlers.
    public private(set) var reportedErrors = 0
    /// The prelude's maker of Swift class tables (see `ClassPrelude`).
    var swiftClassMaker: LuaRef?
    /// The Swift implementations in class tables, which are not overrides when a Lua class inherits them.
    /// Kept referenced, so that their addresses (what an override is checked against) stay theirs.
    var baseImplementations: [LuaRef] = []
    var baseImplementationAddresses: Set<UnsafeRawPointer?> = []
    /// The answered members being computed, by object and name (see `LuaClass.overridable(_:answer:)`).
    var answersUnderWay: Set<AnswerUnderWay> = []
    /// The plugin host serving this runtime (ScrimPlugins' PluginHost), kept here rather than as a userdata in the
    /// registry: that made every start-up build a class table for it (a sixteenth of `scrim run empty.lua`).
    public var pluginHost: AnyObject?
    /// Where reported errors are written (standard error by default).
    public var errorOutput: (String) -> Void = { writeToStandardError($0 + "\n") }

    /// Throws when no Lua state can be made (see `LuaState.init`).
    public init(options: RuntimeOptions = RuntimeOptions()) throws {
        self.options = options
        core = Runtime(screen: options.screen)
        state = try LuaState(memoryLimit: options.memoryLimit, timeBudget: options.timeBudget)
        state.owner = self
        if options.refusesBytecode { state.refuseBytecode() }
        // The handle, not the state: the core may outlive this runtime (an object Lua left in flight), the state not.
        core.timeBudget = TimeBudget({ [handle = state.handle] in
            scrim_overbudget(handle.limits) == 0 ? nil : TimeBudgetExceeded(message: LuaState.budgetMessage(handle.limits))
        }, scriptIsRunning: { [handle = state.handle] in handle.limits.pointee.depth > 0 })
        core.errorSink = { [weak self] report in
            guard let self else { return }
            self.reportedErrors += 1
            // What was running, the message, where it came from (a plugin), then the traceback.
            self.errorOutput("scrim: " + options.shown(report.description))
        }
        ScrimModule.install(in: self)
    }

    /// The state closes (its finalizers run) while everything they might reach is still here.
    deinit { state.close() }

    /// Runs a script file as `lua5.4 path args…` would: `...` are the arguments and the global
    /// `arg` holds them, with the script at 0 and what came before it (`before`) at negative indices.
    public func runFile(_ path: String, arguments: [String] = [], before: [String] = []) throws {
        setArgTable(script: path, arguments: arguments, before: before)
        try state.loadFile(path)
        try runLoadedChunk(arguments)
    }

    /// Runs source text (from `-e` or standard input) under the chunk name `name`;
    /// `script` is what `arg[0]` shows (lua.c shows "-" for standard input).
    public func runString(_ code: String, name: String, script: String? = nil, arguments: [String] = [], before: [String] = []) throws {
        if let script { setArgTable(script: script, arguments: arguments, before: before) }
        try state.load(code, name: name)
        try runLoadedChunk(arguments)
    }

    /// Advances the clock until nothing is pending, as the end of `scrim run` does.
    @discardableResult
    public func settle(timeout: Seconds = 10) throws -> Seconds { try core.settle(timeout: timeout) }

    private func runLoadedChunk(_ arguments: [String]) throws {
        state.push(arguments: arguments)
        try state.call(nargs: Int32(arguments.count), nresults: 0)
    }

    private func setArgTable(script: String, arguments: [String], before: [String]) {
        setArgTable(words: (before + [script] + arguments).map { Array($0.utf8) }, scriptIndex: before.count)
    }

    /// "file:line" of the Lua code that made this call, for labels of what it scheduled.
    func callerPosition(_ call: LuaCall) -> String? {
        // The script's frame: past the class prelude that relays a constructor (`scrim.PopupWindow{ delegate = … }`).
        scrim_where(call.L, call.state.scriptLevel() ?? 1)
        defer { lua_settop(call.L, -2) }
        let position = state.string(at: -1)
        return position.isEmpty ? nil : String(position.dropLast(2))
    }

    /// Sends `warning` to the warning sink, at the line of the Lua code that made `call`.
    func warn(_ warning: String, at call: LuaCall) {
        core.warningSink((callerPosition(call).map { $0 + ": " } ?? "") + warning)
    }
}

extension LuaRuntime {
    /// Scrim's version, as `scrim.version` reports it.
    public static var version: String { ScrimModule.version }
    /// The embedded Lua's version, e.g. "Lua 5.4.6".
    public static var luaVersion: String { String(cString: scrim_luarelease()) }
    /// The embedded Lua's version and copyright line, as `lua5.4 -v` prints it.
    public static var luaCopyright: String { String(cString: scrim_luacopyright()) }
}

