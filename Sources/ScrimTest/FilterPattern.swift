import CLua
import ScrimLua

/// `--filter` takes a Lua pattern; a malformed one is reported once, up front, rather than in every file.
public enum FilterPattern {
    /// What is wrong with `pattern` as Lua sees it, or nil when it is a valid pattern.
    public static func problem(_ pattern: String) -> String? {
        let state = LuaState(memoryLimit: 1 << 24, timeBudget: 1)
        defer { state.close() }
        let L = state.L
        lua_getglobal(L, "string")
        lua_getfield(L, -1, "find")
        state.pushString("")
        state.pushString(pattern)
        do {
            try state.call(nargs: 2, nresults: 0)
            return nil
        } catch let error as LuaError {
            return error.message.replacing("bad argument #2 to 'find' ", with: "")
        } catch {
            return "\(error)"
        }
    }
}
