import CLua

/// A Lua table's contents copied into Swift, read raw: how a module outside the bridge reads a table without the C
/// API. Tables inside it stay references (`LuaValue.table`).
public struct LuaTable {
    public let fields: [String: LuaValue]
    /// Elements 1…n, n the raw length (`#t` without `__len`).
    public let elements: [LuaValue]
    /// How many keys are not strings (the elements' included).
    public let otherKeyCount: Int

    public subscript(_ key: String) -> LuaValue { fields[key] ?? .nil }

    /// Field `key` as a number, or element `position` when there is no such field (`{x=, y=}` or `{x, y}`).
    public func number(_ key: String, position: Int) -> Double? {
        guard let value = fields[key] else { return elements.indices.contains(position - 1) ? elements[position - 1].numberValue : nil }
        return value.numberValue
    }

    public var strings: [String]? {
        let strings = elements.compactMap { if case .string(let string) = $0 { string } else { nil } }
        return strings.count == elements.count ? strings : nil
    }
}

extension LuaState {
    /// The table at `index`, read raw; nil if the value there is not a table. [-0, +0, m]
    public func table(at index: Int32) -> LuaTable? {
        guard lua_type(L, index) == LUA_TTABLE else { return nil }
        let index = lua_absindex(L, index)
        lua_checkstack(L, 3)
        var fields: [String: LuaValue] = [:]
        var others = 0
        lua_pushnil(L)
        while lua_next(L, index) != 0 {
            if lua_type(L, -2) == LUA_TSTRING { fields[string(at: -2)] = value(at: -1) } else { others += 1 }
            lua_settop(L, -2)
        }
        let elements = (0 ..< lua_rawlen(L, index)).map { position in
            lua_rawgeti(L, index, lua_Integer(position + 1))
            defer { lua_settop(L, -2) }
            return value(at: -1)
        }
        return LuaTable(fields: fields, elements: elements, otherKeyCount: others)
    }

    public func table(_ value: LuaValue) -> LuaTable? {
        guard case .table(let ref) = value else { return nil }
        return keepingTop { _ in
            ref.push(L)
            return table(at: -1)
        }
    }
}

/// A fresh table with string keys made from Swift values, and its metatable made the same way if given: how Swift
/// hands Lua a record without the C API. A nil value leaves its key out.
public struct LuaFields: LuaPushable {
    public var fields: [(String, LuaPushable?)]
    public var metatable: [(String, LuaPushable?)]?

    public init(_ fields: [(String, LuaPushable?)], metatable: [(String, LuaPushable?)]? = nil) {
        (self.fields, self.metatable) = (fields, metatable)
    }

    public func push(_ state: LuaState) {
        LuaFields.push(fields, state)
        if let metatable { LuaFields.push(metatable, state); lua_setmetatable(state.L, -2) }
    }

    private static func push(_ fields: [(String, LuaPushable?)], _ state: LuaState) {
        lua_checkstack(state.L, 3)
        lua_createtable(state.L, 0, Int32(fields.count))
        for case let (key, value?) in fields {
            value.push(state)
            lua_setfield(state.L, -2, key) // a fresh table has no metamethod: as raw
        }
    }
}

/// A table a Swift reference holds, read and written raw (no metamethod runs: Swift is outside a protected call).
extension LuaState {
    /// The globals table as the state keeps it (whatever a script made of `_G`).
    public var globals: LuaRef { scrim_pushglobaltable(L); return popRef() }

    /// `package.loaded` as `require` finds it (a script's shadowing `package` aside).
    public var loadedModules: LuaRef { luaL_getsubtable(L, scrim_registryindex(), LUA_LOADED_TABLE); return popRef() }

    /// `table[key]` (a string or an integer key); nil when `table` is not a table.
    public func field(_ table: LuaRef, _ key: LuaPushable) -> LuaValue { withField(table, key) { value(at: $0) } ?? .nil }

    /// The bytes of the string `table[key]` as Lua has them (a String would turn ill-formed UTF-8 into U+FFFD); nil
    /// unless it is a string.
    public func bytes(_ table: LuaRef, _ key: LuaPushable) -> [UInt8]? {
        withField(table, key) { lua_type(L, $0) == LUA_TSTRING ? bytes(at: $0) : nil } ?? nil
    }

    private func withField<T>(_ table: LuaRef, _ key: LuaPushable, _ read: (Int32) -> T) -> T? {
        keepingTop { _ in
            lua_checkstack(L, 3)
            guard table.push(L) == LUA_TTABLE else { return nil }
            key.push(self)
            lua_rawget(L, -2)
            return read(lua_gettop(L))
        }
    }

    /// Sets `table[key] = value`; nothing when `table` is not a table.
    public func setField(_ table: LuaRef, _ key: LuaPushable, _ value: LuaPushable?) {
        keepingTop { _ in
            guard table.push(L) == LUA_TTABLE else { return }
            push(arguments: [key, value])
            lua_rawset(L, -3)
        }
    }

    /// Calls the function `table[key]` with `arguments`, protected; returns all its results.
    @discardableResult
    public func callField(_ table: LuaRef, _ key: LuaPushable, _ arguments: [LuaPushable?] = []) throws -> [LuaValue] {
        try keepingTop { top in
            // The function pushed as it is: made a LuaValue, it took a registry reference and gave it back (a test
            // worker calls its runner twice a test).
            lua_checkstack(L, 3)
            if table.push(L) == LUA_TTABLE {
                key.push(self)
                lua_rawget(L, -2)
            } else {
                lua_pushnil(L)
            }
            scrim_remove(L, -2)
            push(arguments: arguments)
            try call(nargs: Int32(arguments.count), nresults: LUA_MULTRET)
            return (top + 1 ..< lua_gettop(L) + 1).map { value(at: $0) }
        }
    }

    public func global(_ name: String) -> LuaValue { field(globals, name) }

    public func setGlobal(_ name: String, _ value: LuaPushable?) { setField(globals, name, value) }
}
