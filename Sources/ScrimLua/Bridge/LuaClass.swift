import CLua

/// A Swift class as Lua sees it: methods, properties and static values, declared once and turned
/// into one metatable per state. Members of the base class are flattened into each class table, so
/// a lookup is one raw get whatever the depth of the hierarchy.
public class LuaClassBase {
    public let name: String
    public let base: LuaClassBase?
    var methods: [String: HostFunction] = [:]
    var getters: [String: HostFunction] = [:]
    var setters: [String: HostFunction] = [:]
    var describe: ((AnyObject) -> String)?
    /// Objects of this class carry a table of Lua-side fields (user value 1), so scripts may add fields.
    public var hasFieldTable = false
    /// User values of each userdata (slot 1 is the field table when there is one).
    public var userValues: Int32 = 1

    init(name: String, base: LuaClassBase?) {
        self.name = name
        self.base = base
        if let base {
            hasFieldTable = base.hasFieldTable
            userValues = base.userValues
        }
    }

    /// Every member, base classes first so that a subclass overrides.
    func flattened() -> (methods: [String: HostFunction], getters: [String: HostFunction], setters: [String: HostFunction]) {
        var all: (methods: [String: HostFunction], getters: [String: HostFunction], setters: [String: HostFunction]) =
            base?.flattened() ?? (methods: [:], getters: [:], setters: [:])
        all.methods.merge(methods) { $1 }
        all.getters.merge(getters) { $1 }
        all.setters.merge(setters) { $1 }
        return all
    }

    var descriptionFunction: ((AnyObject) -> String)? { describe ?? base?.descriptionFunction }

    /// Leaves the new metatable on the stack.
    func buildMetatable(in state: LuaState) {
        let L = state.L
        let members = flattened()
        lua_createtable(L, 0, 8)
        let mt = lua_gettop(L)
        lua_createtable(L, 0, Int32(members.methods.count))
        for (key, function) in members.methods {
            state.push(function)
            lua_setfield(L, -2, key)
        }
        lua_createtable(L, 0, Int32(members.getters.count))
        for (key, function) in members.getters {
            // Getters and setters live as long as the class (they are never released), so a light
            // pointer is enough and the __index dispatcher can call them without a Lua call.
            scrim_pushhostpointer(L, Unmanaged.passUnretained(function).toOpaque())
            lua_setfield(L, -2, key)
        }
        lua_createtable(L, 0, Int32(members.setters.count))
        for (key, function) in members.setters {
            scrim_pushhostpointer(L, Unmanaged.passUnretained(function).toOpaque())
            lua_setfield(L, -2, key)
        }
        scrim_setclassmetamethods(L, mt, mt + 1, mt + 2, mt + 3)
        lua_settop(L, mt)
        state.pushString(name)
        lua_setfield(L, mt, "__name")
        state.pushString(name)
        lua_setfield(L, mt, "__metatable")
        let describe = descriptionFunction
        let className = name
        state.push(HostFunction("__tostring") { call in
            guard let object = call.state.object(at: 1) else { return call.push(className) }
            return call.push(describe?(object) ?? "\(className): \(Unmanaged.passUnretained(object).toOpaque())")
        })
        lua_setfield(L, mt, "__tostring")
    }
}

/// The declarative builder: `LuaClass<View>("View").property("alpha", \.alpha).method("find") { … }`.
public final class LuaClass<T: AnyObject>: LuaClassBase {
    public init(_ name: String, base: LuaClassBase? = nil) {
        super.init(name: name, base: base)
    }

    private func receiver(_ call: LuaCall) throws -> T {
        guard let pointer = scrim_toobject(call.L, 1),
              let object = Unmanaged<AnyObject>.fromOpaque(pointer).takeUnretainedValue() as? T
        else { throw call.typeError(1, expected: name) }
        return object
    }

    /// A read/write property backed by a key path.
    @discardableResult
    public func property<V: LuaConvertible>(_ key: String, _ path: ReferenceWritableKeyPath<T, V>) -> Self {
        property(key, get: { $0[keyPath: path] }, set: { $0[keyPath: path] = $1 })
    }

    /// A read/write property with its own accessors; the setter may throw to refuse a value.
    @discardableResult
    public func property<V: LuaConvertible>(_ key: String, get: @escaping (T) -> V, set: @escaping (T, V) throws -> Void) -> Self {
        readonly(key, get)
        setters[key] = HostFunction(key, kind: .setter) { [unowned self] call in
            let object = try self.receiver(call)
            try set(object, try V.pull(call, 3))
            return 0
        }
        return self
    }

    /// A read/write property whose setter reads the value itself (index 3 of `call`).
    @discardableResult
    public func property(_ key: String, get: @escaping (T, LuaCall) throws -> Int32, set: @escaping (T, LuaCall) throws -> Void) -> Self {
        getters[key] = HostFunction(key, kind: .getter) { [unowned self] call in try get(try self.receiver(call), call) }
        setters[key] = HostFunction(key, kind: .setter) { [unowned self] call in
            try set(try self.receiver(call), call)
            return 0
        }
        return self
    }

    /// A read-only property.
    @discardableResult
    public func readonly<V: LuaPushable>(_ key: String, _ get: @escaping (T) -> V) -> Self {
        getters[key] = HostFunction(key, kind: .getter) { [unowned self] call in
            get(try self.receiver(call)).push(call.state)
            return 1
        }
        return self
    }

    /// A read-only property that pushes its own results.
    @discardableResult
    public func readonly(_ key: String, push: @escaping (T, LuaCall) throws -> Int32) -> Self {
        getters[key] = HostFunction(key, kind: .getter) { [unowned self] call in try push(try self.receiver(call), call) }
        return self
    }

    /// A method called as `obj:name(…)`; arguments start at stack index 2.
    @discardableResult
    public func method(_ key: String, _ body: @escaping (T, LuaCall) throws -> Int32) -> Self {
        methods[key] = HostFunction(key, kind: .method) { [unowned self] call in try body(try self.receiver(call), call) }
        return self
    }

    /// How `tostring` shows an object of this class.
    @discardableResult
    public func description(_ body: @escaping (T) -> String) -> Self {
        describe = { body($0 as! T) }
        return self
    }
}
