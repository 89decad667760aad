import CLua

/// Where the script that made a class-related call is: the first Lua frame up the stack that is not Scrim's class
/// prelude (`class.lua`), so that constructor errors and `self.super` see the caller, not the prelude.
extension LuaState {
    /// The stack level of that frame, or nil if there is none (a call from Swift alone).
    func scriptLevel(from first: Int32 = 1) -> Int32? {
        var ar = lua_Debug()
        var level = first
        while lua_getstack(L, level, &ar) != 0 {
            guard lua_getinfo(L, "S", &ar) != 0 else { return nil }
            let isC = ar.what.map { String(cString: $0) == "C" } ?? true
            let isPrelude = ar.source.map { String(cString: $0) == "@" + ClassPrelude.chunk.fileName } ?? false
            if !isC && !isPrelude { return level }
            level += 1
        }
        return nil
    }

    /// `error` as Lua words it at the script's frame: `file:line: message`.
    func errorAtScript(_ message: String) -> LuaError {
        guard let level = scriptLevel() else { return LuaError(message: message) }
        scrim_where(L, level)
        defer { lua_settop(L, -2) }
        return LuaError(message: string(at: -1) + message)
    }
}

enum ClassCaller {
    /// `callerFunction()` for the prelude: the Lua function running the code that asked (nil from outside any).
    static let callerFunction = HostFunction("callerFunction") { call in
        var ar = lua_Debug()
        // Level 0 is this function; the script's frame is above the prelude's `__index`.
        guard let level = call.state.scriptLevel(from: 1), lua_getstack(call.L, level, &ar) != 0,
              lua_getinfo(call.L, "f", &ar) != 0 else { return call.push(nil) }
        return 1
    }
}
