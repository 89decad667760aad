import CLua
import ScrimCore
import Synchronization

/// A Swift class as Lua sees it, declared once and turned into one metatable per state, its bases' members flattened
/// in so that a lookup is one raw get whatever the depth of the hierarchy.
///
/// `@unchecked Sendable`: one class serves every state of the process. Its fields (`var`s for the builder's chained
/// calls) are written only inside the `static let` that holds it, which Swift runs once and publishes to every
/// thread, and only read afterwards; what it holds is `Sendable`.
public class LuaClassBase: @unchecked Sendable {
    public let name: String
    public let base: LuaClassBase?
    var methods: [String: HostFunction] = [:]
    var getters: [String: HostFunction] = [:]
    var setters: [String: HostFunction] = [:]
    var describe: (@Sendable (AnyObject) -> String)?
    /// The setters again, for a constructor's table of fields (taking the value's stack index).
    var fieldSetters: [String: @Sendable (AnyObject, LuaCall, Int32) throws -> Void] = [:]
    /// The members Lua may override (`overridable`), with the kind of value each takes besides a method.
    var overridableKinds: [String: OverrideKind] = [:]
    /// The members read as Swift's answer even where Lua overrides them (the override feeds the answer).
    var answers: Set<String> = []
    /// What `self.super` reaches of each member Lua may override, by name.
    public var swiftImplementations: [String: SwiftImplementation] = [:]
    /// Fields a constructor applies first, in this order (e.g. `frame` before `center`).
    public internal(set) var fieldOrder: [String] = []
    /// User values of each userdata: 1 the fields of an instance of a Lua class, 2 the peer table (`PeerStorage`).
    /// Classes that keep nothing and cannot be subclassed need none, which keeps their lookups fastest.
    public internal(set) var userValues: Int32 = 0
    /// For one Swift class whose objects Lua sees as different classes (the dimming base classes, by edge): the
    /// class of each object (nil: this one). Subclasses inherit it.
    public internal(set) var classOfObject: (@Sendable (AnyObject) -> LuaClassBase?)?

    init(name: String, base: LuaClassBase?) {
        self.name = name
        self.base = base
        if let base {
            userValues = base.userValues
            classOfObject = base.classOfObject
        }
    }

    func flattened() -> (methods: [String: HostFunction], getters: [String: HostFunction], setters: [String: HostFunction]) {
        (inherited { $0.methods }, inherited { $0.getters }, inherited { $0.setters })
    }

    var descriptionFunction: (@Sendable (AnyObject) -> String)? { describe ?? base?.descriptionFunction }

    var allAnswers: Set<String> { answers.union(base?.allAnswers ?? []) }

    var allOverridableNames: Set<String> { Set(inherited { $0.overridableKinds }.keys) }

    func allFieldSetters() -> [String: @Sendable (AnyObject, LuaCall, Int32) throws -> Void] { inherited { $0.fieldSetters } }

    /// A table of this class's merged over its bases' (a closure, not a key path: each key path was made at run
    /// time when a class was first built, a tenth of a script that makes one view).
    func inherited<V>(_ table: (LuaClassBase) -> [String: V]) -> [String: V] {
        guard let base else { return table(self) } // as it is: merged into an empty one, it was copied entry by entry
        return base.inherited(table).merging(table(self)) { $1 }
    }

    /// Applies the fields of the table at `index` to a new object (`Class{ field = value, … }`), naming a bad one.
    public func applyFields(_ object: AnyObject, from call: LuaCall, at index: Int32) throws {
        let L = call.L
        guard lua_type(L, index) == LUA_TTABLE else { throw call.typeError(index, expected: "table") }
        var keys: [String] = []
        lua_pushnil(L)
        while lua_next(L, index) != 0 {
            lua_settop(L, -2)
            guard lua_type(L, -1) == LUA_TSTRING else {
                lua_settop(L, -2)
                throw call.argumentError(index, "field names must be strings")
            }
            keys.append(call.state.string(at: -1))
        }
        // `Class{}` sets nothing: no need for the merged setter tables.
        guard !keys.isEmpty else { return }
        let setters = allFieldSetters()
        let order = fieldOrder
        keys.sort { (order.firstIndex(of: $0) ?? order.count, $0) < (order.firstIndex(of: $1) ?? order.count, $1) }
        for key in keys {
            guard let setter = setters[key] else {
                let members = flattened()
                let readOnly = members.getters[key] != nil || members.methods[key] != nil
                if readOnly { throw call.argumentError(index, "field '\(key)' of \(name) is read-only") }
                let hint = NearestName.closest(to: key, among: setters.keys.sorted()).map { " — did you mean '\($0)'?" } ?? ""
                throw call.argumentError(index, "\(name) has no field '\(key)'\(hint)")
            }
            call.state.pushString(key)
            lua_rawget(L, index)
            defer { lua_settop(L, -2) }
            do {
                try setter(object, call, lua_gettop(L))
            } catch let error as ArgumentError {
                throw call.argumentError(index, "field '\(key)': \(error.problem)")
            }
        }
    }

