import ScrimCore

/// An argument of a trace event (its `args`), as JSON.
public enum TraceValue: Equatable {
    case string(String)
    case number(Double)
    case bool(Bool)
    case list([TraceValue])

    /// A hook field as a trace argument: objects by their description, records as their descriptions.
    public init(_ value: HookValue) {
        switch value {
        case .null: self = .string("nil")
        case let .bool(b): self = .bool(b)
        case let .number(n): self = .number(n)
        case let .string(s): self = .string(s)
        case let .object(o): self = .string((o as? CustomStringConvertible)?.description ?? String(describing: type(of: o)))
        case let .list(items): self = .list(items.map(TraceValue.init))
        case let .record(fields): self = .string(fields.sorted { $0.key < $1.key }.map { "\($0.key)=\(TraceValue($0.value).json)" }.joined(separator: ", "))
        }
    }

    /// The value as JSON text.
    public var json: String {
        var out = ""
        write(to: &out)
        return out
    }

    func write(to out: inout String) {
        switch self {
        case let .string(s): JSON.writeString(s, to: &out)
        case let .number(n): JSON.writeNumber(n, to: &out)
        case let .bool(b): out += b ? "true" : "false"
        case let .list(items):
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                item.write(to: &out)
            }
            out += "]"
        }
    }
}

extension TraceValue: ExpressibleByStringLiteral, ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByBooleanLiteral {
    public init(stringLiteral value: String) { self = .string(value) }
    public init(floatLiteral value: Double) { self = .number(value) }
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
}
