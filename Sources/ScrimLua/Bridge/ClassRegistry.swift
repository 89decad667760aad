import CLua

/// Which Lua class stands for which Swift class, per state; subclasses without their own entry
/// use their nearest registered ancestor's.
struct ClassRegistry {
    private var classes: [ObjectIdentifier: LuaClassBase] = [:]
    /// The last class resolved: objects of one class tend to come in runs (events' targets, a list of views).
    private var last: (type: ObjectIdentifier, luaClass: LuaClassBase)?

    mutating func register(_ luaClass: LuaClassBase, for type: AnyClass) {
        classes[ObjectIdentifier(type)] = luaClass
        last = nil
    }

    mutating func resolve(_ type: AnyClass) -> LuaClassBase? {
        let id = ObjectIdentifier(type)
        if let last, last.type == id { return last.luaClass }
        if let found = classes[id] {
            last = (id, found)
            return found
        }
        var ancestor: AnyClass? = _getSuperclass(type)
        while let current = ancestor {
            if let found = classes[ObjectIdentifier(current)] {
                classes[ObjectIdentifier(type)] = found
                return found
            }
            ancestor = _getSuperclass(current)
        }
        return nil
    }
}

extension LuaState {
    /// Makes `luaClass` the Lua face of `type` (and of its subclasses without their own).
    public func register(_ luaClass: LuaClassBase, for type: AnyClass) {
        classes.register(luaClass, for: type)
    }

    /// Pushes an object with the Lua class registered for its type; nil when none is.
    public func push(any object: AnyObject) {
        if let luaClass = classes.resolve(type(of: object)) {
            push(object: object, as: luaClass)
        } else {
            lua_pushnil(L)
        }
    }
}
