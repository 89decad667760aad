import CLua
import ScrimCore

/// A Lua state owned by Swift: created with Scrim's allocator and budgets, closed exactly once.
/// Swift only ever enters Lua through protected calls; see CLua.h for why.
public final class LuaState {
    /// The thread to push to and call on now: the one whose call is running Swift (a coroutine's inside one), else the
    /// main thread. Read it where it is used; a thread kept past the call may be collected.
    @inlinable public var L: OpaquePointer { limits.pointee.current ?? mainThread }
    @usableFromInline let mainThread: OpaquePointer
    let handle: StateHandle
    @usableFromInline let limits: UnsafeMutablePointer<ScrimLimits>
    /// Looked up on every push of an object (a hook's target, a delegate's argument); only the state's own thread
    /// touches it and `resolve` calls out to nothing that could reach it again, so skip exclusivity checks.
    @exclusivity(unchecked) var classes = ClassRegistry()
    /// Mirrors Swift's ownership among the objects that keep something from Lua (see `OwnershipLinks`).
    lazy var ownershipLinks = OwnershipLinks(state: self)
    /// Every class a metatable was built for (its address is the metatable's key, so it must not be reused) and the
    /// accessors those metatables hold as light pointers: kept for the state's whole life.
    var metatableClasses: [LuaClassBase] = []
    var retainedMembers: [HostFunction] = []
    /// The `LuaRuntime` this state belongs to.
    public weak var owner: AnyObject?
    /// Sees every protected call from Swift into Lua (`scrim run --trace`); nil, the default, costs one check a call.
    @exclusivity(unchecked) public var callObserver: LuaCallObserver? {
        // C code that calls Lua without Swift (scrim.emit's dispatch) leaves the calls to Swift while one is set.
        didSet { limits.pointee.observed = callObserver == nil ? 0 : 1 }
    }
    /// Registry slots read on every push of an object and every hook dispatch: where identity is kept (object
    /// address → its userdata, values weak so Lua can collect them) and the event metatable (0 until it is made).
    /// Integer slots are the registry's array part; a light-userdata key would be a hashed lookup each time.
    @exclusivity(unchecked) private(set) var objectCache: lua_Integer = 0
    @exclusivity(unchecked) var eventMetatable: lua_Integer = 0

    /// A fresh state with the standard library and the given limits (nil for none). Throws when Lua cannot make one
    /// (no memory): a host that embeds Scrim gets an error to handle, not an abort.
    public init(memoryLimit: Int? = 1 << 30, timeBudget: Double? = 30) throws {
        _ = hostBridgeInstalled
        limits = .allocate(capacity: 1)
        limits.initialize(to: ScrimLimits())
        guard let L = scrim_newstate(limits) else {
            limits.deallocate()
            throw LuaError(message: "cannot create a Lua state: not enough memory")
        }
        mainThread = L
        handle = StateHandle(L, limits: limits)
        limits.pointee.host = Unmanaged.passUnretained(self).toOpaque()
        luaL_openlibs(L)
        scrim_opencoroutines(L)
        LuaFields([], metatable: [("__mode", "v")]).push(self)
        objectCache = lua_Integer(luaL_ref(L, scrim_registryindex()))
        self.memoryLimit = memoryLimit
        self.timeBudget = timeBudget
    }

    public var isClosed: Bool { handle.L == nil }

    /// Pushes the registry's table at `key`, made on first use (with weak keys or values, as `mode` says: "k", "v").
    func pushRegistryTable(_ key: RegistryKey, mode: String? = nil) {
        if lua_rawgetp(L, scrim_registryindex(), key.address) == LUA_TTABLE { return }
        lua_settop(L, -2)
        LuaFields([], metatable: mode.map { [("__mode", $0)] }).push(self)
        lua_pushvalue(L, -1)
        lua_rawsetp(L, scrim_registryindex(), key.address)
    }

