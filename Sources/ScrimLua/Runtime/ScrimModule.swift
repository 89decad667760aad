import CLua

/// The `scrim` module: the global `scrim`, also what `require("scrim")` returns.
enum ScrimModule {
    static let version = "0.1.0"

    static func install(in runtime: LuaRuntime) {
        let state = runtime.state
        let L = state.L
        lua_createtable(L, 0, 16)
        state.pushString(version)
        lua_setfield(L, -2, "version")
        // require("scrim") finds it already loaded.
        luaL_getsubtable(L, scrim_registryindex(), LUA_LOADED_TABLE)
        lua_pushvalue(L, -2)
        lua_setfield(L, -2, "scrim")
        lua_settop(L, -2)
        lua_setglobal(L, "scrim")
    }
}
