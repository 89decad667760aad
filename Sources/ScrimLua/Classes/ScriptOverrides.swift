import CLua
import ScrimCore

/// A scriptable Swift subclass: each open member asks its `overrides` first.
protocol ScriptedObject: AnyObject {
    var overrides: ScriptOverrides { get }
}

/// How a scriptable Swift subclass asks for a Lua override: its name looked up in the instance's fields and Lua class
/// chain (`LuaDelegate` with `.overrides`); anything there but the Swift base implementation is an override (a method
/// or a value), else the Swift implementation runs (`otherwise`), which `self.super` reaches through `bypassing`.
public final class ScriptOverrides {
    public weak var runtime: LuaRuntime?
    public let className: String
    /// The members whose next lookup answers "no override": a `self.super` call of theirs is under way.
    private var bypassed: Set<String> = []

    public init(runtime: LuaRuntime, className: String) {
        self.runtime = runtime
        self.className = className
    }

    /// Runs `body` (the Swift implementation, reached through dynamic dispatch) with the override of `member` skipped
    /// once, for this object only: what `self.super:member()` means.
    static func bypassing<R>(_ member: String, of object: AnyObject, _ body: () throws -> R) rethrows -> R {
        guard let overrides = (object as? ScriptedObject)?.overrides else { return try body() }
        overrides.bypassed.insert(member)
        defer { overrides.bypassed.remove(member) }
        return try body()
    }

    /// The override's first result for `arguments` (a value, `C.animatedHeight = 300`, as it is); nil without one.
    public func call(_ object: AnyObject, _ name: String, _ arguments: [LuaPushable?] = []) throws -> LuaValue? {
        try placedCall(object, name, arguments)?.value
    }

    /// `call`, with the `file:line` of the override's Lua function, for a message about what it returned.
    public func placedCall(_ object: AnyObject, _ name: String, _ arguments: [LuaPushable?] = []) throws
        -> (value: LuaValue, place: String?)? {
        guard bypassed.remove(name) == nil, let runtime else { return nil }
        let state = runtime.state
        let lua = LuaDelegate(object, state, places: .overrides)
        return try state.keepingTop { _ in
            guard let member = try lua.push(name) else { return nil }
            if member == .value { return (state.value(at: -1), nil) }
            if runtime.baseImplementationAddresses.contains(lua_topointer(state.L, -2)) { return nil }
            let place = state.callee(at: -2).source
            try lua.callPushed(member, name, arguments, state)
            return (state.value(at: -1), place)
        }
    }

    func run(_ object: AnyObject, _ member: String, _ arguments: [LuaPushable?] = [], otherwise: () throws -> Void) throws {
        if try call(object, member, arguments) == nil { try otherwise() }
    }

    /// Runs the override of a lifecycle callback (with its `animated`, if it has one), or the Swift method (`perform`).
    func lifecycle(_ object: AnyObject, _ callback: LifecycleCallback, perform: () throws -> Void) throws {
        try run(object, callback.name, callback.animated.map { [$0] } ?? [], otherwise: perform)
    }

    func number(_ object: AnyObject, _ member: String, otherwise: () throws -> Double) throws -> Double {
        guard let (value, place) = try placedCall(object, member) else { return try otherwise() }
        guard let number = value.numberValue else { throw bad(member, place, "must be a number, got \(value.typeName)") }
        guard number.isFinite else { throw bad(member, place, "must be a finite number, got \(LuaValue.format(number))") }
        return number
    }

    func boolean(_ object: AnyObject, _ member: String, otherwise: () throws -> Bool) throws -> Bool {
        guard let (value, place) = try placedCall(object, member) else { return try otherwise() }
        guard case .boolean(let flag) = value else { throw bad(member, place, "must be a boolean, got \(value.typeName)") }
        return flag
    }

    /// An object member (a constraint, a view); nil when the override gives nil. `must` words the problem ("return").
    func object<T: AnyObject>(_ object: AnyObject, _ member: String, _ type: T.Type, expected: String, must: String = "be",
                              otherwise: () throws -> T?) throws -> T? {
        guard let (value, place) = try placedCall(object, member) else { return try otherwise() }
        switch value {
        case .nil: return nil
        case .object(let found as T): return found
        default: throw bad(member, place, "must \(must) a \(expected), got \(value.typeName)")
        }
    }

    private func bad(_ member: String, _ place: String?, _ problem: String) -> ScriptError {
        ScriptError("\(member) of \(className) \(problem)" + (place.map { " (returned by the override at \($0))" } ?? ""))
    }
}
