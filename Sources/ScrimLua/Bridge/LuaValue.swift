import CLua
import Glibc

/// A Lua value copied out to Swift; tables and functions stay in Lua behind a reference.
public enum LuaValue: LuaPushable, CustomStringConvertible {
    case `nil`
    case boolean(Bool)
    case integer(Int)
    case number(Double)
    case string(String)
    case table(LuaRef)
    case function(LuaRef)
    case object(AnyObject)
    /// Userdata that is not a Swift object, threads.
    case other(LuaRef, typeName: String)

    init(_ state: LuaState, _ index: Int32) {
        let L = state.L
        switch lua_type(L, index) {
        case LUA_TNIL, LUA_TNONE: self = .nil
        case LUA_TBOOLEAN: self = .boolean(lua_toboolean(L, index) != 0)
        case LUA_TNUMBER:
            if lua_isinteger(L, index) != 0 { self = .integer(Int(scrim_tointeger(L, index))) }
            else { self = .number(scrim_tonumber(L, index)) }
        case LUA_TSTRING: self = .string(state.string(at: index))
        case LUA_TTABLE: self = .table(state.ref(at: index))
        case LUA_TFUNCTION: self = .function(state.ref(at: index))
        default:
            if let object = state.object(at: index) { self = .object(object) }
            else { self = .other(state.ref(at: index), typeName: String(cString: scrim_typename(L, index))) }
        }
    }

    public func push(_ state: LuaState) {
        let L = state.L
        switch self {
        case .nil: lua_pushnil(L)
        case .boolean(let b): lua_pushboolean(L, b ? 1 : 0)
        case .integer(let i): lua_pushinteger(L, lua_Integer(i))
        case .number(let d): lua_pushnumber(L, d)
        case .string(let s): state.pushString(s)
        case .table(let r), .function(let r), .other(let r, _): r.push(L)
        case .object(let o): state.push(any: o)
        }
    }

    public var description: String {
        switch self {
        case .nil: return "nil"
        case .boolean(let b): return String(b)
        case .integer(let i): return String(i)
        case .number(let d): return LuaValue.format(d)
        case .string(let s): return s
        case .table: return "table"
        case .function: return "function"
        case .object(let o): return String(describing: o)
        case .other(_, let name): return name
        }
    }

    /// Lua's `%.14g` rendering of a float ("1.0" for integral floats, as Lua 5.4 prints them).
    public static func format(_ d: Double) -> String {
        if d.isNaN { return d.sign == .minus ? "-nan" : "nan" }
        if d.isInfinite { return d < 0 ? "-inf" : "inf" }
        var text = String(cFormat: "%.14g", d)
        if !text.contains(where: { $0 == "." || $0 == "e" || $0 == "n" || $0 == "i" }) { text += ".0" }
        return text
    }
}

extension String {
    init(cFormat: String, _ value: Double) {
        var buffer = [CChar](repeating: 0, count: 64)
        _ = withVaList([value]) { vsnprintf(&buffer, 64, cFormat, $0) }
        self = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
