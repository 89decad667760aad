import CLua

/// Which Lua class stands for which Swift class, per state (a subclass without its own entry: its nearest ancestor's).
/// Registered as providers, built when an object of theirs first reaches Lua: building all up front was a third of
/// `scrim run empty.lua`.
struct ClassRegistry {
    /// The provider of a class every runtime knows (`ScrimModule.classes`), asked when no registration names a
    /// type: copying them all into `providers` at every start-up cost a sixth of `scrim run empty.lua` (the
    /// dictionary's generic storage type made at run time, once for each place in the code that grows it).
    var builtIn: (ObjectIdentifier) -> (() -> LuaClassBase)? = { _ in nil }
    private var providers: [ObjectIdentifier: () -> LuaClassBase] = [:]
    private var classes: [ObjectIdentifier: LuaClassBase] = [:]
    /// The last class resolved: objects of one class tend to come in runs (events' targets, a list of views).
    private var last: (type: ObjectIdentifier, luaClass: LuaClassBase)?

    mutating func register(for type: AnyClass, _ provider: @escaping () -> LuaClassBase) {
        let id = ObjectIdentifier(type)
        providers[id] = provider
        classes[id] = nil
        last = nil
    }

    private mutating func registered(_ id: ObjectIdentifier) -> LuaClassBase? {
        if let found = classes[id] { return found }
        guard let provider = providers[id] ?? builtIn(id) else { return nil }
        let made = provider()
        classes[id] = made
        return made
    }

    mutating func resolve(_ type: AnyClass) -> LuaClassBase? {
        let id = ObjectIdentifier(type)
        if let last, last.type == id { return last.luaClass }
        if let found = registered(id) {
            last = (id, found)
            return found
        }
        var ancestor: AnyClass? = _getSuperclass(type)
        while let current = ancestor {
            if let found = registered(ObjectIdentifier(current)) {
                classes[ObjectIdentifier(type)] = found
                return found
            }
            ancestor = _getSuperclass(current)
        }
        return nil
    }
}

extension LuaState {
    /// Makes `luaClass` the Lua face of `type` (and of its subclasses without their own). Registering again is safe:
    /// objects already in Lua keep their metatable (the state keeps it alive), later ones get the new class's.
    public func register(_ luaClass: LuaClassBase, for type: AnyClass) { classes.register(for: type) { luaClass } }

    /// Pushes an object with the Lua class registered for its type; nil when none is.
    public func push(any object: AnyObject) {
        // The userdata it already has, before its class is looked for: most objects pushed (events' targets, delegates'
        // arguments) have one.
        if pushExistingPeer(object) { return }
        guard let luaClass = classes.resolve(type(of: object)) else { return lua_pushnil(L) }
        pushNewUserdata(for: object, as: luaClass.classOfObject?(object) ?? luaClass)
    }
}
