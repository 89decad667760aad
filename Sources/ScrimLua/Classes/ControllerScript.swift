import ScrimCore

/// What the scriptable controllers share: each open member asks the Lua class (or the constructor's fields) for an
/// override — a method, called with `self`, or a value — and otherwise runs the Swift implementation. Errors are
/// thrown on: the presentation machinery reports them, naming the member and the controller.
struct ControllerScript {
    let overrides: ScriptOverrides
    let className: String

    init(runtime: LuaRuntime, className: String) {
        overrides = ScriptOverrides(runtime: runtime)
        self.className = className
    }

    /// Runs the override of `member`, or `otherwise`.
    func run(_ object: AnyObject, _ member: String, _ arguments: [LuaPushable?] = [], otherwise: () throws -> Void) throws {
        if try overrides.call(object, member, arguments) == nil { try otherwise() }
    }

    /// Runs the override of a lifecycle callback (with its `animated`, if it has one), or the Swift method (`perform`).
    func lifecycle(_ object: AnyObject, _ callback: LifecycleCallback, perform: () throws -> Void) throws {
        try run(object, callback.name, callback.animated.map { [$0] } ?? [], otherwise: perform)
    }

    func number(_ object: AnyObject, _ member: String, otherwise: () throws -> Double) throws -> Double {
        guard let (value, place) = try overrides.placedCall(object, member) else { return try otherwise() }
        switch value {
        case .integer(let integer): return Double(integer)
        case .number(let number) where number.isFinite: return number
        case .number(let number): throw bad(member, place, "must be a finite number, got \(LuaValue.format(number))")
        default: throw bad(member, place, "must be a number, got \(value.typeName)")
        }
    }

    func boolean(_ object: AnyObject, _ member: String, otherwise: () throws -> Bool) throws -> Bool {
        guard let (value, place) = try overrides.placedCall(object, member) else { return try otherwise() }
        guard case .boolean(let flag) = value else { throw bad(member, place, "must be a boolean, got \(value.typeName)") }
        return flag
    }

    /// What an override gave that the member cannot take, naming the override's place when it is a Lua function.
    private func bad(_ member: String, _ place: String?, _ problem: String) -> ScriptError {
        ScriptError("\(member) of \(className) \(problem)" + (place.map { " (returned by the override at \($0))" } ?? ""))
    }

    /// An object member (a constraint, a view); nil when the override gives nil (a required one is then reported missing).
    func object<T: AnyObject>(_ object: AnyObject, _ member: String, _ type: T.Type, expected: String,
                              otherwise: () throws -> T?) throws -> T? {
        guard let (value, place) = try overrides.placedCall(object, member) else { return try otherwise() }
        switch value {
        case .nil: return nil
        case .object(let found as T): return found
        default: throw bad(member, place, "must be a \(expected), got \(value.typeName)")
        }
    }
}
