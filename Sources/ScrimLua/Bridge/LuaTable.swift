import CLua

/// A Lua table's contents copied into Swift, read raw (no metamethod runs): how a module outside the bridge
/// (plugins, the test runner, the command line) reads a table a script gave, without the C API. Tables inside it
/// stay references (`LuaValue.table`), read in turn with `LuaState.table(_:)`.
public struct LuaTable {
    /// The fields with string keys.
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

    /// The elements as strings; nil when one is not a string.
    public var strings: [String]? {
        let strings = elements.compactMap { element -> String? in
            if case .string(let string) = element { return string }
            return nil
        }
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

    /// The table `value` refers to, read raw; nil for any other value.
    public func table(_ value: LuaValue) -> LuaTable? {
        guard case .table(let ref) = value else { return nil }
        return keepingTop { _ in
            ref.push(L)
            return table(at: -1)
        }
    }
}
