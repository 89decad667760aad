import CLua
import ScrimCore

// docs/API.md §0: rects, points, colours and transforms as Lua tables and strings. Tables are read
// with raw access only, so reading an argument never runs Lua code from a Swift frame.

/// The longest duration or delay Scrim takes (a year of virtual time, `Quantity.duration`): past it, time
/// arithmetic loses the frame.
let maximumDuration: Seconds = Quantity.year

extension LuaState {
    /// Field `name` of the table at `index` (or positional element `position`), as a number if present.
    func numberField(_ index: Int32, _ name: String, position: lua_Integer? = nil) -> Double? {
        let index = lua_absindex(L, index)
        pushString(name)
        var type = lua_rawget(L, index)
        if type == LUA_TNIL, let position {
            lua_settop(L, -2)
            type = lua_rawgeti(L, index, position)
        }
        defer { lua_settop(L, -2) }
        return type == LUA_TNUMBER ? scrim_tonumber(L, -1) : nil
    }

    /// Pushes a fresh table of number fields.
    func pushNumbers(_ fields: KeyValuePairs<String, Double>) {
        lua_createtable(L, 0, Int32(fields.count))
        for (key, value) in fields {
            lua_pushnumber(L, value)
            lua_setfield(L, -2, key)
        }
    }
}

extension LuaCall {
    /// Field `name` (or element `position`) of the table argument at `index` as a number; nil when absent or not a
    /// number. NaN and infinities raise, naming the field, as every number Scrim takes must be finite.
    func numberField(_ index: Int32, _ name: String, position: lua_Integer? = nil) throws -> Double? {
        guard let value = state.numberField(index, name, position: position) else { return nil }
        guard value.isFinite else { throw argumentError(index, "field '\(name)' must be a finite number, got \(LuaValue.format(value))") }
        return value
    }

    /// A duration or delay in seconds: a finite number within 0…a year.
    func duration(_ index: Int32) throws -> Seconds {
        let seconds = try number(index)
        do { return try Quantity.duration.check(seconds) } catch {
            throw argumentError(index, "seconds within 0…\(Int(maximumDuration)) expected, got \(error.text)")
        }
    }

    /// Duration field `name` (seconds within 0…a year) of the table argument at `index`, nil when absent.
    func tableDuration(_ index: Int32, _ name: String) throws -> Seconds? {
        try field(index, name) { try duration($0) }
    }
}

extension Rect: LuaConvertible {
    /// Always a fresh `{x=, y=, width=, height=}`.
    public func push(_ state: LuaState) { state.pushNumbers(["x": x, "y": y, "width": width, "height": height]) }

    /// `{x=, y=, width=, height=}` or `{x, y, width, height}`.
    public static func pull(_ call: LuaCall, _ index: Int32) throws -> Rect {
        let index = lua_absindex(call.L, index)
        guard call.type(index) == LUA_TTABLE else { throw call.typeError(index, expected: "rect") }
        guard let rect = try read({ try call.numberField(index, $0, position: $1) }) else {
            throw call.argumentError(index, "rect expected: {x=, y=, width=, height=} or {x, y, width, height}")
        }
        return rect
    }

    var isFinite: Bool { x.isFinite && y.isFinite && width.isFinite && height.isFinite }

    /// A rect table's fields read with `number` (a field's name and position → its number); nil if one is missing.
    static func read(_ number: (String, lua_Integer) throws -> Double?) rethrows -> Rect? {
        guard let x = try number("x", 1), let y = try number("y", 2), let width = try number("width", 3),
              let height = try number("height", 4) else { return nil }
        return Rect(x: x, y: y, width: width, height: height)
    }
}

extension Point: LuaConvertible {
    public func push(_ state: LuaState) { state.pushNumbers(["x": x, "y": y]) }

