import CLua

/// The one way Swift calls the Lua side of an object, kept in its userdata where the collector sees it (`PeerStorage`).
/// A member is looked up among `places`, in this order: a value set on the object under its name (a closure, called
/// without `self`); the delegate table's member (called with the table as `self`); the instance's fields and class
/// (an override, called with the object as `self`). A member that is not callable is a value; one found nowhere is
/// absent (nil), and the caller takes its default. Errors are thrown with the protected call's traceback.
public struct LuaDelegate {
    public struct Places: OptionSet, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// Values set on the object by member name (closure style).
        public static let closures = Places(rawValue: 1)
        /// The table under `delegateKey` in the peer table (protocol style).
        public static let delegate = Places(rawValue: 2)
        /// The instance's own fields and Lua class (`scrim.class` overrides).
        public static let overrides = Places(rawValue: 4)
    }

    /// How a member found was pushed: a function alone, a function with its `self` above it, a value alone.
    public enum Member {
        case closure, method, value
    }

    /// The object whose userdata holds the Lua side (weak: the object usually holds the adapter that holds this).
    public weak var object: AnyObject?
    public weak var state: LuaState?
    public let places: Places
    public let delegateKey: String

    public init(_ object: AnyObject, _ state: LuaState, places: Places, delegateKey: String = "delegate") {
        self.object = object
        self.state = state
        self.places = places
        self.delegateKey = delegateKey
    }

    /// Pushes member `name` as `Member` says (one value, or a method and its `self`), or nothing when it is absent.
    /// [-0, +(0|1|2), e]: `e` for the `__index` of a delegate or a class, run protected, whose error is thrown.
    public func push(_ name: String) throws -> Member? {
        guard let state, !state.isClosed, let object else { return nil }
        let L = state.L
        let top = lua_gettop(L)
        lua_checkstack(L, 6)
        guard state.pushExistingPeer(object) else { return nil }
        let userdata = top + 1
        if !places.isDisjoint(with: [.closures, .delegate]), lua_getiuservalue(L, userdata, 2) == LUA_TTABLE {
            if places.contains(.closures) {
                state.pushString(name)
                if lua_rawget(L, -2) != LUA_TNIL { return settle(state, top, isMethod: false) }
                lua_settop(L, -2)
            }
            if places.contains(.delegate) {
                state.pushString(delegateKey)
                let type = lua_rawget(L, -2)
                if type == LUA_TTABLE || type == LUA_TUSERDATA {
                    let delegate = lua_gettop(L)
                    if let found = try method(name, in: delegate, self: delegate, state, top) { return found }
                }
            }
        }
        lua_settop(L, userdata)
        if places.contains(.overrides), lua_getiuservalue(L, userdata, 1) == LUA_TTABLE,
           let found = try method(name, in: lua_gettop(L), self: userdata, state, top) {
            return found
        }
        lua_settop(L, top)
        return nil
    }

    /// Looks `name` up in the value at `index` (protected: it may have an `__index`); found, it goes down to
    /// `top + 1` as a method of the value at `selfIndex`. An error of the lookup is thrown, the stack back at `top`.
    private func method(_ name: String, in index: Int32, self selfIndex: Int32, _ state: LuaState, _ top: Int32) throws -> Member? {
        let L = state.L
        if scrim_pgetfield(L, index, name) != LUA_OK {
            let error = state.popError()
            lua_settop(L, top)
            throw error
        }
        guard lua_type(L, -1) != LUA_TNIL else { return nil }
        lua_pushvalue(L, selfIndex)
        return settle(state, top, isMethod: true)
    }

    /// Moves what was found (the member, and its `self` on top for a method) down to `top + 1`.
    private func settle(_ state: LuaState, _ top: Int32, isMethod: Bool) -> Member {
        let L = state.L
        let found = lua_gettop(L) - (isMethod ? 1 : 0)
        let callable = state.isCallable(at: found)
        let count: Int32 = isMethod && callable ? 2 : 1
        for offset in 0 ..< count { lua_copy(L, found + offset, top + 1 + offset) }
        lua_settop(L, top + count)
        return !callable ? .value : isMethod ? .method : .closure
    }

    /// The names the delegate table has (`tableNames`), for "did you mean" warnings; empty without one.
    public func delegateMemberNames() -> [String] {
        guard let state, !state.isClosed, let object else { return [] }
        return state.keepingTop { _ in
            let L = state.L
            lua_checkstack(L, 4)
            guard state.pushExistingPeer(object), lua_getiuservalue(L, -1, 2) == LUA_TTABLE else { return [] }
            state.pushString(delegateKey)
            guard lua_rawget(L, -2) == LUA_TTABLE else { return [] }
            return Array(state.tableNames(at: -1))
        }
    }

    public func responds(to name: String) throws -> Bool {
        guard let state else { return false }
        return try state.keepingTop { _ in try push(name).map { $0 != .value } ?? false }
    }

    /// Calls member `name` with `arguments` and returns its first result, or the member itself if it is a value (nil
    /// when `callableOnly`: the caller's default applies); nil when it is absent (or the state is gone). One lookup.
    @discardableResult
    public func call(_ name: String, _ arguments: [LuaPushable?] = [], callableOnly: Bool = false) throws -> LuaValue? {
        guard let state else { return nil }
        return try state.keepingTop { _ in
            guard let member = try push(name) else { return nil }
            if member == .value { return callableOnly ? nil : state.value(at: -1) }
            try callPushed(member, name, arguments, state)
            return state.value(at: -1)
        }
    }

    /// Calls the member `push` left on the stack with `arguments`; its one result replaces it. [-(1|2), +1, e]
    public func callPushed(_ member: Member, _ name: String, _ arguments: [LuaPushable?], _ state: LuaState) throws {
        state.push(arguments: arguments)
        let selfCount: Int32 = member == .method ? 1 : 0
        try state.call(nargs: Int32(arguments.count) + selfCount, nresults: 1, name: name)
    }
}

extension LuaState {
    /// Whether the value at `index` can be called: a function, or a value whose metatable has `__call`, so that a
    /// callable object (a busted spy) overrides a member as a function does.
    public func isCallable(at index: Int32) -> Bool {
        switch lua_type(L, index) {
        case LUA_TFUNCTION: return true
        case LUA_TTABLE, LUA_TUSERDATA:
            guard luaL_getmetafield(L, index, "__call") != LUA_TNIL else { return false }
            lua_settop(L, -2)
            return true
        default: return false
        }
    }
}