    /// What `__index` and `__newindex` call for a key that is no member, with (object, key, access): access 0 a read,
    /// 1 a read on an instance of a Lua class without such a field, 2 a write. On a Swift object that is a typo,
    /// raised with the nearest name; an instance of a Lua class reads it as nil, warning once if close to a member.
    func unknownField(members: [String]) -> HostFunction {
        let className = name
        let warned = WarnedNames()
        return HostFunction(name, kind: .getter) { call in
            let probing = lua_tointegerx(call.L, 3, nil) == 1
            guard call.type(2) == LUA_TSTRING else {
                if probing { return call.push(nil) }
                throw ScriptError("\(className) has no field of type \(call.typeName(2))")
            }
            let key = call.state.string(at: 2)
            let nearest = NearestName.closest(to: key, among: members)
            let hint = nearest.map { " — did you mean '\($0)'?" } ?? ""
            guard probing else { throw ScriptError("\(className) has no field '\(key)'\(hint)") }
            if nearest != nil, warned.names.withLock({ $0.insert(key).inserted }) {
                let name = LuaClassBase.luaClassName(call) ?? className
                call.runtime.warn("\(name) has no field '\(key)' (read as nil)\(hint)", at: call)
            }
            return call.push(nil)
        }
    }

    /// The names `unknownField` warned about (called on its state's thread).
    private final class WarnedNames: Sendable {
        let names = Mutex<Set<String>>([])
    }

    /// The `__name` of the Lua class whose instance is argument 1.
    private static func luaClassName(_ call: LuaCall) -> String? {
        let L = call.L
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        guard lua_getiuservalue(L, 1, 1) == LUA_TTABLE, lua_getmetatable(L, -1) != 0,
              lua_getfield(L, -1, "__name") == LUA_TSTRING else { return nil }
        return call.state.string(at: -1)
    }

