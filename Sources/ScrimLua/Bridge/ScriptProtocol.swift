import CLua
import ScrimCore

/// One member of a protocol Lua implements (a delegate's callback, an overridable member of a class), declared once:
/// what it may be, what it answers, what it answers when absent, whether it must be there. The adapter
/// (`ScriptAdapter`), the closure-style setters (`LuaClass.scriptMembers`), the kinds `scrim.class` checks overrides
/// against and the types entry are all read from it.
///
/// `@unchecked Sendable` for `defaultValue` alone: a member's default is a scalar (nil, a boolean, a number, a
/// string), never a reference into a state, so the declarations can be shared by every state of the process.
public struct ScriptMember: @unchecked Sendable {
    /// What Lua may give for the member.
    public enum Kind: Sendable {
        /// A function (called with `self` from a delegate table or a class, without it as a closure).
        case method
        /// A value, read as it is.
        case value
        /// Either: a function answering the value, or the value itself (`presentationAnimationDuration = 0.3`).
        case methodOrValue
    }

    /// What the member answers (checked, with an error naming the member when it is the wrong kind).
    public enum Result: Sendable {
        case none, seconds, flag, number, string
        /// Any value, answered as Lua's truth (nil and false are false).
        case truthy
    }

    public let name: String
    public let kind: Kind
    public let result: Result
    /// What an absent member answers (nil for none).
    public let defaultValue: LuaValue
    /// An absent required member is an error naming it, where it is used.
    public let isRequired: Bool

    public init(_ name: String, _ kind: Kind, _ result: Result = .none, default defaultValue: LuaValue = .nil,
                required isRequired: Bool = false) {
        self.name = name
        self.kind = kind
        self.result = result
        self.defaultValue = defaultValue
        self.isRequired = isRequired
    }

    /// A callback: a function answering `result`.
    public static func method(_ name: String, returns result: Result = .none, default defaultValue: LuaValue = .nil,
                              required: Bool = false) -> ScriptMember {
        ScriptMember(name, .method, result, default: defaultValue, required: required)
    }

    /// A value, or a function answering it.
    public static func methodOrValue(_ name: String, _ result: Result, default defaultValue: LuaValue = .nil,
                                     required: Bool = false) -> ScriptMember {
        ScriptMember(name, .methodOrValue, result, default: defaultValue, required: required)
    }

    /// The kind an override or a closure of this member is checked against.
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

    /// Warns, at the caller's line, about each name of the delegate table at `index` that is not a member but is
    /// close to one the table lacks — a misspelt method Scrim would never call (`executePresentationAnimaton`).
    /// `owner` begins the message (`DimmingTransitioning`, `TapGestureRecognizer 'tap'`).
    func warnAboutMisspeltMembers(ofTableAt index: Int32, _ call: LuaCall, owner: String) {
        for warning in misspeltMembers(ofTableAt: index, call.state, subject: "\(owner): delegate") {
            call.runtime.warn(warning, at: call)
        }
    }

    /// The warnings about the table at `index` (see `warnAboutMisspeltMembers`), in name order, each beginning with
    /// `subject`. The table's own names and those its metatables' `__index` tables give are read raw: no code of the
    /// script's runs.
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

/// The Lua side of one object as its protocol's implementation: each member looked up in `LuaDelegate`'s one order
/// (closure on the object, delegate table member, class override), called, its answer checked and defaulted as the
/// declaration says. The one adapter every Lua-implemented protocol goes through.
public struct ScriptAdapter {
    public let lua: LuaDelegate
    public let declaration: ScriptProtocol
    /// Who the object is in messages (`DimmingTransitioning`, `Toast 'hello'`).
    public let owner: String

    public init(_ object: AnyObject, _ state: LuaState, _ declaration: ScriptProtocol, owner: String? = nil,
                places: LuaDelegate.Places = [.closures, .delegate, .overrides], delegateKey: String = "delegate") {
        self.init(LuaDelegate(object, state, places: places, delegateKey: delegateKey), declaration, owner: owner)
    }

    /// The adapter of a `LuaDelegate` made elsewhere (a table kept under a key of its own).
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

    /// Calls a callback (`result` none); a required one absent throws.
    public func perform(_ name: String, _ arguments: [LuaPushable?] = []) throws { _ = try value(name, arguments) }

    // The member's checked answer as Swift reads it.
    public func seconds(_ name: String, _ arguments: [LuaPushable?] = []) throws -> Seconds { try value(name, arguments).numberValue ?? 0 }
    public func number(_ name: String, _ arguments: [LuaPushable?] = []) throws -> Double { try value(name, arguments).numberValue ?? 0 }
    public func flag(_ name: String, _ arguments: [LuaPushable?] = []) throws -> Bool { try value(name, arguments).isTrue }
    public func string(_ name: String, _ arguments: [LuaPushable?] = []) throws -> String? {
        if case .string(let value) = try value(name, arguments) { return value }
        return nil
    }
}

/// Where a Swift object takes a member as a closure of its own (`DimmingTransitioning.presentationAnimationDuration`),
/// for the classes whose Swift side reads closures before its delegate: setting the member from Lua fills the slot
/// with a call to the Lua value, clearing it empties the slot. A class without slots needs none: its adapter finds
/// the closures in the object's peer table first.
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

    /// The protocol's members as closure-style fields of the object (`t.member = function() … end`, or a value for a
    /// method-or-value member): read back as given, checked against the member's kind when set, kept in the object's
    /// peer table (where `ScriptAdapter` looks first), and given to the member's `ClosureSlot` if it has one.
    /// `read`, when given, is what reading a member pushes instead (the answer the object acts on). `didSet` hears
    /// each assignment.
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
    /// Refuses a closure-style value that the member cannot be: a method takes a function (or a callable object),
    /// a value or method-or-value member also its value's type.
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
