import CLua

/// A plain table Lua made, read in place on the stack and raw (no metamethod runs): for a module outside the bridge
/// that reads many fields of many tables (a test worker reads a result table a test), without the registry reference
/// a `LuaValue.table` takes or the copy a string field costs through `LuaTable`. Valid only inside the closure that
/// hands it out; every accessor leaves the stack as it found it.
public struct RawTableReader {
    // Inlinable, as everything here: a reader is made and used in one place, and unspecialized generic calls across
    // the module boundary cost more than the references they spare.
    /// The table, on the stack.
    @usableFromInline let table: RawValue
    @usableFromInline var L: OpaquePointer { table.L }
    @usableFromInline var index: Int32 { table.index }

    @usableFromInline init(table: RawValue) { self.table = table }

    /// Field `key`, read by `read` while it is on the stack.
    @inlinable public func field<T>(_ key: String, _ read: (RawValue) -> T) -> T {
        lua_checkstack(L, 4)
        defer { lua_settop(L, -2) }
        _ = scrim_rawgetfield(L, index, key)
        return read(RawValue(L: L, index: lua_gettop(L)))
    }

    /// Elements 1, 2, … up to the first nil, each read by `read`.
    @inlinable public func elements<T>(_ read: (RawValue) -> T) -> [T] {
        lua_checkstack(L, 4)
        var values: [T] = []
        var position: lua_Integer = 1
        while lua_rawgeti(L, index, position) != LUA_TNIL {
            values.append(read(RawValue(L: L, index: lua_gettop(L))))
            lua_settop(L, -2)
            position += 1
        }
        lua_settop(L, -2)
        return values
    }

    @inlinable public func bytes<T>(_ key: String, _ read: (UnsafeRawBufferPointer) -> T) -> T? { field(key) { $0.bytes(read) } }
    @inlinable public func integer(_ key: String) -> Int? { field(key) { $0.integer } }
    @inlinable public func table<T>(_ key: String, _ read: (RawTableReader) -> T) -> T? { field(key) { $0.table(read) } }
}

/// A value on the stack, as `RawTableReader` hands it out.
public struct RawValue {
    @usableFromInline let L: OpaquePointer
    @usableFromInline let index: Int32

    @usableFromInline init(L: OpaquePointer, index: Int32) {
        self.L = L
        self.index = index
    }

    @inlinable public var isString: Bool { lua_type(L, index) == LUA_TSTRING }

    /// The string's bytes, for `read` (they live while the value is on the stack); nil unless it is a string
    /// (numbers are not turned into strings: that would change the table).
    @inlinable public func bytes<T>(_ read: (UnsafeRawBufferPointer) -> T) -> T? {
        guard isString else { return nil }
        var length = 0
        guard let chars = lua_tolstring(L, index, &length) else { return nil }
        return read(UnsafeRawBufferPointer(start: chars, count: length))
    }

    /// The number as an integer, when it is one (a float with an integral value counts); else nil.
    @inlinable public var integer: Int? {
        guard lua_type(L, index) == LUA_TNUMBER else { return nil }
        var isInteger: Int32 = 0
        let value = lua_tointegerx(L, index, &isInteger)
        return isInteger != 0 ? Int(value) : nil
    }

    /// The table, read by `read`; nil unless it is a table.
    @inlinable public func table<T>(_ read: (RawTableReader) -> T) -> T? {
        guard lua_type(L, index) == LUA_TTABLE else { return nil }
        return read(RawTableReader(table: self))
    }
}

extension LuaState {
    /// `value`'s table, read in place by `read`; nil unless it is a table.
    @inlinable public func readRaw<T>(_ value: LuaValue, _ read: (RawTableReader) -> T) -> T? {
        guard case .table(let ref) = value else { return nil }
        return keepingTop { _ in
            lua_checkstack(L, 4)
            guard ref.push(L) == LUA_TTABLE else { return nil }
            return read(RawTableReader(table: RawValue(L: L, index: lua_gettop(L))))
        }
    }
}
