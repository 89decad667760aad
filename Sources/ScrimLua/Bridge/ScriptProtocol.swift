import CLua
import ScrimCore

/// One member of a protocol Lua implements, declared once: what it may be, answers, answers when absent, and whether
/// it must be there; the adapter, the closure setters, override checks and the types entry all read it.
/// `@unchecked Sendable` for `defaultValue` alone: a scalar, never a reference into a state.
public struct ScriptMember: @unchecked Sendable {
    /// What Lua may give for the member: a function, a value, or either (`presentationAnimationDuration = 0.3`).
    public enum Kind: Sendable {
        case method, value, methodOrValue
    }

    /// What the member answers (checked); `truthy`: any value, as Lua's truth.
    public enum Result: Sendable {
        case none, seconds, flag, number, string, truthy
    }

    public let name: String
    public let kind: Kind
    public let result: Result
    public let defaultValue: LuaValue
    public let isRequired: Bool

    public init(_ name: String, _ kind: Kind, _ result: Result = .none, default defaultValue: LuaValue = .nil,
                required isRequired: Bool = false) {
        self.name = name
        self.kind = kind
        self.result = result
        self.defaultValue = defaultValue
        self.isRequired = isRequired
    }

    public static func method(_ name: String, returns result: Result = .none, default defaultValue: LuaValue = .nil,
                              required: Bool = false) -> ScriptMember {
        ScriptMember(name, .method, result, default: defaultValue, required: required)
    }

    public static func methodOrValue(_ name: String, _ result: Result, default defaultValue: LuaValue = .nil,
                                     required: Bool = false) -> ScriptMember {
        ScriptMember(name, .methodOrValue, result, default: defaultValue, required: required)
    }

    var overrideKind: OverrideKind {
        switch (kind, result) {
        case (.method, _), (_, .none), (_, .string): return .method
        case (_, .seconds): return .seconds
        case (_, .flag), (_, .truthy): return .flag
        case (_, .number): return .length
        }
    }

    /// The member's answer `value` (nil: absent), checked against `result`; the default when absent.
    func answer(_ value: LuaValue?) throws -> LuaValue {
        guard let value else { return defaultValue }
        switch result {
        case .none: return .nil
        case .seconds: return .number(try value.seconds(name))
        case .flag: return .boolean(try value.flag(name))
        case .number:
            guard value.numberValue != nil else { throw ScriptError("\(name) must be a number, got \(value.typeName)") }
            return value
        case .string:
            guard case .string = value else { throw ScriptError("\(name) must be a string, got \(value.typeName)") }
            return value
        case .truthy: return .boolean(value.isTrue)
        }
    }
}

/// A protocol Lua implements, declared once as its members (`ScriptMember`). Scrim's own protocols
/// (`DimmingBinding.protocolDeclaration`) and a host's are declared the same way.
public struct ScriptProtocol: Sendable {
    public let name: String
    public let members: [ScriptMember]

    public init(_ name: String, _ members: [ScriptMember]) {
        self.name = name
        self.members = members
    }

    public subscript(name: String) -> ScriptMember? { members.first { $0.name == name } }

    /// Warns at the caller's line about each name of the delegate table at `index` close to a member the table lacks
    /// (a misspelt method Scrim would never call); `owner` begins the message.
    func warnAboutMisspeltMembers(ofTableAt index: Int32, _ call: LuaCall, owner: String) {
        for warning in misspeltMembers(ofTableAt: index, call.state, subject: "\(owner): delegate") {
            call.runtime.warn(warning, at: call)
        }
    }

    /// The warnings about the table at `index` (see `warnAboutMisspeltMembers`), in name order, each after `subject`.
    func misspeltMembers(ofTableAt index: Int32, _ state: LuaState, subject: String) -> [String] {
        let names = state.tableNames(at: index)
        let known = members.map(\.name)
        return names.sorted().compactMap { name in
            MisspeltMember.meant(name, among: known, isGiven: names.contains).map {
                MisspeltMember.warning(subject, has: name, meant: $0)
            }
        }
    }
}

/// The one adapter every Lua-implemented protocol goes through: each member looked up (`LuaDelegate`), called, its
/// answer checked and defaulted as the declaration says.
public struct ScriptAdapter {
    public let lua: LuaDelegate
    public let declaration: ScriptProtocol
    public let owner: String

    public init(_ object: AnyObject, _ state: LuaState, _ declaration: ScriptProtocol, owner: String? = nil,
                places: LuaDelegate.Places = [.closures, .delegate, .overrides], delegateKey: String = "delegate") {
        self.init(LuaDelegate(object, state, places: places, delegateKey: delegateKey), declaration, owner: owner)
    }

    public init(_ lua: LuaDelegate, _ declaration: ScriptProtocol, owner: String? = nil) {
        self.lua = lua
        self.declaration = declaration
        self.owner = owner ?? declaration.name
    }

