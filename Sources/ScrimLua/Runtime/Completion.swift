import CLua
import ScrimCore

extension LuaConsole {
    /// Completions of the name or field path that `word` is (`scrim.ad` → `scrim.advance`,
    /// `scrim.window:fi` → `scrim.window:find`), sorted; globals and keywords for a bare name.
    public func completions(for word: String) -> [String] {
        let state = runtime.state
        guard let helpers = helpers.flatMap({ state.table(.table($0)) }), case .function(let complete) = helpers["complete"],
              let list = (try? state.call(complete, [word])).flatMap(state.table) else { return [] }
        return list.strings ?? []
    }

    /// `members(object)` for the helpers: a table of the member names of a Scrim object's class, each with
    /// its kind ("property", "method" or "value"), whether the object is a View, and the table of fields
    /// Lua gave the object (user value 1; its metatable leads to a Lua class), if any; nil for any other
    /// value. The names come from the class's member table, which the bridge keeps as upvalue 1 of the
    /// metatable's `__index` dispatcher.
    static let members = HostFunction("members") { call in
        let L = call.L
        guard let object = call.state.object(at: 1) else { return call.push(nil) }
        lua_settop(L, 1)
        lua_checkstack(L, 8)
        lua_createtable(L, 0, 32)
        let result = lua_gettop(L)
        if lua_getmetatable(L, 1) != 0 {
            call.state.pushString("__index")
            if lua_rawget(L, -2) == LUA_TFUNCTION, lua_getupvalue(L, -1, 1) != nil, lua_type(L, -1) == LUA_TTABLE {
                lua_pushnil(L)
                while lua_next(L, -2) != 0 {
                    if lua_type(L, -2) == LUA_TSTRING {
                        let kind: String
                        switch lua_type(L, -1) {
                        case LUA_TLIGHTUSERDATA: kind = "property"
                        case LUA_TFUNCTION: kind = "method"
                        default: kind = "value"
                        }
                        lua_pushvalue(L, -2)
                        call.state.pushString(kind)
                        lua_rawset(L, result)
                    }
                    lua_settop(L, -2)
                }
            }
            lua_settop(L, result)
        }
        lua_pushboolean(L, object is View ? 1 : 0)
        if lua_getiuservalue(L, 1, 1) != LUA_TTABLE {
            lua_settop(L, -2)
            lua_pushnil(L)
        }
        return 3
    }
}
