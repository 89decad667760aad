import CLua

/// A Swift function Lua can call, only through the C trampoline in CLua, which raises any error after this body has
/// returned. Most are `static let`s shared by every state of the process (tests run states in parallel), so their
/// bodies are `@Sendable`; one made by `init(oneState:)` may capture its state's objects, `@unchecked Sendable` since
/// that state is used on one thread at a time.
public final class HostFunction: @unchecked Sendable {
    /// The name used in error messages (`bad argument #1 to 'name'`).
    public let name: String
    public let kind: Kind
    let body: (LuaCall) throws -> Int32

    /// How arguments are numbered and named in errors.
    public enum Kind: Sendable {
        case function
        /// Called as `obj:name(…)`: arguments count after `self`, as `luaL_argerror` does.
        case method
        /// A property's accessors, called by `__index` / `__newindex` with (object, key[, value]).
        case getter, setter
    }

    public var isMethod: Bool { kind != .function }

    public convenience init(_ name: String, kind: Kind = .function,
                            _ body: @escaping @Sendable (LuaCall) throws -> Int32) {
        self.init(oneState: name, kind: kind, body)
    }

    /// A function made for one state, whose body may capture that state's objects: push it to that state only.
    public init(oneState name: String, kind: Kind = .function, _ body: @escaping (LuaCall) throws -> Int32) {
        self.name = name
        self.kind = kind
        self.body = body
    }
}

/// Installed once per process: how the C trampoline enters Swift and how `__gc` releases.
let hostBridgeInstalled: Void = { scrim_setup(hostDispatch, hostRelease) }()

private let hostRelease: scrim_HostRelease = { object in
    if let object { Unmanaged<AnyObject>.fromOpaque(object).release() }
}

private let hostDispatch: scrim_HostDispatch = { L, fn in
    // The trampolines never pass null; no results is what a missing function would give.
    guard let L, let fn else { return 0 }
    // Borrowed, not retained: the function lives as long as its class or closure value, the state as long as L, and
    // a retain of an object that weak references point at takes the slow path on every call.
    return Unmanaged<HostFunction>.fromOpaque(fn)._withUnsafeGuaranteedRef { function in
        Unmanaged<LuaState>.fromOpaque(scrim_limits(L).pointee.host)._withUnsafeGuaranteedRef { state in
            dispatch(L, function, state)
        }
    }
}

private func dispatch(_ L: OpaquePointer, _ function: HostFunction, _ state: LuaState) -> Int32 {
    let call = LuaCall(L: L, state: state, function: function)
    // While the state closes, finalizers may still call in; nothing they could reach is meant to outlive the state.
    guard !state.isClosed else {
        lua_settop(L, 0)
        state.pushString("'\(function.name)' is not available while the Lua state closes (called from a finalizer)")
        return -1
    }
    // Lua gives every C function LUA_MINSTACK free slots, on whichever thread calls it; pushes beyond that check first
    // (LuaCall.push, Array, push(object:), the peer storage).
    do {
        return try function.body(call)
    } catch let error as LuaError {
        // Already positioned where it was raised in Lua; re-raise it unchanged. Lua gives two errors no place (a yield
        // in a callback Scrim called, memory running out): they are placed at the line that called into Scrim.
        lua_settop(L, 0)
        if error.message == "attempt to yield across a C-call boundary" || error.message == "not enough memory" {
            scrim_where(L, 1)
            state.pushString(error.message)
            lua_concat(L, 2)
        } else {
            state.pushString(error.message)
        }
        return -1
    } catch {
        var message = (error as? ArgumentError)?.message(for: function) ?? String(describing: error)
        if let argument = error as? ArgumentError, function.kind == .method, calledWithDot(L),
           argument.index == 1 || argument.problem.hasSuffix("got no value") {
            message += " — call it with ':' (object:\(function.name)(…)), which passes the object as self"
        }
        lua_settop(L, 0)
        scrim_where(L, 1)
        state.pushString(message)
        lua_concat(L, 2)
        return -1
    }
}

/// Whether the running method was called as `object.name(…)`, not `object:name(…)` (a "method" call to Lua). A call
/// from C (`pcall(f)`) has no name, and gets no hint.
private func calledWithDot(_ L: OpaquePointer) -> Bool {
    var ar = lua_Debug()
    guard lua_getstack(L, 0, &ar) != 0, lua_getinfo(L, "n", &ar) != 0, let namewhat = ar.namewhat else { return false }
    return ["field", "local", "global", "upvalue"].contains(String(cString: namewhat))
}
