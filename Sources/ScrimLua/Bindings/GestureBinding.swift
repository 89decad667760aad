import CLua
import ScrimCore

/// docs/API.md §2: `TapGestureRecognizer` and its protocol-style delegate. The action closure and the delegate table
/// live in the recognizer's peer table (`LuaDelegate`); the view's holds the recognizer (`OwnershipLinks`).
enum GestureBinding {
    static let luaClass = LuaClass<TapGestureRecognizer>("TapGestureRecognizer", userValues: 2)
        .readonly("view") { $0.view }
        .property("enabled", get: { $0.isEnabled }, set: { $0.isEnabled = $1 })
        .property("name", get: { $0.name }, set: { $0.name = $1 })
        .property("delegate", get: { recognizer, call in
            guard recognizer.delegate is LuaGestureDelegate else { return call.push(nil) }
            call.state.pushPeerValue(recognizer, "delegate")
            return 1
        }, set: { recognizer, call, index in
            if call.isNil(index) {
                call.state.setPeerValue(recognizer, "delegate", valueAt: index)
                recognizer.delegate = nil
            } else {
                guard call.type(index) == LUA_TTABLE else { throw call.typeError(index, expected: "table") }
                LuaGestureDelegate.declaration.warnAboutMisspeltMembers(ofTableAt: index, call,
                    owner: "TapGestureRecognizer" + (recognizer.name.map { " '\($0)'" } ?? ""))
                call.state.setPeerValue(recognizer, "delegate", valueAt: index)
                recognizer.delegate = LuaGestureDelegate(recognizer, call.state)
                call.state.anchor(recognizer)
            }
        })
        .description { "TapGestureRecognizer(\($0.view?.name ?? "detached"))" }

    /// `scrim.TapGestureRecognizer(fn)`.
    static let constructor = HostFunction("TapGestureRecognizer") { call in
        _ = try makeTap(call, functionAt: 1)
        return 1
    }

    /// A tap recognizer whose action calls the Lua function at `index`, kept in its peer table. Leaves its userdata on
    /// the stack, where the collector cannot take it (and the closure) before it is linked to a view.
    static func makeTap(_ call: LuaCall, functionAt index: Int32) throws -> TapGestureRecognizer {
        guard call.state.isCallable(at: index) else { throw call.typeError(index, expected: "function") }
        let index = lua_absindex(call.L, index)
        weak let state = call.state
        let recognizer = TapGestureRecognizer { recognizer in
            guard let state else { return }
            try LuaDelegate(recognizer, state, places: .closures).call("action", [recognizer])
        }
        call.push(recognizer)
        call.state.setPeerValue(recognizer, "action", valueAt: index)
        call.state.anchor(recognizer)
        return recognizer
    }
}

/// A Lua table as a gesture delegate: `gestureRecognizerShouldReceiveTouch(self, recognizer, point)` → a truth;
/// a table without that method lets every touch through.
final class LuaGestureDelegate: GestureRecognizerDelegate {
    static let declaration = ScriptProtocol("GestureRecognizerDelegate", [
        .method("gestureRecognizerShouldReceiveTouch", returns: .truthy, default: .boolean(true)),
    ])
    let lua: ScriptAdapter

    init(_ recognizer: GestureRecognizer, _ state: LuaState) {
        lua = ScriptAdapter(recognizer, state, Self.declaration, places: .delegate)
    }

    func gestureRecognizerShouldReceiveTouch(_ recognizer: GestureRecognizer, point: Point) throws -> Bool {
        try lua.flag("gestureRecognizerShouldReceiveTouch", [recognizer, point])
    }
}
