import CLua
import ScrimCore

/// `scrim.json(value)` → JSON text through Scrim's one JSON writer (`JSON`; docs/API.md says what becomes of what).
/// Raw access: metamethods are not called. A value JSON cannot hold raises, naming where in the value it is.
enum JSONFunction {
    static let maximumDepth = 200

    static let function = HostFunction("json") { call in
        var encoder = Encoder(call: call)
        var out = ""
        lua_settop(call.L, 1)
        try encoder.write(at: 1, to: &out)
        return call.push(out)
    }

    private enum Key: Comparable {
        /// A string key's text, and its bytes (what looks it up again when they are not UTF-8).
        case string(String, bytes: [UInt8]), integer(Int64), number(Double), boolean(Bool)

        var text: String {
            switch self {
            case let .string(s, _): return s
            case let .integer(i): return String(i)
            case let .number(n):
                var out = ""
                JSON.writeNumber(n, to: &out)
                return out
            case let .boolean(b): return b ? "true" : "false"
            }
        }

        /// Where it is in the value, as Lua would index it: `.name`, `[2]`.
        var step: String {
            switch self {
            case let .string(s, _): return "." + s
            default: return "[\(text)]"
            }
        }

        static func < (a: Key, b: Key) -> Bool { a.text < b.text }
    }

    private struct Encoder {
        let call: LuaCall
        var open: Set<UnsafeRawPointer> = []
        /// Where in the value the writer is (`.a`, `[2]`), joined only for a message.
        var steps: [String] = []

        init(call: LuaCall) { self.call = call }

        func problem(_ text: String) -> ArgumentError {
            call.argumentError(1, steps.isEmpty ? text : "\(text) at \(steps.joined())")
        }

        mutating func write(at index: Int32, to out: inout String) throws {
            let L = call.L
            switch lua_type(L, index) {
            case LUA_TNIL: out += "null"
            case LUA_TBOOLEAN: out += lua_toboolean(L, index) != 0 ? "true" : "false"
            case LUA_TNUMBER:
                if lua_isinteger(L, index) != 0 {
                    JSON.writeInteger(Int64(scrim_tointeger(L, index)), to: &out)
                } else {
                    JSON.writeNumber(lua_tonumberx(L, index, nil), to: &out)
                }
            case LUA_TSTRING: JSON.writeString(text(at: index), to: &out)
            case LUA_TTABLE: try writeTable(at: index, to: &out)
            case let type:
                throw problem("cannot write a \(String(cString: lua_typename(L, type))) as JSON")
            }
        }

        /// The string at `index`: its text if it is UTF-8, else each byte as the character of that code.
        func text(at index: Int32) -> String {
            var length = 0
            guard let bytes = lua_tolstring(call.L, index, &length) else { return "" }
            let buffer = UnsafeRawBufferPointer(start: bytes, count: length)
            let decoded = String(decoding: buffer, as: UTF8.self)
            if decoded.utf8.count == length, decoded.utf8.elementsEqual(buffer) { return decoded }
            var latin = String.UnicodeScalarView()
            for byte in buffer { latin.append(Unicode.Scalar(byte)) }
            return String(latin)
        }

        mutating func writeTable(at index: Int32, to out: inout String) throws {
            let L = call.L
            let index = lua_absindex(L, index)
            guard open.count < JSONFunction.maximumDepth, lua_checkstack(L, 4) != 0 else {
                throw call.argumentError(1, "tables nested more than \(JSONFunction.maximumDepth) deep")
            }
            guard let table = lua_topointer(L, index), open.insert(table).inserted else {
                throw problem("a table that contains itself")
            }
            defer { open.remove(table) }
            var keys: [Key] = []
            lua_pushnil(L)
            while lua_next(L, index) != 0 {
                lua_settop(L, -2)
                switch lua_type(L, -1) {
                case LUA_TSTRING: keys.append(.string(text(at: -1), bytes: call.state.bytes(at: -1)))
                case LUA_TNUMBER:
                    keys.append(lua_isinteger(L, -1) != 0 ? .integer(Int64(scrim_tointeger(L, -1))) : .number(lua_tonumberx(L, -1, nil)))
                case LUA_TBOOLEAN: keys.append(.boolean(lua_toboolean(L, -1) != 0))
                case let type:
                    lua_settop(L, -2)
                    throw problem("a \(String(cString: lua_typename(L, type))) key cannot be a JSON name")
                }
            }
            let count = Int64(keys.count)
            let isArray = count > 0 && keys.allSatisfy { if case let .integer(i) = $0 { return i >= 1 && i <= count } else { return false } }
            if isArray {
                out += "["
                for position in 1 ... count {
                    if position > 1 { out += "," }
                    lua_rawgeti(L, index, lua_Integer(position))
                    steps.append("[\(position)]")
                    try write(at: lua_gettop(L), to: &out)
                    steps.removeLast()
                    lua_settop(L, -2)
                }
                out += "]"
                return
            }
            out += "{"
            for (position, key) in keys.sorted().enumerated() {
                if position > 0 { out += "," }
                JSON.writeString(key.text, to: &out)
                out += ":"
                push(key)
                lua_rawget(L, index)
                steps.append(key.step)
                try write(at: lua_gettop(L), to: &out)
                steps.removeLast()
                lua_settop(L, -2)
            }
            out += "}"
        }

        func push(_ key: Key) {
            let L = call.L
            switch key {
            case let .string(_, bytes): call.state.pushBytes(bytes)
            case let .integer(i): lua_pushinteger(L, lua_Integer(i))
            case let .number(n): lua_pushnumber(L, n)
            case let .boolean(b): lua_pushboolean(L, b ? 1 : 0)
            }
        }
    }
}