    /// Member `name`'s answer to `arguments`, checked; its default when absent. An absent required member throws
    /// `RequiredMemberError`. A name the declaration lacks is a programming error of the host, answered nil.
    public func value(_ name: String, _ arguments: [LuaPushable?] = []) throws -> LuaValue {
        guard let member = declaration[name] else { return .nil }
        let found: LuaValue?
        switch member.kind {
        case .method: found = try lua.call(name, arguments, callableOnly: true) // a value is not a method: absent
        case .value: found = try lua.call(name)
        case .methodOrValue: found = try lua.call(name, arguments)
        }
        if found == nil, member.isRequired {
            let hint = lua.places == .delegate ? "the table has no such method"
                                               : "implement it in the delegate, assign it as a closure or override it"
            throw RequiredMemberError(owner: owner, member: name, hint: hint)
        }
        return try member.answer(found)
    }

    public func perform(_ name: String, _ arguments: [LuaPushable?] = []) throws { _ = try value(name, arguments) }

    public func seconds(_ name: String, _ arguments: [LuaPushable?] = []) throws -> Seconds { try value(name, arguments).numberValue ?? 0 }
    public func number(_ name: String, _ arguments: [LuaPushable?] = []) throws -> Double { try value(name, arguments).numberValue ?? 0 }
    public func flag(_ name: String, _ arguments: [LuaPushable?] = []) throws -> Bool { try value(name, arguments).isTrue }
    public func string(_ name: String, _ arguments: [LuaPushable?] = []) throws -> String? {
        if case .string(let value) = try value(name, arguments) { return value }
        return nil
    }
}

/// Where a Swift object takes a member as a closure of its own (`DimmingTransitioning.presentationAnimationDuration`),
/// read before its delegate: setting the member from Lua fills the slot with a call to the Lua value.
public struct ClosureSlot<T: AnyObject>: Sendable {
    let member: String
    let fill: @Sendable (T, ScriptAdapter?) -> Void

    /// `read` is the adapter's reader of the member's result (`ScriptAdapter.seconds`, `.flag`, `.perform`).
    public init<R>(_ member: String, _ path: ReferenceWritableKeyPath<T, (() throws -> R)?> & Sendable,
                   _ read: @escaping @Sendable (ScriptAdapter) -> (String, [LuaPushable?]) throws -> R) {
        self.member = member
        fill = { object, lua in object[keyPath: path] = lua.map { lua in { try read(lua)(member, []) } } }
    }
}

extension LuaClass {
    /// A protocol-style delegate field: a table (or nil) kept in the object's peer table under `key`, where
    /// `ScriptAdapter` finds it; reading it gives the table back.
    @discardableResult
    public func delegateTable(_ key: String) -> Self {
        property(key, get: { object, call in
            call.state.pushPeerValue(object, key)
            return 1
        }, set: { object, call, index in
            guard call.isNil(index) || call.type(index) == LUA_TTABLE else { throw call.typeError(index, expected: "delegate table") }
            call.state.setPeerValue(object, key, valueAt: index)
            call.state.anchor(object)
        })
    }

    /// The protocol's members as closure-style fields (`t.member = function() … end`, or a value): checked when set,
    /// kept in the peer table (where `ScriptAdapter` looks first) and given to the member's `ClosureSlot`. `read`
    /// replaces what reading one pushes (the answer the object acts on); `didSet` hears each assignment.
    @discardableResult
    public func scriptMembers(_ declaration: ScriptProtocol, slots: [ClosureSlot<T>] = [],
                              read: (@Sendable (T, String, LuaCall) throws -> Int32)? = nil,
                              didSet: (@Sendable (T, String, LuaCall) throws -> Void)? = nil) -> Self {
        let slots = Dictionary(slots.map { ($0.member, $0) }, uniquingKeysWith: { first, _ in first })
        for member in declaration.members {
            property(member.name, get: { object, call in
                if let read { return try read(object, member.name, call) }
                call.state.pushPeerValue(object, member.name)
                return 1
            }, set: { object, call, index in
                try member.checkClosure(call, index)
                call.state.setPeerValue(object, member.name, valueAt: index)
                call.state.anchor(object)
                let lua = call.isNil(index) ? nil : ScriptAdapter(object, call.state, declaration, places: .closures)
                slots[member.name]?.fill(object, lua)
                try didSet?(object, member.name, call)
            })
        }
        return self
    }
}

extension ScriptMember {
    /// Refuses a closure-style value that the member cannot be (its kind's value, or callable unless a value).
    func checkClosure(_ call: LuaCall, _ index: Int32) throws {
        if call.isNil(index) || (kind != .value && call.state.isCallable(at: index)) { return }
        if kind != .method {
            switch (result, call.type(index)) {
            case (.seconds, LUA_TNUMBER): _ = try call.duration(index); return
            case (.flag, LUA_TBOOLEAN), (.truthy, LUA_TBOOLEAN), (.number, LUA_TNUMBER), (.string, LUA_TSTRING): return
            default: break
            }
        }
        let valueName: String
        switch result {
        case .none: valueName = ""
        case .seconds, .number: valueName = "number"
        case .flag, .truthy: valueName = "boolean"
        case .string: valueName = "string"
        }
        let expected = kind == .method || valueName.isEmpty ? "function" : kind == .value ? valueName : "function or \(valueName)"
        throw call.typeError(index, expected: expected)
    }
}
