import CLua
import ScrimCore

/// docs/API.md §6: `scrim.DimmingTransitioning(delegate)` (seed 2). Protocol style: a delegate table whose members are
/// values or methods (called with `self`). Closure style: the same members assigned on the DimmingTransitioning
/// (called without `self`), winning over the delegate. What it keeps from Lua lives in its userdata's peer table
/// (`LuaDelegate`).
enum DimmingBinding {
    static let members = ["presentationAnimationDuration", "dismissalAnimationDuration", "executePresentationAnimation",
                          "executeDismissalAnimation", "allowTapDimmingViewToDismiss", "dimmingViewTapped"]

    static let luaClass: LuaClass<DimmingTransitioning> = {
        let c = LuaClass<DimmingTransitioning>("DimmingTransitioning")
        c.userValues = 2
        c.property("delegate", get: { transitioning, call in
            if let adapter = transitioning.delegate as? LuaDimmingDelegate, adapter.belongs(to: transitioning) {
                call.state.pushPeerValue(transitioning, "delegate")
            } else {
                call.push(transitioning.delegate.map { $0 as AnyObject }.flatMap { $0 as? ViewController })
            }
            return 1
        }, set: { transitioning, call, index in
            try setDelegate(transitioning, call, index)
        })
        .readonly("presentationController") { $0.presentationController }
        .readonly("dimmingView") { $0.dimmingView }
        for member in members {
            c.property(member, get: { transitioning, call in
                call.state.pushPeerValue(transitioning, member)
                return 1
            }, set: { transitioning, call, index in
                try setClosure(transitioning, member, call, index)
            })
        }
        return c.description { _ in "DimmingTransitioning" }
    }()

    static let adapterClass = LuaClass<LuaDimmingDelegate>("DimmingTransitioningDelegate")

    /// `scrim.DimmingTransitioning([delegate])`.
    static let constructor = HostFunction("DimmingTransitioning") { call in
        let transitioning = DimmingTransitioning()
        // Its userdata first, on the stack: the delegate goes into that userdata's peer table, which must not be collected
        // (and replaced by a new, empty one) before it is returned.
        lua_settop(call.L, 1)
        call.push(transitioning)
        if !call.isNil(1) { try setDelegate(transitioning, call, 1) }
        return 1
    }

    static func setDelegate(_ transitioning: DimmingTransitioning, _ call: LuaCall, _ index: Int32) throws {
        if call.isNil(index) {
            call.state.setPeerValue(transitioning, "delegate", valueAt: index)
            transitioning.delegate = nil
            return
        }
        if let native = call.state.object(at: index) as? DimmingTransitioningDelegate {
            transitioning.delegate = native
            return
        }
        guard call.type(index) == LUA_TTABLE else { throw call.typeError(index, expected: "delegate table") }
        // The DimmingTransitioning holds its delegate weakly (the seed); the adapter lives in its peer table, with the
        // table.
        let adapter = LuaDimmingDelegate(transitioning: transitioning, state: call.state)
        call.state.setPeerValue(transitioning, "delegate", valueAt: index)
        call.state.push(object: adapter, as: adapterClass)
        call.state.setPeerValue(transitioning, "adapter", valueAt: -1)
        lua_settop(call.L, -2)
        call.state.anchor(transitioning)
        transitioning.delegate = adapter
    }

    /// Closure style: `t.member = function() … end` (or a value for the durations and the flag).
    static func setClosure(_ transitioning: DimmingTransitioning, _ member: String, _ call: LuaCall, _ index: Int32) throws {
        let type = call.type(index)
        let isFlag = member == "allowTapDimmingViewToDismiss", isDuration = member.hasSuffix("Duration")
        guard type == LUA_TNIL || call.state.isCallable(at: index) || (isFlag && type == LUA_TBOOLEAN) || (isDuration && type == LUA_TNUMBER) else {
            throw call.typeError(index, expected: isFlag ? "function or boolean" : isDuration ? "function or number" : "function")
        }
        if type == LUA_TNUMBER { _ = try call.duration(index) }
        call.state.setPeerValue(transitioning, member, valueAt: index)
        call.state.anchor(transitioning)
        let set = type != LUA_TNIL
        let lua = LuaDelegate(transitioning, call.state, places: .closures)
        func value() throws -> LuaValue { try lua.call(member) ?? .nil }
        switch member {
        case "presentationAnimationDuration":
            transitioning.presentationAnimationDuration = set ? { try value().seconds(member) } : nil
        case "dismissalAnimationDuration":
            transitioning.dismissalAnimationDuration = set ? { try value().seconds(member) } : nil
        case "executePresentationAnimation":
            transitioning.executePresentationAnimation = set ? { _ = try value() } : nil
        case "executeDismissalAnimation":
            transitioning.executeDismissalAnimation = set ? { _ = try value() } : nil
        case "allowTapDimmingViewToDismiss":
            transitioning.allowTapDimmingViewToDismiss = set ? { try value().flag(member) } : nil
        default:
            transitioning.dimmingViewTapped = set ? { _ = try value() } : nil
        }
    }
}

/// A Lua table as the seed's DimmingTransitioningDelegate: each member a value or a method; missing ones take the
/// defaults (0.25 s, true, nothing). It finds the table in its DimmingTransitioning's peer table.
final class LuaDimmingDelegate: DimmingTransitioningDelegate {
    let lua: LuaDelegate

    init(transitioning: DimmingTransitioning, state: LuaState) {
        lua = LuaDelegate(transitioning, state, places: .delegate)
    }

    /// Whether this adapter is `transitioning`'s own (the one whose peer table holds the delegate table).
    func belongs(to transitioning: DimmingTransitioning) -> Bool { lua.object === transitioning }

    var presentationAnimationDuration: Seconds {
        get throws { try lua.call("presentationAnimationDuration")?.seconds("presentationAnimationDuration") ?? DimmingTransitioning.defaultDuration }
    }
    var dismissalAnimationDuration: Seconds {
        get throws { try lua.call("dismissalAnimationDuration")?.seconds("dismissalAnimationDuration") ?? DimmingTransitioning.defaultDuration }
    }
    func executePresentationAnimation() throws {
        guard try lua.call("executePresentationAnimation") != nil else {
            throw ScriptError("the delegate has no executePresentationAnimation (it is required)")
        }
    }
    func executeDismissalAnimation() throws {
        guard try lua.call("executeDismissalAnimation") != nil else {
            throw ScriptError("the delegate has no executeDismissalAnimation (it is required)")
        }
    }
    var allowTapDimmingViewToDismiss: Bool {
        get throws { try lua.call("allowTapDimmingViewToDismiss")?.flag("allowTapDimmingViewToDismiss") ?? true }
    }
    func dimmingViewTapped() throws { _ = try lua.call("dimmingViewTapped") }
}
