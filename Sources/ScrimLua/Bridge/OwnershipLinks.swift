import CLua
import ScrimCore

/// Swift's strong references, where Lua's collector sees them. A view holds its recognizers and subviews, a
/// controller its root view and the controller it presents (`Owned`); the collector sees none of that. So whenever an
/// object keeps something from Lua (a tap closure, a delegate table), its owner's peer table holds its userdata, and
/// so on up to a root: the window and the root controller, which the runtime holds and so pins, or an object only a
/// script holds. A closure that captures its own view is then a cycle among userdata, collected once nothing else
/// refers to it; a view inside the window keeps its closures however little the script keeps. Each linked object is
/// watched (`OwnershipObserver`) so that a move (another superview, a recognizer removed, a dismissal) moves its link.
final class OwnershipLinks: OwnershipObserver {
    weak var state: LuaState?

    init(state: LuaState) { self.state = state }

    func ownerDidChange(_ object: Owned, from old: AnyObject?) {
        guard let state, !state.isClosed else { return }
        state.keepingTop { _ in
            let L = state.L
            if let old, state.pushPeerTable(of: old, creating: false), state.pushExistingPeer(object) {
                lua_pushnil(L)
                lua_rawset(L, -3)
            }
        }
        // Whatever it keeps from Lua goes with it to its new owner.
        if state.keepingTop({ _ in state.pushPeerTable(of: object, creating: false) }) { state.anchor(object) }
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
            while let owned = current as? Owned {
                owned.ownershipObserver = ownershipLinks
                guard let owner = owned.owner else {
                    if isRuntimeRoot(current) { pin(current) }
                    return
                }
                guard pushPeerTable(of: owner, creating: true) else { return }
                push(any: current)
                lua_pushvalue(L, -1)
                if lua_rawget(L, -3) != LUA_TNIL { return } // linked before, and so is the owner
                lua_settop(L, -2)
                lua_pushboolean(L, 1)
                lua_rawset(L, -3)
                lua_settop(L, -2)
                current = owner
            }
        }
    }

    /// What the runtime holds for its whole life: the window and the root controller.
    private func isRuntimeRoot(_ object: AnyObject) -> Bool {
        object is Window || (object as? ViewController)?.isRootViewController == true
    }
}
