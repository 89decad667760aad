import CLua

/// Anything Swift can put on the Lua stack: the single extension point for pushing values.
public protocol LuaPushable: SendableMetatype {
    func push(_ state: LuaState)
}

/// A value that also comes back from Lua, with the type name argument errors show.
public protocol LuaConvertible: LuaPushable {
    static func pull(_ call: LuaCall, _ index: Int32) throws -> Self
}

extension Double: LuaConvertible {
    public func push(_ state: LuaState) { lua_pushnumber(state.L, self) }
    public static func pull(_ call: LuaCall, _ index: Int32) throws -> Double { try call.number(index) }
}

extension Int: LuaConvertible {
    public func push(_ state: LuaState) { lua_pushinteger(state.L, lua_Integer(self)) }
    public static func pull(_ call: LuaCall, _ index: Int32) throws -> Int { try call.integer(index) }
}

extension Bool: LuaConvertible {
    public func push(_ state: LuaState) { lua_pushboolean(state.L, self ? 1 : 0) }
    public static func pull(_ call: LuaCall, _ index: Int32) throws -> Bool { try call.boolean(index) }
}

extension String: LuaConvertible {
    public func push(_ state: LuaState) { state.pushString(self) }
    public static func pull(_ call: LuaCall, _ index: Int32) throws -> String { try call.string(index) }
}

extension Optional: LuaPushable where Wrapped: LuaPushable {
    public func push(_ state: LuaState) { if let value = self { value.push(state) } else { lua_pushnil(state.L) } }
}

extension Optional: LuaConvertible where Wrapped: LuaConvertible {
    public static func pull(_ call: LuaCall, _ index: Int32) throws -> Wrapped? {
        call.isNil(index) ? nil : try Wrapped.pull(call, index)
    }
}

/// A Swift object goes to Lua as the userdata of its registered class (`LuaState.push(any:)`).
extension LuaPushable where Self: AnyObject {
    public func push(_ state: LuaState) { state.push(any: self) }
}

extension LuaRef: LuaPushable {
    public func push(_ state: LuaState) { push(state.L) }
}

extension HostFunction: LuaPushable {
    public func push(_ state: LuaState) { state.push(self) }
}
