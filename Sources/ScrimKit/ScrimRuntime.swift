import Glibc
import ScrimCore
import ScrimLua
import ScrimPlugins

/// A Scrim runtime a Swift program hosts (docs/EMBEDDING.md): a Lua state with the `scrim` module over a headless UI
/// of its own — screen, virtual clock, hook bus, plugins. Two runtimes share nothing: neither sees the other's
/// classes, globals, plugins or events.
public final class ScrimRuntime {
    let lua: LuaRuntime
    let plugins: PluginHost
    /// Where plugins are looked for by `loadPlugins()`: folders of plugins, plugin folders, or bundled names (`@bundled`).
    public var pluginPath: [String]

    /// `memoryLimit` bytes and `timeBudget` seconds of wall clock for the Lua state (nil: none), on a virtual screen.
    /// Throws `ScrimError` when no Lua state can be made (the process is out of memory).
    public init(screen: Screen = .default, memoryLimit: Int? = 1 << 30, timeBudget: Double? = 30,
                pluginPath: [String] = []) throws {
        var options = RuntimeOptions()
        options.screen = screen
        options.memoryLimit = memoryLimit
        options.timeBudget = timeBudget
        do { lua = try LuaRuntime(options: options) } catch {
            throw ScrimError(message: "\(error)")
        }
        plugins = PluginHost.install(in: lua)
        self.pluginPath = pluginPath
    }

    /// The runtime a spec file runs in (`ScrimSpecs`), which the test runner made.
    init(wrapping lua: LuaRuntime) {
        self.lua = lua
        plugins = PluginHost.of(lua) ?? PluginHost.install(in: lua)
        pluginPath = []
    }

    /// Where errors that are reported rather than raised go (a callback's, a timer's, a hook handler's): standard
    /// error by default.
    public var errorOutput: (String) -> Void {
        get { lua.errorOutput }
        set { lua.errorOutput = newValue }
    }

    /// How many errors were reported so far.
    public var reportedErrors: Int { lua.reportedErrors }

    // MARK: Running Lua

    /// Runs a Lua file; `arguments` are its `...` and `arg`.
    public func run(file path: String, arguments: [String] = []) throws {
        try rethrowing { try lua.runFile(path, arguments: arguments) }
    }

    /// Runs Lua source text under the chunk name `name` (what messages and tracebacks call it).
    public func run(_ code: String, name: String = "=host") throws {
        try rethrowing { try lua.runString(code, name: name) }
    }

    // MARK: Plugins

    /// Loads every plugin along `pluginPath`; returns the names loaded. A plugin that fails is reported through
    /// `errorOutput` and the others load.
    @discardableResult
    public func loadPlugins() -> [String] {
        plugins.failureOutput = { [weak self] in self?.errorOutput($0) }
        return plugins.load(searchPath: PluginSearchPath(directories: pluginPath))
    }

    /// Loads one plugin folder, a folder of plugins, or a bundled plugin (`@popup_menu`); throws when there is none.
    @discardableResult
    public func loadPlugin(_ path: String) throws -> [String] {
        do { return try plugins.load(path: path) } catch { throw ScrimError(message: String(describing: error)) }
    }

    // MARK: The clock

    /// The virtual clock's time, in seconds since the runtime started.
    public var now: Seconds { lua.core.now }

    /// Moves the virtual clock on by `seconds`, running the timers, animations and layout passes due.
    public func advance(by seconds: Seconds) { lua.core.advance(by: seconds) }

    /// Advances the clock until nothing is pending (at most `timeout` virtual seconds); returns the time it took.
    @discardableResult
    public func settle(timeout: Seconds = 10) throws -> Seconds {
        do { return try lua.settle(timeout: timeout) } catch { throw ScrimError(message: String(describing: error)) }
    }

    /// Runs `action` on the virtual clock `delay` seconds from now (an error it throws is reported, not raised).
    public func after(_ delay: Seconds, _ action: @escaping () throws -> Void) {
        _ = lua.core.after(delay, action)
    }

    /// Runs the clock in real time for `seconds` of wall clock (a host with its own display loop calls `advance`).
    public func runInRealTime(for seconds: Seconds) {
        let clock = lua.core.clock
        clock.startRealTime()
        defer { clock.stopRealTime() }
        let end = Clock.monotonicSeconds() + seconds
        while Clock.monotonicSeconds() < end {
            _ = clock.advanceToWallClock()
            usleep(1_000_000 / 120)
        }
    }

    // MARK: Hooks

    /// Emits `event` on the bus plugins and scripts use (`scrim.on`); returns false if a handler cancelled it.
    @discardableResult
    public func emit(_ event: String, fields: [String: HookValue] = [:], cancellable: Bool = false) -> Bool {
        lua.core.hooks.emit(event, fields: fields, cancellable: cancellable)
    }

    /// Calls `handler` on every `event` (Scrim's own, such as `popup.didSelect`, or one a script emits); `remove()`
    /// the hook returned to stop.
    @discardableResult
    public func observe(_ event: String, _ handler: @escaping (HookEvent) -> Void) -> Hook {
        lua.core.hooks.on(event) { handler($0) }
    }

    // MARK: Host classes

    /// Makes `hostClass` available to this runtime's Lua as `scrim.<name>`.
    public func register<T>(_ hostClass: HostClass<T>) throws {
        try rethrowing { try lua.register(hostClass.classTable, as: hostClass.name, for: T.self) }
    }

    private func rethrowing(_ body: () throws -> Void) throws {
        do { try body() } catch let error as LuaError {
            throw ScrimError(message: lua.options.shown(error.message), traceback: lua.options.shown(error.traceback))
        } catch let error as ScrimError {
            throw error
        } catch {
            throw ScrimError(message: String(describing: error))
        }
    }
}
