import CLua
import ScrimCore

/// What an overridable member of a scriptable Scrim class may be given instead of a method.
enum OverrideKind {
    case method, seconds, flag, length, constraint, view

    var expected: String {
        switch self {
        case .method: return "function"
        case .seconds: return "function or number of seconds"
        case .flag: return "function or boolean"
        case .length: return "function or number"
        case .constraint: return "function or Constraint"
        case .view: return "function or View"
        }
    }

    /// Refuses the value at `index` unless it is nil, callable or this kind's value.
    func check(_ call: LuaCall, _ index: Int32) throws {
        if call.state.isCallable(at: index) { return }
        switch call.type(index) {
        case LUA_TNIL: return
        case LUA_TNUMBER where self == .seconds:
            _ = try call.duration(index)
            return
        case LUA_TNUMBER where self == .length:
            let value = try call.number(index)
            guard value >= 0 else { throw call.argumentError(index, "a length ≥ 0 expected, got \(LuaValue.format(value))") }
            return
        case LUA_TBOOLEAN where self == .flag: return
        case LUA_TUSERDATA where self == .constraint && call.state.object(at: index) is LayoutConstraint: return
        case LUA_TUSERDATA where self == .view && call.state.object(at: index) is View: return
        default: throw call.typeError(index, expected: expected)
        }
    }
}

/// The Swift implementation of a member Lua may override: what `self.super:member()` (a method) or
/// `self.super.member` (a value) reaches, run on the instance (argument 1) with its override skipped.
public struct SwiftImplementation: Sendable {
    public let isMethod: Bool
    public let run: @Sendable (LuaCall) throws -> LuaPushable?

    public init(isMethod: Bool, run: @escaping @Sendable (LuaCall) throws -> LuaPushable?) {
        self.isMethod = isMethod
        self.run = run
    }
}

extension LuaClass {
    /// A member Lua may override (in a `scrim.class`, options, or by assignment, kept in the instance's own fields).
    /// `swift` is what `self.super` reaches (none: nothing, as UIKit's lifecycle methods do). Reading a value member
    /// gives the override, else `current` (by default `swift`), else nil. `didSet` hears each assignment.
    @discardableResult
    func overridable(_ key: String, _ kind: OverrideKind, swift: (@Sendable (T) throws -> LuaPushable?)? = nil,
                     current: (@Sendable (T) throws -> LuaPushable?)? = nil, didSet: (@Sendable (T, String, LuaCall) throws -> Void)? = nil) -> Self {
        overridableKinds[key] = kind
        let className = name
        swiftImplementations[key] = SwiftImplementation(isMethod: kind == .method) { call in
            let object = try call.object(1, T.self, expected: className)
            return try ScriptOverrides.bypassing(key, of: object) { try swift?(object) ?? nil }
        }
        let current = kind == .method ? nil : current ?? swift
        return property(key, get: { object, call in
            guard let current else { return call.push(nil) }
            return call.push(try current(object))
        }, set: { object, call, index in
            try kind.check(call, index)
            try call.state.setOwnField(object, key, valueAt: index)
            try didSet?(object, key, call)
        })
    }

    /// Every member of `declaration` as overridable. With `answer`, reading a member pushes what it pushes (`answers`):
    /// an override feeds the answer, and the answer is what reads give.
    @discardableResult
    func overridable(_ declaration: ScriptProtocol, swift: [String: @Sendable (T) throws -> LuaPushable?] = [:],
                     answer: (@Sendable (T, String, LuaCall) throws -> Int32)? = nil,
                     didSet: (@Sendable (T, String, LuaCall) throws -> Void)? = nil) -> Self {
        for member in declaration.members {
            overridable(member.name, member.overrideKind, swift: swift[member.name], didSet: didSet)
            guard let answer else { continue }
            let name = member.name
            answers.insert(name)
            let setter = setters[name]
            readonly(name, push: { object, call in
                // An override that reads its own member would ask for its answer again, without end.
                let key = AnswerUnderWay(object: ObjectIdentifier(object), member: name)
                guard call.runtime.answersUnderWay.insert(key).inserted else {
                    throw ScriptError("'\(name)' reads itself while its answer is being computed (an override "
                        + "reaches the base's value as self.super.\(name))")
                }
                defer { call.runtime.answersUnderWay.remove(key) }
                return try answer(object, name, call)
            })
            setters[name] = setter
        }
        return self
    }
}

struct AnswerUnderWay: Hashable {
    let object: ObjectIdentifier
    let member: String
}
