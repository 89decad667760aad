import CLua

/// What a person types at the REPL, evaluated as `lua5.4`'s interactive mode does, and its results shown.
public final class LuaConsole {
    public let runtime: LuaRuntime
    /// The Lua helpers (`show`, `complete`), made before user code runs: redefining `tostring` changes nothing.
    let helpers: LuaRef?
    /// Why the helpers could not be made (the memory budget spent already): every chunk then fails with it.
    let setupError: LuaError?

    public enum Outcome: Equatable {
        /// A syntax error at the end of the text (`… near <eof>`): more lines are needed.
        case incomplete
        /// It ran; its results as one line (bytes, as Lua strings are), or nil when it returned none.
        case ran([UInt8]?)
    }

    static let helperChunk = EmbeddedLua("console.lua", PackageResources.console_lua)

    public init(runtime: LuaRuntime) {
        self.runtime = runtime
        let state = runtime.state
        do {
            try state.load(LuaConsole.helperChunk)
            state.push(LuaConsole.members)
            try state.call(nargs: 1, nresults: 1)
            helpers = state.popRef()
            setupError = nil
        } catch {
            helpers = nil
            setupError = error as? LuaError ?? LuaError(message: "\(error)")
        }
    }

    /// Compiles and runs `source`, a single line tried first as `return <line>` so that an expression shows its value;
    /// throws a syntax or runtime error (an unfinished chunk's too unless `allowIncomplete`).
    public func evaluate(_ source: [UInt8], chunkName: String = "=stdin", allowIncomplete: Bool = true) throws -> Outcome {
        guard let helpers else { throw setupError ?? LuaError(message: "the console is not available") }
        let state = runtime.state
        let L = state.L
        return try state.keepingTop { top in
            if source.contains(UInt8(ascii: "\n")) || (try? state.load(bytes: Array("return ".utf8) + source, name: chunkName)) == nil {
                do {
                    try state.load(bytes: source, name: chunkName)
                } catch let error as LuaError where allowIncomplete && error.message.hasSuffix("<eof>") {
                    return .incomplete
                }
            }
            clearInterrupt()
            // Each statement has the whole time budget; waiting for the next line does not count.
            state.restartTimeBudget()
            defer {
                clearInterrupt()
                state.suspendTimeBudget()
            }
            try state.call(nargs: 0, nresults: LUA_MULTRET)
            let count = lua_gettop(L) - top
            guard count > 0 else { return .ran(nil) }
            lua_checkstack(L, 2)
            state.field(helpers, "show").push(state)
            lua_rotate(L, top + 1, 1)
            try state.call(nargs: count, nresults: 1)
            return .ran(state.bytes(at: -1))
        }
    }

    /// Forgets a Ctrl-C that came when no Lua code was running, so that it does not stop the next chunk.
    public func clearInterrupt() { scrim_clearinterrupt(runtime.state.limits) }
}