    /// Leaves the new metatable on the stack.
    func buildMetatable(in state: LuaState) {
        let L = state.L
        let members = flattened()
        lua_createtable(L, 0, 8)
        let mt = lua_gettop(L)
        lua_createtable(L, 0, Int32(members.methods.count + members.getters.count))
        for (key, function) in members.methods {
            state.push(function)
            lua_setfield(L, -2, key)
        }
        // Getters and setters as light pointers, called by the __index dispatcher without a Lua call; the state keeps
        // them alive.
        let unknown = unknownField(members: Array(members.methods.keys) + Array(members.getters.keys) + Array(members.setters.keys))
        state.retainedMembers.append(contentsOf: members.getters.values)
        state.retainedMembers.append(contentsOf: members.setters.values)
        state.retainedMembers.append(unknown)
        for (key, function) in members.getters {
            scrim_pushhostpointer(L, Unmanaged.passUnretained(function).toOpaque())
            lua_setfield(L, -2, key)
        }
        lua_createtable(L, 0, Int32(members.setters.count))
        for (key, function) in members.setters {
            scrim_pushhostpointer(L, Unmanaged.passUnretained(function).toOpaque())
            lua_setfield(L, -2, key)
        }
        let answered = allAnswers
        if !answered.isEmpty {
            lua_createtable(L, 0, Int32(answered.count))
            for key in answered.sorted() {
                guard let function = members.getters[key] else { continue }
                scrim_pushhostpointer(L, Unmanaged.passUnretained(function).toOpaque())
                lua_setfield(L, -2, key)
            }
        }
        scrim_setclassmetamethods(L, mt, mt + 1, mt + 2, answered.isEmpty ? 0 : mt + 3, Unmanaged.passUnretained(unknown).toOpaque())
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
public final class LuaClass<T: AnyObject>: LuaClassBase, @unchecked Sendable {
    public init(_ name: String, base: LuaClassBase? = nil, userValues: Int32? = nil, fieldOrder: [String] = []) {
        super.init(name: name, base: base)
        if let userValues { self.userValues = userValues }
        self.fieldOrder = fieldOrder
    }

    /// Finds `self` (argument 1); it captures only the class name, so member closures hold no reference to the builder.
    private var receiver: @Sendable (LuaCall) throws -> T {
        let name = self.name
        return { call in
            guard let pointer = scrim_toobject(call.L, 1) else { throw call.typeError(1, expected: name) }
            let object = Unmanaged<AnyObject>.fromOpaque(pointer).takeUnretainedValue()
            // The exact class is the common case and a pointer comparison; subclasses take the cast.
            if type(of: object) == T.self { return unsafeDowncast(object, to: T.self) }
            guard let cast = object as? T else { throw call.typeError(1, expected: name) }
            return cast
        }
    }

    /// Calls `body` with `self` (argument 1) of a getter or setter call, borrowed: the userdata in slot 1 keeps it
    /// alive, and a retain of an object that weak references point at (a view) is slow.
    @inline(__always)
    private static func borrowReceiver<R>(_ call: LuaCall, _ name: String, _ body: (T) throws -> R) throws -> R {
        guard let pointer = scrim_toobject(call.L, 1) else { throw call.typeError(1, expected: name) }
        return try Unmanaged<AnyObject>.fromOpaque(pointer)._withUnsafeGuaranteedRef { object in
            if type(of: object) == T.self { return try body(unsafeDowncast(object, to: T.self)) }
            guard let cast = object as? T else { throw call.typeError(1, expected: name) }
            return try body(cast)
        }
    }

    @discardableResult
    public func property<V: LuaConvertible>(_ key: String, get: @escaping @Sendable (T) -> V, set: @escaping @Sendable (T, V) throws -> Void) -> Self {
        readonly(key, get)
        let name = self.name
        setters[key] = HostFunction(key, kind: .setter) { call in
            try LuaClass.borrowReceiver(call, name) { try set($0, try V.pull(call, 3)) }
            return 0
        }
        let className = name
        fieldSetters[key] = { object, call, index in try set(try LuaClass.cast(object, className), try V.pull(call, index)) }
        return self
    }

    @discardableResult
    public func property(_ key: String, get: @escaping @Sendable (T, LuaCall) throws -> Int32, set: @escaping @Sendable (T, LuaCall, Int32) throws -> Void) -> Self {
        let receiver = self.receiver
        getters[key] = HostFunction(key, kind: .getter) { call in try get(try receiver(call), call) }
        setters[key] = HostFunction(key, kind: .setter) { call in
            try set(try receiver(call), call, 3)
            return 0
        }
        let className = name
        fieldSetters[key] = { object, call, index in try set(try LuaClass.cast(object, className), call, index) }
        return self
    }

    @discardableResult
    public func property<V: LuaPushable>(_ key: String, get: @escaping @Sendable (T) -> V, set: @escaping @Sendable (T, LuaCall, Int32) throws -> Void) -> Self {
        property(key, get: { object, call in
            get(object).push(call.state)
            return 1
        }, set: set)
    }

    @discardableResult
    public func readonly<V: LuaPushable>(_ key: String, _ get: @escaping @Sendable (T) -> V) -> Self {
        let name = self.name
        getters[key] = HostFunction(key, kind: .getter) { call in
            let value = try LuaClass.borrowReceiver(call, name) { get($0) }
            // The state borrowed from the thread, not loaded from the call: that would retain it.
            Unmanaged<LuaState>.fromOpaque(scrim_limits(call.L).pointee.host)._withUnsafeGuaranteedRef { value.push($0) }
            return 1
        }
        return self
    }

    @discardableResult
    public func readonly(_ key: String, push: @escaping @Sendable (T, LuaCall) throws -> Int32) -> Self {
        let receiver = self.receiver
        getters[key] = HostFunction(key, kind: .getter) { call in try push(try receiver(call), call) }
        return self
    }

    /// A method called as `obj:name(…)`; arguments start at stack index 2.
    @discardableResult
    public func method(_ key: String, _ body: @escaping @Sendable (T, LuaCall) throws -> Int32) -> Self {
        let receiver = self.receiver
        methods[key] = HostFunction(key, kind: .method) { call in try body(try receiver(call), call) }
        return self
    }

    static func cast(_ object: AnyObject, _ className: String) throws -> T {
        guard let object = object as? T else { throw ScriptError("\(className) expected, got \(type(of: object))") }
        return object
    }

    @discardableResult
    public func action(_ key: String, _ body: @escaping @Sendable (T, LuaCall) throws -> Void) -> Self {
        method(key) { object, call in
            try body(object, call)
            return 0
        }
    }

    /// How `tostring` shows an object of this class.
    @discardableResult
    public func description(_ body: @escaping @Sendable (T) -> String) -> Self {
        describe = { object in (object as? T).map(body) ?? "\(type(of: object))" }
        return self
    }
}