    /// Closes the state (finalizers run, `LuaRef`s become inert); idempotent.
    public func close() {
        guard handle.L != nil else { return }
        handle.L = nil
        scrim_close(mainThread)
    }

    deinit { close() }

    /// Byte budget for the whole state, what Lua allocates and what Swift pushes into it alike: past it, "not enough
    /// memory" is raised at the place that went over (with a traceback, built in a headroom kept for it).
    public var memoryLimit: Int? {
        get { limits.pointee.limit == 0 ? nil : Int(limits.pointee.limit) }
        set { scrim_setmemorylimit(limits, size_t(max(0, newValue ?? 0))) }
    }

    public var memoryInUse: Int { Int(limits.pointee.used) }

    /// Wall-clock seconds the run may take from the first entry into Lua (or `restartTimeBudget`) on. Code the stop
    /// hook cannot reach (a looping finalizer or pattern match) is ended by a watchdog: exit 1, a `timeout` message.
    public var timeBudget: Double? {
        get { limits.pointee.budget == 0 ? nil : limits.pointee.budget }
        set { scrim_settimebudget(limits, newValue ?? 0) } // the watchdog reads it: set in C, atomically
    }

    /// Starts the time budget again (a REPL statement, a test): it runs from the next entry into Lua.
    public func restartTimeBudget() { scrim_restartbudget(limits) }

    /// Stops the clock of the time budget until it is restarted (a REPL waiting for input).
    public func suspendTimeBudget() { scrim_suspendbudget(limits) }

    /// For Swift loops run on Lua's behalf (advancing the clock, stepping frames): whether the time budget is spent
    /// (or Ctrl-C came). They stop early; the Lua code that started them is stopped as soon as they return.
    public var isOverTimeBudget: Bool { scrim_overbudget(limits) != 0 }

    /// The error a Swift loop stopped by `isOverTimeBudget` reports: "exceeded the time budget of S s".
    static func budgetMessage(_ limits: UnsafeMutablePointer<ScrimLimits>) -> String {
        if scrim_wasinterrupted(limits) != 0 { return "interrupted!" }
        return "exceeded the time budget of \(String(cFormat: "%g", limits.pointee.budget)) s" // as the stop hook words it
    }

    /// Asks the running chunk to stop with the error "interrupted!" (safe from a signal handler).
    public func interrupt() { scrim_interrupt(limits) }

    /// `scrim run`'s Ctrl-C, as lua.c's: the first stops the Lua code with "interrupted!", a second ends the process.
    public func catchInterrupts() { scrim_catchinterrupt(limits) }
    /// For a signal handler: true for the first stopping signal of the run; false for the same request arriving again
    /// within a quarter second (`timeout` and a terminal can send one twice); a later one ends the process.
    public static func takeSignal(_ signal: Int32) -> Bool { scrim_takesignal(signal) != 0 }
    /// `signal` goes to `handler` from now on (restarting interrupted calls), and is unblocked.
    public static func handle(_ signal: Int32, with handler: @convention(c) (Int32) -> Void) {
        scrim_handlesignal(signal, handler)
    }

    /// `--no-bytecode`: every loader (Lua's and Swift's) refuses binary chunks, and `string.dump` is gone.
    public func refuseBytecode() { scrim_textonly(mainThread) }

    public var refusesBytecode: Bool { limits.pointee.textOnly != 0 }

    // MARK: Loading and calling

    /// Compiles a chunk (text, or binary unless `refuseBytecode` was called) and pushes it as a function.
    public func load(_ code: String, name: String) throws {
        let status = code.utf8.withContiguousStorageIfAvailable { buffer in
            buffer.withMemoryRebound(to: CChar.self) { scrim_loadbuffer(L, $0.baseAddress, $0.count, name) }
        } ?? Array(code.utf8CString).withUnsafeBufferPointer { scrim_loadbuffer(L, $0.baseAddress, $0.count - 1, name) }
        if status != LUA_OK { throw popError() }
    }

