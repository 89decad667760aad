import CLua

extension LuaState {
    /// The string keys of the table at `index` and of the tables its metatables' `__index` lead to, a few levels up,
    /// read raw (no code of the script's runs): for "did you mean" hints.
    func tableNames(at index: Int32) -> Set<String> {
        keepingTop { _ in
            var names: Set<String> = []
            lua_checkstack(L, 6)
            lua_pushvalue(L, index)
            for _ in 0 ..< 8 {
                lua_pushnil(L)
                while lua_next(L, -2) != 0 {
                    lua_settop(L, -2)
                    if lua_type(L, -1) == LUA_TSTRING { names.insert(string(at: -1)) }
                }
                guard lua_getmetatable(L, -1) != 0 else { break }
                pushString("__index")
                guard lua_rawget(L, -2) == LUA_TTABLE else { break }
            }
            return names
        }
    }
}
