/// A field value of a hook event: what a Lua handler can see as a plain value or an object.
public enum HookValue {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    /// A Swift object (a view, a popup, a view controller); the bridge pushes it as its userdata.
    case object(AnyObject)
    case list([HookValue])
    case record([String: HookValue])

    /// The payload if this is that case, else nil.
    public var boolValue: Bool? { if case let .bool(v) = self { return v } else { return nil } }
    public var numberValue: Double? { if case let .number(v) = self { return v } else { return nil } }
    public var stringValue: String? { if case let .string(v) = self { return v } else { return nil } }
    public var objectValue: AnyObject? { if case let .object(v) = self { return v } else { return nil } }
    public var listValue: [HookValue]? { if case let .list(v) = self { return v } else { return nil } }
    public var recordValue: [String: HookValue]? { if case let .record(v) = self { return v } else { return nil } }

    /// Whether this is `.null`.
    public var isNull: Bool { if case .null = self { return true } else { return false } }
}

extension HookValue: Equatable {
    /// Values are equal if they are the same case with equal payloads; objects compare by identity.
    public static func == (lhs: HookValue, rhs: HookValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case let (.bool(a), .bool(b)): return a == b
        case let (.number(a), .number(b)): return a == b
        case let (.string(a), .string(b)): return a == b
        case let (.object(a), .object(b)): return a === b
        case let (.list(a), .list(b)): return a == b
        case let (.record(a), .record(b)): return a == b
        default: return false
        }
    }
}

extension HookValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral {
    public init(nilLiteral: ()) { self = .null }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    public init(floatLiteral value: Double) { self = .number(value) }
    public init(stringLiteral value: String) { self = .string(value) }
    public init(arrayLiteral elements: HookValue...) { self = .list(elements) }
    public init(dictionaryLiteral elements: (String, HookValue)...) {
        self = .record(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}
