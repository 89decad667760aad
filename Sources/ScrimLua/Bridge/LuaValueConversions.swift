import ScrimCore

/// What a binding reads out of a value Lua gave (a member's value or what its method returned), with the error a
/// script sees naming the member when it is the wrong kind.
extension LuaValue {
    /// Lua's name for the value's type (the class name for Scrim objects).
    public var typeName: String {
        switch self {
        case .nil: return "nil"
        case .boolean: return "boolean"
        case .integer, .number: return "number"
        case .string: return "string"
        case .table: return "table"
        case .function: return "function"
        case .object(let object): return String(describing: type(of: object))
        case .other(_, let name): return name
        }
    }

    /// The number, an integer's too; nil for any other value.
    public var numberValue: Double? {
        switch self {
        case .integer(let value): return Double(value)
        case .number(let value): return value
        default: return nil
        }
    }

    /// The integer, a float's with an integral value too (as `lua_tointeger` converts); nil for any other value.
    public var integerValue: Int? {
        switch self {
        case .integer(let value): return value
        case .number(let value): return Int(exactly: value)
        default: return nil
        }
    }

    /// Lua's truth: all but nil and false.
    public var isTrue: Bool {
        switch self {
        case .nil, .boolean(false): return false
        default: return true
        }
    }

    /// A duration a script gave as a value or returned from a method: seconds within 0…a year, else an error naming `member`.
    func seconds(_ member: String) throws -> Seconds {
        guard let seconds = numberValue else { throw ScriptError("\(member) must be a number of seconds, got \(typeName)") }
        do { return try Quantity.duration.check(seconds) } catch {
            throw ScriptError("\(member) must be seconds within 0…\(Int(maximumDuration)), got \(LuaValue.format(seconds))")
        }
    }

    /// A flag a script gave: a boolean, else an error naming `member`.
    func flag(_ member: String) throws -> Bool {
        guard case .boolean(let value) = self else { throw ScriptError("\(member) must be a boolean, got \(typeName)") }
        return value
    }
}
