import CLua

/// Shared by a state and everything that refers into it, so that references outliving the state
/// see that it is gone instead of touching freed memory.
final class StateHandle {
    /// The main thread; nil once the state is closed (or closing).
    // Read on every push of a reference; only the state's own thread touches it, so skip exclusivity checks.
    @exclusivity(unchecked) var L: OpaquePointer?
    /// The state's limits (the allocator's userdata), kept as long as anything refers to the state.
    let limits: UnsafeMutablePointer<ScrimLimits>

    init(_ L: OpaquePointer, limits: UnsafeMutablePointer<ScrimLimits>) {
        self.L = L
        self.limits = limits
    }

    /// The thread Swift must use now (see `ScrimLimits.current`); nil once the state is closed.
    var current: OpaquePointer? { L == nil ? nil : limits.pointee.current }

    deinit {
        limits.deinitialize(count: 1)
        limits.deallocate()
    }
}

/// A value kept alive in the registry for as long as this token lives; inert once the state closed.
public final class LuaRef {
    let handle: StateHandle
    /// The registry index (for C code that reads the registry directly).
    public let ref: Int32

    /// Pops the top of the stack into the registry.
    init(popping L: OpaquePointer, handle: StateHandle) {
        self.handle = handle
        self.ref = luaL_ref(L, scrim_registryindex())
    }

    /// Whether the state this refers into is still open.
    public var isValid: Bool { handle.L != nil }

    /// Pushes the value (nil once the state is closed); returns its Lua type.
    @discardableResult
    public func push(_ L: OpaquePointer) -> Int32 {
        guard handle.L != nil else {
            lua_pushnil(L)
            return LUA_TNIL
        }
        return lua_rawgeti(L, scrim_registryindex(), lua_Integer(ref))
    }

    deinit {
        // On the running thread's stack: a reference may die inside a coroutine, while the main thread is suspended.
        if let L = handle.current, ref >= 0 { luaL_unref(L, scrim_registryindex(), ref) }
    }
}
