import CLua

/// Reading a table argument (an options table, a table of fields) without running Lua code from a Swift frame: raw
/// access only, and every problem reported against the table argument, naming the field.
extension LuaCall {
    /// Whether the table at `index` has a non-nil field `name` (raw).
    public func hasField(_ index: Int32, _ name: String) -> Bool {
        state.pushString(name)
        defer { lua_settop(L, -2) }
        return lua_rawget(L, index) != LUA_TNIL
    }

    /// Field `name` of the table argument at `index` as a `V` (a number, string, boolean, rect, …); nil when absent.
    public func field<V: LuaConvertible>(_ index: Int32, _ name: String) throws -> V? {
        try field(index, name) { try V.pull(self, $0) }
    }

    /// Field `name` of the table argument at `index` read with `read` (given its stack index); nil when absent.
    public func field<V>(_ index: Int32, _ name: String, _ read: (Int32) throws -> V) throws -> V? {
        guard hasField(index, name) else { return nil }
        return try fieldValue(index, name, read)
    }

    /// Reads field `name` of the table at `index` with `read`; a problem is reported against the table argument.
    public func fieldValue<T>(_ index: Int32, _ name: String, _ read: (Int32) throws -> T) throws -> T {
        state.pushString(name)
        lua_rawget(L, index)
        defer { lua_settop(L, -2) }
        do {
            return try read(lua_gettop(L))
        } catch let error as ArgumentError {
            throw argumentError(index, "field '\(name)': \(error.problem)")
        }
    }

    /// Raises unless every key of the options table at `index` is one of `options` (named in the message).
    public func checkOptions(_ index: Int32, options: [String]) throws {
        try checkKeys(index, allowed: options, noun: "option")
    }

    /// Raises unless every key of the table at `index` is one of `allowed`: a misspelt field of a table whose fields
    /// all have defaults (a transform, a spring) would otherwise do nothing.
    func checkKeys(_ index: Int32, allowed: [String], noun: String = "field") throws {
        let index = lua_absindex(L, index)
        lua_pushnil(L)
        while lua_next(L, index) != 0 {
            lua_settop(L, -2)
            let key = lua_type(L, -1) == LUA_TSTRING ? state.string(at: -1) : nil
            guard let key, allowed.contains(key) else {
                let shown = key.map { "'\($0)'" } ?? "of type \(typeName(-1))"
                lua_settop(L, -2)
                throw argumentError(index, "unknown \(noun) \(shown) (\(allowed.joined(separator: ", ")))")
            }
        }
    }
}
