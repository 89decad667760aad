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
        case let .record(fields): self = .string(fields.keys.sorted().map { "\($0)=\(TraceValue(fields[$0]!).json)" }.joined(separator: ", "))
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

/// Just enough JSON writing for trace files and test reports, without Foundation (which would slow `scrim`'s
/// start-up).
public enum JSON {
    public static func writeString(_ s: String, to out: inout String) {
        out += "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 {
                    let hex = Array("0123456789abcdef")
                    out += "\\u00" + String(hex[Int(scalar.value >> 4)]) + String(hex[Int(scalar.value & 15)])
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }

    /// Integers without a fraction, other finite numbers as Swift prints them (valid JSON), others as 0.
    static func writeNumber(_ n: Double, to out: inout String) {
        guard n.isFinite else { out += "0"; return }
        if n == n.rounded(), abs(n) < 1e15 {
            out += String(Int64(n))
        } else {
            out += n.description
        }
    }
}
