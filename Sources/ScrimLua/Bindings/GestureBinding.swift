import CLua
import ScrimCore

/// docs/API.md §2: `TapGestureRecognizer` and its protocol-style delegate.
enum GestureBinding {
    static let luaClass = LuaClass<TapGestureRecognizer>("TapGestureRecognizer")
        .readonly("view") { $0.view }
        .property("enabled", get: { $0.isEnabled }, set: { $0.isEnabled = $1 })
        .property("name", get: { $0.name }, set: { $0.name = $1 })
        .property("delegate", get: { recognizer, call in
            call.push((recognizer.delegate as? LuaGestureDelegate)?.table)
        }, set: { recognizer, call, index in
            if call.isNil(index) {
                recognizer.delegate = nil
            } else {
                recognizer.delegate = LuaGestureDelegate(table: try call.table(index), state: call.state)
            }
        })
        .description { "TapGestureRecognizer(\($0.view?.name ?? "detached"))" }

    /// `scrim.TapGestureRecognizer(fn)`.
    static let constructor = HostFunction("TapGestureRecognizer") { call in
        call.push(try makeTap(call, functionAt: 1))
    }

    /// A tap recognizer whose action calls the Lua function at `index` with the recognizer.
    static func makeTap(_ call: LuaCall, functionAt index: Int32) throws -> TapGestureRecognizer {
        let function = try call.function(index)
        weak let state = call.state
        return TapGestureRecognizer { recognizer in
            try state?.call(function, [recognizer])
        }
    }
}

/// A Lua table as a gesture delegate: `gestureRecognizerShouldReceiveTouch(self, recognizer, point)` → boolean;
/// a table without that method lets every touch through.
final class LuaGestureDelegate: GestureRecognizerDelegate {
    let table: LuaRef
    weak var state: LuaState?

    init(table: LuaRef, state: LuaState) {
        self.table = table
        self.state = state
    }

    func gestureRecognizerShouldReceiveTouch(_ recognizer: GestureRecognizer, point: Point) throws -> Bool {
        guard let state else { return true }
        guard try state.hasMethod(table, "gestureRecognizerShouldReceiveTouch") else { return true }
        let answer = try state.callMethod(table, "gestureRecognizerShouldReceiveTouch", [recognizer, point])
        if case .boolean(let allowed) = answer { return allowed }
        if case .nil = answer { return false }
        return true
    }
}

extension LuaState {
    /// Whether `target[name]` is callable (`isCallable`), looked up with metamethods (protected).
    public func hasMethod(_ target: LuaRef, _ name: String) throws -> Bool {
        return try keepingTop { _ in
            target.push(L)
            if scrim_pgetfield(L, -1, name) != LUA_OK { throw popError() }
            return isCallable(at: -1)
        }
    }
}
