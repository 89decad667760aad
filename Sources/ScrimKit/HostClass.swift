import ScrimLua

/// A class of the host's own that Lua may instantiate (`scrim.Toast{…}`), implement the protocol of in both styles
/// (closures on the object, or a `delegate` table) and derive from (`scrim.class("Mine", scrim.Toast)`), declared as
/// Scrim's own are: a `ScriptProtocol` of its members. Registered under a name the host chooses
/// (`ScrimRuntime.register`).
///
/// `make` makes the Swift object for Lua; `attach` gives it the adapter through which the Swift side asks Lua for
/// each member (in the one order: closure, delegate table, class override). An override reaches the member's declared
/// default through `self.super` (`self.super.toastDuration`, `self.super:toastTapped()`). Further fields (a `text`, a `show`
/// method) are added to `luaClass` as to any class of the bridge.
public final class HostClass<T: AnyObject>: Sendable {
    public let name: String
    public let declaration: ScriptProtocol
    public let luaClass: LuaClass<T>
    let make: @Sendable () -> T
    let attach: @Sendable (T, ScriptAdapter) -> Void

    public init(_ name: String, _ declaration: ScriptProtocol, make: @escaping @Sendable () -> T,
                attach: @escaping @Sendable (T, ScriptAdapter) -> Void) {
        self.name = name
        self.declaration = declaration
        self.make = make
        self.attach = attach
        let c = LuaClass<T>(name, userValues: 2)
        c.delegateTable("delegate")
        c.scriptMembers(declaration)
        // What `self.super` reaches: the declared default (a required method has none).
        for member in declaration.members where !(member.kind == .method && member.isRequired) {
            c.swiftImplementations[member.name] = SwiftImplementation(isMethod: member.kind == .method) { _ in member.defaultValue }
        }
        luaClass = c.description { _ in name }
    }

    /// A field Lua reads and writes (`toast.text = "Saved"`): a number, integer, boolean or string property.
    @discardableResult
    public func field<V: LuaConvertible>(_ key: String, _ path: ReferenceWritableKeyPath<T, V> & Sendable) -> Self {
        luaClass.property(key, get: { $0[keyPath: path] }, set: { $0[keyPath: path] = $1 })
        return self
    }

    /// A field Lua only reads (`toast.isShown`).
    @discardableResult
    public func readonly<V: LuaPushable>(_ key: String, _ get: @escaping @Sendable (T) -> V) -> Self {
        luaClass.readonly(key, get)
        return self
    }

    /// A method without arguments or results (`toast:show()`); what it throws is raised at the caller's line.
    @discardableResult
    public func action(_ key: String, _ body: @escaping @Sendable (T) throws -> Void) -> Self {
        luaClass.method(key) { object, _ in
            try body(object)
            return 0
        }
        return self
    }

    /// The class's table for `scrim.class`: a plain constructor and a factory both make the object and attach its
    /// adapter; an options table sets fields (members as closures, `delegate`, the host's own fields).
    var classTable: SwiftClassTable {
        SwiftClassTable(luaClass: luaClass, make: { [self] call, className in
            let object = make()
            attach(object, ScriptAdapter(object, call.state, declaration, owner: className))
            return object
        }, configure: { [luaClass] object, call, index in
            if !call.isNil(index) { try luaClass.applyFields(object, from: call, at: index) }
        }, optionNames: [])
    }
}