    /// Compiles a file (chunk name `@path`), as `loadfile` does, and pushes it as a function.
    public func loadFile(_ path: String) throws {
        if scrim_loadfile(L, path) != LUA_OK {
            let error = popError()
            if refusesBytecode, error.message.contains("attempt to load a binary chunk") {
                throw LuaError(message: "\(path): binary chunks are refused (Scrim loads Lua source text only)")
            }
            throw error
        }
    }

    /// Protected call of the function below `nargs` arguments; results stay on the stack. `name` says what the
    /// function is (a callback's name) to a `callObserver`.
    public func call(nargs: Int32 = 0, nresults: Int32 = 0, name: String? = nil) throws {
        let status = observing(callee(at: -nargs - 1, name: name)) { scrim_pcall(L, nargs, nresults) }
        if status != LUA_OK { throw popError() }
    }

    /// Runs a chunk of code and returns its results as text-friendly values.
    @discardableResult
    public func run(_ code: String, name: String = "=(scrim)") throws -> [LuaValue] {
        try keepingTop { top in
            try load(code, name: name)
            try call(nargs: 0, nresults: LUA_MULTRET)
            return (top + 1 ..< lua_gettop(L) + 1).map { value(at: $0) }
        }
    }

    /// `obj:method(args…)` on the value at `index`, protected, the `nargs` values on top its arguments.
    public func callMethod(_ index: Int32, _ method: String, nargs: Int32, nresults: Int32) throws {
        let status = observing(callee(at: index, method: method)) {
            scrim_pcallmethod(L, index, method, nargs, nresults)
        }
        if status != LUA_OK { throw popError() }
    }

    /// `callMethod` for a name known at compile time: its address stays the same, so Lua's string
    /// cache finds the interned name without hashing it again (the hot path of delegate calls).
    public func callMethod(_ index: Int32, static method: StaticString, nargs: Int32, nresults: Int32) throws {
        let status = observing(callee(at: index, method: method.description)) {
            method.utf8Start.withMemoryRebound(to: CChar.self, capacity: method.utf8CodeUnitCount + 1) {
                scrim_pcallmethod(L, index, $0, nargs, nresults)
            }
        }
        if status != LUA_OK { throw popError() }
    }

    /// `target:method(argument)` for a name known at compile time, with one argument and one result left on the
    /// stack: the delegate-call fast path (no rotation of the stack, the name found by Lua's string cache).
    @inlinable
    public func callMethod<A: LuaPushable>(_ target: LuaRef, static method: StaticString, _ argument: A) throws {
        let L = self.L
        // A closed state's reference pushes nil, whose lookup fails as any non-indexable value's does.
        let ref = target.isValid ? target.ref : scrim_refnil()
        let status = method.utf8Start.withMemoryRebound(to: CChar.self, capacity: method.utf8CodeUnitCount + 1) {
            scrim_pushrefmethod(L, ref, $0)
        }
        if status != LUA_OK {
            let error = popError()
            lua_settop(L, -2)
            throw error
        }
        argument.push(self)
        if scrim_pcall(L, 2, 1) != LUA_OK { throw popError() }
    }

    @usableFromInline
    func popError() -> LuaError {
        let isText = lua_type(L, -1) == LUA_TSTRING || lua_type(L, -1) == LUA_TNUMBER
        let text = isText ? string(at: -1) : "(error object is a \(String(cString: scrim_typename(L, -1))) value)"
        lua_settop(L, -2)
        return LuaError(handled: text)
    }

    // MARK: Values

    /// The string at `index` (numbers converted, as lua_tolstring does); "" for anything else.
    public func string(at index: Int32) -> String {
        var length = 0
        guard let chars = lua_tolstring(L, index, &length) else { return "" }
        if length >= 4096 { scrim_pulled(limits, length) }
        return chars.withMemoryRebound(to: UInt8.self, capacity: length) {
            String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
        }
    }

