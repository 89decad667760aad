import CLua
import ScrimCore

/// Swift's strong references (`Owned`: a view's subviews, a controller's view), where Lua's collector sees them: an
/// object that keeps something from Lua has its userdata held by its owner's peer table, up to a root (pinned) or an
/// object only a script holds. A closure capturing its own view is then a collectable cycle, and a view in the window
/// keeps its closures. Each linked object is watched (`OwnershipObserver`), so that a move moves its link.
final class OwnershipLinks: OwnershipObserver {
    weak var state: LuaState?

    init(state: LuaState) { self.state = state }

    func ownerDidChange(_ object: Owned, from old: AnyObject?) {
        guard let state, !state.isClosed else { return }
        state.keepingTop { _ in
            let L = state.L
            // Its userdata stays on the stack from before its old link goes until its new one is made: in between
            // only the weak object cache would hold it (see `pushUserdataAndPeerTable`).
            guard state.pushExistingPeer(object) else { return }
            let userdata = lua_gettop(L)
            if let old, state.pushPeerTable(of: old, creating: false) {
                lua_pushvalue(L, userdata)
                lua_pushnil(L)
                lua_rawset(L, -3)
            }
            // Whatever it keeps from Lua goes with it to its new owner.
            if lua_getiuservalue(L, userdata, 2) == LUA_TTABLE { state.anchor(object) }
        }
    }

    func hold(_ objects: [Owned]) -> AnyObject? {
        guard let state, !state.isClosed else { return nil }
        return state.keepingTop { _ in
            let L = state.L
            lua_createtable(L, Int32(objects.count), 0)
            for (offset, object) in objects.enumerated() where state.pushExistingPeer(object) {
                lua_rawseti(L, -2, lua_Integer(offset + 1))
            }
            return state.popRef()
        }
    }
}

extension LuaState {
    /// Makes the userdata of `object` reachable from its owner's, its owner's from the next one's, up to a root or to
    /// a link made before. Called for every object that starts keeping something from Lua. [-0, +0]
    func anchor(_ object: AnyObject) {
        keepingTop { _ in
            let L = self.L
            var current = object
            // Each userdata stays on the stack until its owner's peer table holds it (see `pushUserdataAndPeerTable`).
            push(any: current)
            guard lua_type(L, -1) == LUA_TUSERDATA else { return }
            while let owned = current as? Owned {
                owned.ownershipObserver = ownershipLinks
                guard let owner = owned.owner else {
                    if isRuntimeRoot(current) { pin(current) }
                    return
                }
                guard pushUserdataAndPeerTable(of: owner, creating: true) else { return }
                lua_pushvalue(L, -3)
                if lua_rawget(L, -2) != LUA_TNIL { return } // linked before, and so is the owner
                lua_settop(L, -2)
                lua_pushvalue(L, -3)
                lua_pushboolean(L, 1)
                lua_rawset(L, -3)
                // [current's userdata, owner's userdata, owner's peer table] → [owner's userdata]
                lua_settop(L, -2)
                scrim_remove(L, -2)
                current = owner
            }
        }
    }

    private func isRuntimeRoot(_ object: AnyObject) -> Bool {
        object is Window || (object as? ViewController)?.isRootViewController == true
    }
}
