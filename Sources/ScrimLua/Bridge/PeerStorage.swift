import CLua

/// What a Swift object keeps from Lua (its delegate table, closures, the userdata of what it owns) lives in its
/// userdata's user value 2, the peer table, where Lua's collector sees it: cycles back to the object stay collectable.
/// While the runtime holds the object (a shown popup, the window) its userdata is pinned in the registry.
extension LuaState {
    private static let pinsKey = RegistryKey()
    /// What an object that keeps something from Lua weighs on the Swift side, roughly, for the collector's pace.
    static let peerPressureKB: Int32 = 1

    /// Pushes the userdata that stands for `object` if it has one now (without making one); returns whether it did.
    func pushExistingPeer(_ object: AnyObject) -> Bool {
        lua_checkstack(L, 6)
        lua_rawgeti(L, scrim_registryindex(), objectCache)
        if lua_rawgetp(L, -1, Unmanaged.passUnretained(object).toOpaque()) == LUA_TUSERDATA {
            scrim_remove(L, -2)
            return true
        }
        lua_settop(L, -3)
        return false
    }

    /// Pushes the peer table of `object` (made with `creating`) and returns true, or pushes nothing and returns false.
    /// A caller that allocates before the userdata is held elsewhere must use `pushUserdataAndPeerTable`. [-0, +(0|1)]
    func pushPeerTable(of object: AnyObject, creating: Bool) -> Bool {
        guard pushUserdataAndPeerTable(of: object, creating: creating) else { return false }
        scrim_remove(L, -2)
        return true
    }

    /// Pushes the userdata of `object` and its peer table above it. The object cache is weak: a userdata only it holds
    /// may be collected at any allocation, its peer table (the closures) with it, and the next push makes a bare one.
    /// Keeping the userdata on the stack until something reachable holds it keeps its peer table. [-0, +(0|2)]
    func pushUserdataAndPeerTable(of object: AnyObject, creating: Bool) -> Bool {
        lua_checkstack(L, 6)
        if creating {
            push(any: object)
            guard lua_type(L, -1) == LUA_TUSERDATA else {
                lua_settop(L, -2)
                return false
            }
        } else if !pushExistingPeer(object) { return false }
        if lua_getiuservalue(L, -1, 2) == LUA_TTABLE { return true }
        lua_settop(L, -2)
        guard creating else {
            lua_settop(L, -2)
            return false
        }
        lua_createtable(L, 0, 4)
        lua_pushvalue(L, -1)
        // A class without user value 2 keeps nothing from Lua: there is nowhere to put it.
        guard lua_setiuservalue(L, -3, 2) != 0 else {
            lua_settop(L, -3)
            return false
        }
        // The object is far larger in Swift than its userdata: without this a loop's garbage piles up between cycles.
        scrim_gcpressure(L, LuaState.peerPressureKB)
        return true
    }

    /// Stores the value at `index` as `key` in the peer table of `object` (nil removes it).
    public func setPeerValue(_ object: AnyObject, _ key: String, valueAt index: Int32) {
        let index = lua_absindex(L, index)
        guard pushUserdataAndPeerTable(of: object, creating: true) else { return }
        pushString(key)
        lua_pushvalue(L, index)
        lua_rawset(L, -3)
        lua_settop(L, -3)
    }

    /// Pushes `key` from the peer table of `object` (nil when the object has no peer or no such value); returns its type.
    @discardableResult
    public func pushPeerValue(_ object: AnyObject, _ key: String) -> Int32 {
        guard pushPeerTable(of: object, creating: false) else {
            lua_pushnil(L)
            return LUA_TNIL
        }
        pushString(key)
        let type = lua_rawget(L, -2)
        scrim_remove(L, -2)
        return type
    }

    public func pin(_ object: AnyObject) { setPin(object, LuaValue.object(object)) }

    public func unpin(_ object: AnyObject) { setPin(object, nil) }

    private func setPin(_ object: AnyObject, _ userdata: LuaPushable?) {
        lua_checkstack(L, 6)
        pushRegistryTable(LuaState.pinsKey)
        push(arguments: [userdata])
        lua_rawsetp(L, -2, Unmanaged.passUnretained(object).toOpaque())
        lua_settop(L, -2)
    }

    /// Sets `key` in the table of own fields (user value 1) of `object`'s userdata to the value at `index`.
    func setOwnField(_ object: AnyObject, _ key: String, valueAt index: Int32) throws {
        let index = lua_absindex(L, index)
        push(any: object)
        defer { lua_settop(L, -3) }
        guard lua_getiuservalue(L, -1, 1) == LUA_TTABLE else {
            throw ScriptError("this \(String(describing: type(of: object))) cannot keep '\(key)'")
        }
        pushString(key)
        lua_pushvalue(L, index)
        lua_rawset(L, -3)
    }
}
