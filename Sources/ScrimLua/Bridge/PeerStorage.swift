import CLua

/// What a Swift object keeps from Lua — its delegate table, its closures, the userdata of the objects it owns (see
/// `OwnershipLinks`) — lives in a table in its userdata's user value 2 (the peer table), where Lua's collector sees
/// it: cycles through delegates and closures that refer back to the object stay collectable. `LuaDelegate` is the
/// one reader. While the runtime itself holds the object (a shown popup, the window, the root controller) its
/// userdata is pinned in the registry, so none of it is lost.
extension LuaState {
    private static let pinsKey = RegistryKey()
    /// What an object that keeps something from Lua weighs on the Swift side, roughly, for the collector's pace.
    static let peerPressureKB: Int32 = 1

    /// Pushes the userdata that stands for `object` if it has one now (without making one); returns whether it did.
    func pushExistingPeer(_ object: AnyObject) -> Bool {
        lua_checkstack(L, 6)
        lua_rawgetp(L, scrim_registryindex(), LuaState.objectCacheKey.address)
        if lua_rawgetp(L, -1, Unmanaged.passUnretained(object).toOpaque()) == LUA_TUSERDATA {
            lua_rotate(L, -2, -1)
            lua_settop(L, -2)
            return true
        }
        lua_settop(L, -3)
        return false
    }

    /// Pushes the peer table of `object` (user value 2 of its userdata) and returns true; with `creating`, makes the
    /// userdata and the table if need be. Pushes nothing and returns false when there is none (or the object's class
    /// keeps no user value 2). The userdata is no longer on the stack: a caller that allocates before the userdata is
    /// held elsewhere must use `pushUserdataAndPeerTable` (see there). [-0, +(0|1)]
    func pushPeerTable(of object: AnyObject, creating: Bool) -> Bool {
        guard pushUserdataAndPeerTable(of: object, creating: creating) else { return false }
        lua_rotate(L, -2, 1)
        lua_settop(L, -2)
        return true
    }

    /// Pushes the userdata of `object` and its peer table above it, as `pushPeerTable` does. The object cache is weak:
    /// a userdata that only it holds (one just made, or one whose link to its owner was just removed) is garbage, and
    /// the incremental collector may finish a cycle at any allocation, clearing it from the cache and taking its peer
    /// table — the closures — with it; the next push then makes a bare userdata for the same Swift object. Keeping the
    /// userdata on the stack until something reachable holds it is what keeps its peer table. [-0, +(0|2)]
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
        // The object (a view, a recognizer, a controller) is far larger in Swift than its userdata is in Lua; the
        // collector must see some of that, or the garbage of a loop that makes them piles up between its cycles.
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
        lua_rotate(L, -2, 1)
        lua_settop(L, -2)
        return type
    }

    /// Keeps the userdata of `object` alive while the runtime holds the object.
    public func pin(_ object: AnyObject) { setPin(object, LuaValue.object(object)) }

    /// Ends `pin`: the userdata lives on only as long as Lua refers to it.
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
