import CLua

// Lua strings are bytes: source text from standard input, `-e`, the REPL and a script's arguments reach Lua exactly as
// given, even when they are not UTF-8 (a Swift String would turn such bytes into U+FFFD).

extension LuaState {
    public func load(bytes: [UInt8], name: String) throws {
        // An empty array may have no storage; a one-byte one lends a pointer for the zero-length buffer.
        let storage = bytes.isEmpty ? [0] : bytes
        let status = storage.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { scrim_loadbuffer(L, $0.baseAddress, bytes.count, name) }
        }
        if status != LUA_OK { throw popError() }
    }

    public func pushBytes(_ bytes: [UInt8]) {
        let storage = bytes.isEmpty ? [0] : bytes
        storage.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { _ = lua_pushlstring(L, $0.baseAddress, bytes.count) }
        }
    }

    /// The bytes of the string (or number) at `index`; empty for any other value.
    public func bytes(at index: Int32) -> [UInt8] {
        var length = 0
        guard let chars = lua_tolstring(L, index, &length) else { return [] }
        return chars.withMemoryRebound(to: UInt8.self, capacity: length) { Array(UnsafeBufferPointer(start: $0, count: length)) }
    }
}

extension LuaRuntime {
    /// Sets the global `arg` as lua.c does from the whole command line `words`: the script (at `scriptIndex`, 0 for
    /// none) at `arg[0]`, its arguments at 1…, what came before at negative indices.
    public func setArgTable(words: [[UInt8]], scriptIndex: Int) {
        let L = state.L
        lua_createtable(L, Int32(max(0, words.count - scriptIndex - 1)), Int32(scriptIndex) + 1)
        for (offset, word) in words.enumerated() {
            state.pushBytes(word)
            lua_rawseti(L, -2, lua_Integer(offset - scriptIndex))
        }
        lua_setglobal(L, "arg")
    }

    /// Runs source bytes (from `-e`, standard input or LUA_INIT) as a chunk named `name`, with `arguments` as `...`
    /// (nil: arg[1] … arg[#arg] of the global `arg` as it is now, as lua.c gives a script).
    public func run(bytes: [UInt8], name: String, arguments: [[UInt8]]? = []) throws {
        try state.load(bytes: bytes, name: name)
        try call(withArguments: arguments)
    }

    /// Runs standard input as a chunk, read in pieces under the budgets (never whole in a buffer).
    public func runStandardInput(name: String, arguments: [[UInt8]]?) throws {
        if scrim_loadstdin(state.L, name) != LUA_OK { throw state.popError() }
        try call(withArguments: arguments)
    }

    /// Runs a script file (chunk name `@path`) with `arguments` as `...`, as `run(bytes:)` does.
    public func run(file path: String, arguments: [[UInt8]]?) throws {
        try state.loadFile(path)
        try call(withArguments: arguments)
    }

    /// Turns Lua warnings on (lua.c's `-W`), as `warn("@on")` does.
    public func warningsOn() { lua_warning(state.L, "@on", 0) }

    private func call(withArguments arguments: [[UInt8]]?) throws {
        guard let arguments else {
            // The chunk stays below while `arg` is read (protected: _ENV or `arg` may have metamethods that raise).
            let below = lua_gettop(state.L)
            scrim_pushscriptarguments(state.L)
            do {
                try state.call(nargs: 0, nresults: LUA_MULTRET)
            } catch {
                lua_settop(state.L, below - 1)
                throw error
            }
            return try state.call(nargs: lua_gettop(state.L) - below, nresults: 0)
        }
        lua_checkstack(state.L, Int32(arguments.count) + 1)
        for argument in arguments { state.pushBytes(argument) }
        try state.call(nargs: Int32(arguments.count), nresults: 0)
    }
}

extension LuaRuntime {
    /// lua.c's `-l`: `global = require(module)`.
    public func requireLibrary(_ module: String, as global: String) throws {
        state.setGlobal(global, try state.callField(state.globals, "require", [module]).first)
    }

    /// Puts `folder/?.lua;folder/?/init.lua` first on `package.path` (the script folder of `scrim run DIR`).
    public func prependPackagePath(folder: String) {
        prependPackagePath("path", "\(folder)/?.lua;\(folder)/?/init.lua")
    }

    /// Puts `entries` first on `package[field]` (`path`, `cpath`); nothing when the global `package` is no table.
    public func prependPackagePath(_ field: String, _ entries: String) {
        guard case .table(let package) = state.global("package") else { return }
        guard case .string(let current) = state.field(package, field), !current.isEmpty else {
            return state.setField(package, field, entries)
        }
        state.setField(package, field, entries + ";" + current)
    }
}
