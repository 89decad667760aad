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

    /// `members(object)` for the helpers: the member names of a Scrim object's class with their kinds (from the member
    /// table, upvalue 1 of its `__index` dispatcher), whether it is a View, and its own field table if any.
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
