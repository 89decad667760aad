import CLua

/// What a Swift object keeps from Lua — its delegate table, its closures — lives in a table in its
/// userdata's user value 2 (the "bag"), where Lua's collector sees it: cycles through delegates that
/// refer back to the object stay collectable. While the runtime itself holds the object (a shown
/// popup, a presented controller) its userdata is pinned in the registry, so none of it is lost.
extension LuaState {
    private static let pinsKey = UnsafeMutableRawPointer.allocate(byteCount: 1, alignment: 1)

    /// Pushes the userdata that stands for `object` if it has one now (without making one); returns whether it did.
    func pushExistingPeer(_ object: AnyObject) -> Bool {
        lua_checkstack(L, 6)
        lua_rawgetp(L, scrim_registryindex(), LuaState.objectCacheKey)
        if lua_rawgetp(L, -1, Unmanaged.passUnretained(object).toOpaque()) == LUA_TUSERDATA {
            lua_rotate(L, -2, -1)
            lua_settop(L, -2)
            return true
        }
        lua_settop(L, -3)
        return false
    }

    /// Stores the value at `index` as `key` in the bag of `object` (nil removes it).
    public func setPeerValue(_ object: AnyObject, _ key: String, valueAt index: Int32) {
        let index = lua_absindex(L, index)
        lua_checkstack(L, 6)
        push(any: object)
        guard lua_type(L, -1) == LUA_TUSERDATA else { return lua_settop(L, -2) }
        if lua_getiuservalue(L, -1, 2) != LUA_TTABLE {
            lua_settop(L, -2)
            lua_createtable(L, 0, 4)
            lua_pushvalue(L, -1)
            // A class without a bag (user value 2) keeps nothing from Lua: there is nowhere to put it.
            guard lua_setiuservalue(L, -3, 2) != 0 else { return lua_settop(L, -3) }
        }
        pushString(key)
        lua_pushvalue(L, index)
        lua_rawset(L, -3)
        lua_settop(L, -3)
    }

    /// Pushes `key` from the bag of `object` (nil when the object has no peer or no such value); returns its type.
    @discardableResult
    public func pushPeerValue(_ object: AnyObject, _ key: String) -> Int32 {
        guard pushExistingPeer(object) else {
            lua_pushnil(L)
            return LUA_TNIL
        }
        guard lua_getiuservalue(L, -1, 2) == LUA_TTABLE else {
            lua_settop(L, -3)
            lua_pushnil(L)
            return LUA_TNIL
        }
        pushString(key)
        let type = lua_rawget(L, -2)
        lua_rotate(L, -3, 1)
        lua_settop(L, -3)
        return type
    }

    /// Calls the function stored as `key` in the bag of `object` with `arguments`; returns its first result,
    /// or nil without calling anything when there is no such function.
    @discardableResult
    public func callPeerFunction(_ object: AnyObject, _ key: String, _ arguments: [LuaPushable?]) throws -> LuaValue {
        return try keepingTop { _ in
            guard pushPeerValue(object, key) == LUA_TFUNCTION else { return .nil }
            push(arguments: arguments)
            try call(nargs: Int32(arguments.count), nresults: 1, name: key)
            return value(at: -1)
        }
    }

    /// Keeps the userdata of `object` alive while the runtime holds the object.
    public func pin(_ object: AnyObject) {
        pushPins()
        push(any: object)
        lua_rawsetp(L, -2, Unmanaged.passUnretained(object).toOpaque())
        lua_settop(L, -2)
    }

    /// Ends `pin`: the userdata lives on only as long as Lua refers to it.
    public func unpin(_ object: AnyObject) {
        pushPins()
        lua_pushnil(L)
        lua_rawsetp(L, -2, Unmanaged.passUnretained(object).toOpaque())
        lua_settop(L, -2)
    }

    /// Whether `object` is pinned.
    public func isPinned(_ object: AnyObject) -> Bool {
        pushPins()
        defer { lua_settop(L, -3) }
        return lua_rawgetp(L, -1, Unmanaged.passUnretained(object).toOpaque()) != LUA_TNIL
    }

    private func pushPins() {
        lua_checkstack(L, 6)
        if lua_rawgetp(L, scrim_registryindex(), LuaState.pinsKey) != LUA_TTABLE {
            lua_settop(L, -2)
            lua_createtable(L, 0, 0)
            lua_pushvalue(L, -1)
            lua_rawsetp(L, scrim_registryindex(), LuaState.pinsKey)
        }
    }
}
