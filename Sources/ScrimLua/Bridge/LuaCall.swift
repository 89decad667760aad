import CLua

/// One call from Lua into a host function: its arguments, and the way results go back.
/// Argument numbers in errors follow Lua: methods count after `self`.
public struct LuaCall {
    public let L: OpaquePointer
    // Unowned: the state and the function both outlive every call into them, and a call is hot.
    public unowned(unsafe) let state: LuaState
    public unowned(unsafe) let function: HostFunction

    /// The runtime this call runs in.
    // Never nil here: a LuaRuntime closes its state before it goes, and no binding runs once the state closes.
    var runtime: LuaRuntime { unsafeDowncast(state.owner.unsafelyUnwrapped, to: LuaRuntime.self) }

    /// Number of arguments on the stack (self included for methods).
    public var count: Int32 { lua_gettop(L) }

    public func type(_ index: Int32) -> Int32 { lua_type(L, index) }
    public func isNil(_ index: Int32) -> Bool { lua_type(L, index) <= LUA_TNIL }

    /// A problem with argument `index`; the trampoline words it for the kind of function
    /// (`bad argument #n to 'name' (…)`, `bad value for field 'name' (…)`), at the caller's line.
    public func argumentError(_ index: Int32, _ problem: String) -> ArgumentError {
        ArgumentError(index: index, problem: problem)
    }

    public func typeError(_ index: Int32, expected: String) -> ArgumentError {
        argumentError(index, "\(expected) expected, got \(typeName(index))")
    }

    /// Lua's name for the type at `index` (`no value` past the top), honouring `__name`.
    public func typeName(_ index: Int32) -> String {
        if lua_type(L, index) == LUA_TNONE { return "no value" }
        if lua_type(L, index) == LUA_TUSERDATA {
            let type = luaL_getmetafield(L, index, "__name")
            if type != LUA_TNIL {
                defer { lua_settop(L, -2) }
                if type == LUA_TSTRING { return state.string(at: -1) }
            }
        }
        return String(cString: scrim_typename(L, index))
    }

    public func number(_ index: Int32) throws -> Double {
        var isNumber: Int32 = 0
        let value = lua_tonumberx(L, index, &isNumber)
        guard isNumber != 0, lua_type(L, index) == LUA_TNUMBER else { throw typeError(index, expected: "number") }
        // No Scrim value is NaN or infinite: refusing them here keeps them out of every setter and option.
        guard value.isFinite else { throw argumentError(index, "finite number expected, got \(LuaValue.format(value))") }
        return value
    }

    public func optionalNumber(_ index: Int32) throws -> Double? { isNil(index) ? nil : try number(index) }

    public func integer(_ index: Int32) throws -> Int {
        var isInteger: Int32 = 0
        let value = lua_tointegerx(L, index, &isInteger)
        guard lua_type(L, index) == LUA_TNUMBER else { throw typeError(index, expected: "number") }
        guard isInteger != 0 else { throw argumentError(index, "number has no integer representation") }
        return Int(value)
    }

    public func string(_ index: Int32) throws -> String {
        guard lua_type(L, index) == LUA_TSTRING else { throw typeError(index, expected: "string") }
        // The state borrowed through L: loading `state` would retain it, and its weak references make that slow.
        return Unmanaged<LuaState>.fromOpaque(scrim_limits(L).pointee.host)._withUnsafeGuaranteedRef {
            $0.string(at: index)
        }
    }

    public func optionalString(_ index: Int32) throws -> String? { isNil(index) ? nil : try string(index) }

    public func boolean(_ index: Int32) throws -> Bool {
        guard lua_type(L, index) == LUA_TBOOLEAN else { throw typeError(index, expected: "boolean") }
        return lua_toboolean(L, index) != 0
    }

    /// Lua truthiness: anything but nil and false.
    public func truthy(_ index: Int32) -> Bool { lua_toboolean(L, index) != 0 }

    /// A function, or a table or userdata with `__call` (a busted spy, a functable): whatever Lua itself can call.
    public func function(_ index: Int32) throws -> LuaRef {
        guard lua_type(L, index) == LUA_TFUNCTION || state.isCallable(at: index) else {
            throw typeError(index, expected: "function")
        }
        return state.ref(at: index)
    }

    public func optionalFunction(_ index: Int32) throws -> LuaRef? { isNil(index) ? nil : try function(index) }

    public func table(_ index: Int32) throws -> LuaRef {
        guard lua_type(L, index) == LUA_TTABLE else { throw typeError(index, expected: "table") }
        return state.ref(at: index)
    }

    /// The Swift object a userdata argument holds, of type `T` (named `expected` in errors).
    public func object<T: AnyObject>(_ index: Int32, _ type: T.Type, expected: String) throws -> T {
        guard let pointer = scrim_toobject(L, index),
              let object = Unmanaged<AnyObject>.fromOpaque(pointer).takeUnretainedValue() as? T
        else { throw typeError(index, expected: expected) }
        return object
    }

    /// Room made for each push of results beyond the values themselves (a rect or transform is a table and a field).
    static let reservedSlots: Int32 = 8

    /// Pushes each value; returns how many were pushed (the host function's result count).
    @discardableResult
    public func push(_ values: LuaPushable?...) -> Int32 {
        lua_checkstack(L, Int32(values.count) + LuaCall.reservedSlots)
        for value in values { if let value { value.push(state) } else { lua_pushnil(L) } }
        return Int32(values.count)
    }
}