    /// Pushes `string`; a string past the memory budget's headroom is not made (an empty one stands in) and the
    /// budget error is raised as soon as Swift returns to Lua.
    public func pushString(_ string: String) {
        guard string.utf8.count < 4096 || scrim_canallocate(limits, string.utf8.count + 64) != 0 else {
            _ = lua_pushlstring(L, "", 0)
            return
        }
        var string = string
        string.withUTF8 { buffer in
            buffer.withMemoryRebound(to: CChar.self) { _ = lua_pushlstring(L, $0.baseAddress, $0.count) }
        }
    }

    public func ref(at index: Int32) -> LuaRef {
        lua_pushvalue(L, index)
        return LuaRef(popping: L, handle: handle)
    }

    public func popRef() -> LuaRef { LuaRef(popping: L, handle: handle) }

    public func push(_ function: HostFunction) {
        scrim_pushhostfunction(L, Unmanaged.passRetained(function).toOpaque())
    }

    /// Pushes the one userdata that stands for `object` in this state (made on first use, with the
    /// metatable of `luaClass`); the userdata holds a retain that its `__gc` releases.
    public func push(object: AnyObject, as luaClass: LuaClassBase) {
        if !pushExistingPeer(object) { pushNewUserdata(for: object, as: luaClass) }
    }

    /// Makes and pushes the userdata of an object that has none in this state, and files it in the object cache.
    func pushNewUserdata(for object: AnyObject, as luaClass: LuaClassBase) {
        lua_checkstack(L, 4)
        _ = scrim_newobject(L, Unmanaged.passRetained(object).toOpaque(), luaClass.userValues)
        pushMetatable(luaClass)
        lua_setmetatable(L, -2)
        lua_rawgeti(L, scrim_registryindex(), objectCache)
        lua_pushvalue(L, -2)
        lua_rawsetp(L, -2, Unmanaged.passUnretained(object).toOpaque())
        lua_settop(L, -2)
    }

    public func object(at index: Int32) -> AnyObject? {
        guard let pointer = scrim_toobject(L, index) else { return nil }
        return Unmanaged<AnyObject>.fromOpaque(pointer).takeUnretainedValue()
    }

    /// Pushes the class's metatable, building it the first time this state sees the class.
    func pushMetatable(_ luaClass: LuaClassBase) {
        let key = Unmanaged.passUnretained(luaClass).toOpaque()
        lua_checkstack(L, 8)
        if lua_rawgetp(L, scrim_registryindex(), key) == LUA_TTABLE { return }
        lua_settop(L, -2)
        luaClass.buildMetatable(in: self)
        metatableClasses.append(luaClass)
        lua_pushvalue(L, -1)
        lua_rawsetp(L, scrim_registryindex(), key)
    }

    public func collectGarbage() { scrim_fullgc(L) }

    public func value(at index: Int32) -> LuaValue { LuaValue(self, index) }

    public func push(arguments: [LuaPushable?]) {
        lua_checkstack(L, Int32(arguments.count) + 1)
        for argument in arguments { if let argument { argument.push(self) } else { lua_pushnil(L) } }
    }

    /// Calls `function` with `arguments`, protected; its first result (nil when the state is closed).
    @discardableResult
    public func call(_ function: LuaRef, _ arguments: [LuaPushable?] = []) throws -> LuaValue {
        guard function.isValid else { return .nil }
        return try keepingTop { _ in
            function.push(L)
            push(arguments: arguments)
            try call(nargs: Int32(arguments.count), nresults: 1)
            return value(at: -1)
        }
    }

    /// `target:method(arguments…)`, protected; its first result.
    @discardableResult
    public func callMethod(_ target: LuaRef, _ method: String, _ arguments: [LuaPushable?] = []) throws -> LuaValue {
        guard target.isValid else { return .nil }
        return try keepingTop { top in
            target.push(L)
            push(arguments: arguments)
            try callMethod(top + 1, method, nargs: Int32(arguments.count), nresults: 1)
            return value(at: -1)
        }
    }
}