    /// `{x=, y=}` or `{x, y}`.
    public static func pull(_ call: LuaCall, _ index: Int32) throws -> Point {
        let index = lua_absindex(call.L, index)
        guard call.type(index) == LUA_TTABLE else { throw call.typeError(index, expected: "point") }
        guard let x = try call.numberField(index, "x", position: 1), let y = try call.numberField(index, "y", position: 2)
        else { throw call.argumentError(index, "point expected: {x=, y=} or {x, y}") }
        return Point(x: x, y: y)
    }
}

extension Color: LuaConvertible {
    /// `"#rrggbbaa"`, lower-case.
    public func push(_ state: LuaState) { state.pushString(hex) }

    /// `"#RRGGBB"`, `"#RRGGBBAA"`, a name, or `{r=, g=, b=, a=}` with components in 0…1.
    public static func pull(_ call: LuaCall, _ index: Int32) throws -> Color {
        let index = lua_absindex(call.L, index)
        switch call.type(index) {
        case LUA_TSTRING:
            do { return try Color(parsing: call.state.string(at: index)) }
            catch { throw call.argumentError(index, String(describing: error)) }
        case LUA_TTABLE:
            try call.checkKeys(index, allowed: ["r", "g", "b", "a"])
            guard let r = try call.numberField(index, "r"), let g = try call.numberField(index, "g"), let b = try call.numberField(index, "b")
            else { throw call.argumentError(index, "color table needs numeric r, g, b (and optional a), each 0…1") }
            let a = try call.numberField(index, "a") ?? 1
            for value in [r, g, b, a] where !(0...1).contains(value) {
                throw call.argumentError(index, "color components must be within 0…1, got \(LuaValue.format(value))")
            }
            return Color(r: r, g: g, b: b, a: a)
        default:
            throw call.typeError(index, expected: "color")
        }
    }
}

extension Transform: LuaConvertible {
    /// A fresh `{scaleX=, scaleY=, rotation=, translateX=, translateY=}`.
    public func push(_ state: LuaState) {
        state.pushNumbers(["scaleX": scaleX, "scaleY": scaleY, "rotation": rotation, "translateX": translateX,
                           "translateY": translateY])
    }

    /// Missing fields take the identity's values; `scale` sets both scales.
    public static func pull(_ call: LuaCall, _ index: Int32) throws -> Transform {
        let index = lua_absindex(call.L, index)
        guard call.type(index) == LUA_TTABLE else { throw call.typeError(index, expected: "transform") }
        try call.checkKeys(index, allowed: ["scaleX", "scaleY", "scale", "rotation", "translateX", "translateY"])
        let scale = try call.numberField(index, "scale")
        return Transform(scaleX: try call.numberField(index, "scaleX") ?? scale ?? 1,
                         scaleY: try call.numberField(index, "scaleY") ?? scale ?? 1,
                         rotation: try call.numberField(index, "rotation") ?? 0,
                         translateX: try call.numberField(index, "translateX") ?? 0,
                         translateY: try call.numberField(index, "translateY") ?? 0)
    }
}

extension Array: LuaPushable where Element: LuaPushable {
    /// A fresh sequence.
    public func push(_ state: LuaState) {
        let L = state.L
        lua_createtable(L, Int32(count), 0)
        // By index, not `enumerated()`: called through the protocol, that made its generic iterator's type at run
        // time, a thirteenth of `scrim run empty.lua`.
        for index in indices {
            lua_checkstack(L, 2)
            self[index].push(state)
            lua_rawseti(L, -2, lua_Integer(index + 1))
        }
    }
}

extension LuaError: ReportableError {
    public var stackTraceback: String? { traceback.isEmpty ? nil : traceback }
}

extension LuaCall {
    /// A point given as `x, y` (two numbers) or as a point table, starting at argument `index`.
    func point(from index: Int32) throws -> Point {
        if type(index) == LUA_TNUMBER { return Point(x: try number(index), y: try number(index + 1)) }
        return try Point.pull(self, index)
    }
}
