import CLua
import ScrimCore

/// docs/API.md §6: `scrim.DimmingTransitioning(delegate)` (seed 2), protocol style (a delegate table, methods called
/// with `self`) and closure style (members set on it, called without `self`, winning over the delegate).
enum DimmingBinding {
    static let protocolDeclaration = ScriptProtocol("DimmingTransitioning", [
        .methodOrValue("presentationAnimationDuration", .seconds, default: .number(DimmingTransitioning.defaultDuration)),
        .methodOrValue("dismissalAnimationDuration", .seconds, default: .number(DimmingTransitioning.defaultDuration)),
        .method("executePresentationAnimation", required: true),
        .method("executeDismissalAnimation", required: true),
        .methodOrValue("allowTapDimmingViewToDismiss", .flag, default: .boolean(true)),
        .method("dimmingViewTapped"),
    ])

    /// The closures DimmingTransitioning reads before its delegate (a Swift delegate, such as a base class's
    /// controller, stays its delegate when a script sets one member).
    static let slots: [ClosureSlot<DimmingTransitioning>] = [
        ClosureSlot("presentationAnimationDuration", \.presentationAnimationDuration, ScriptAdapter.seconds),
        ClosureSlot("dismissalAnimationDuration", \.dismissalAnimationDuration, ScriptAdapter.seconds),
        ClosureSlot("executePresentationAnimation", \.executePresentationAnimation, ScriptAdapter.perform),
        ClosureSlot("executeDismissalAnimation", \.executeDismissalAnimation, ScriptAdapter.perform),
        ClosureSlot("allowTapDimmingViewToDismiss", \.allowTapDimmingViewToDismiss, ScriptAdapter.flag),
        ClosureSlot("dimmingViewTapped", \.dimmingViewTapped, ScriptAdapter.perform),
    ]

    static let luaClass: LuaClass<DimmingTransitioning> = {
        let c = LuaClass<DimmingTransitioning>("DimmingTransitioning", userValues: 2)
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
        c.scriptMembers(protocolDeclaration, slots: slots, read: { transitioning, member, call in
            try pushAnswer(member, of: transitioning, call)
        }) { transitioning, member, call in
            guard let controller = transitioning.holder, controller === transitioning.delegate.map({ $0 as AnyObject })
            else { return }
            // A controller made without a field table (by the host) has no option of its own to replace.
            call.state.keepingTop { _ in
                lua_pushnil(call.L)
                try? call.state.setOwnField(controller, member, valueAt: -1)
            }
        }
        return c.description { _ in "DimmingTransitioning" }
    }()

    static let adapterClass = LuaClass<LuaDimmingDelegate>("DimmingTransitioningDelegate")

    /// What the transition reads of each value member: the closure or value on the transitioning, else its delegate's
    /// (a table, or the controller that holds it, whose overrides feed it), else the default.
    static let valueAnswers: [String: @Sendable (DimmingTransitioning) throws -> LuaPushable] = [
        "presentationAnimationDuration": { try $0.animationDuration(presenting: true) },
        "dismissalAnimationDuration": { try $0.animationDuration(presenting: false) },
        "allowTapDimmingViewToDismiss": { try $0.allowsTapToDismiss() },
    ]

    /// Pushes `member` as the transition has it, one answer for the transitioning and for a base-class controller
    /// that is its delegate: a value member's answer (`valueAnswers`); for a method, the function the transition runs
    /// (closure, else delegate table member, else the controller's override), or nil when Scrim's Swift one runs.
    static func pushAnswer(_ member: String, of transitioning: DimmingTransitioning, _ call: LuaCall) throws -> Int32 {
        if let answer = valueAnswers[member] { return call.push(try answer(transitioning)) }
        let state = call.state
        if state.pushPeerValue(transitioning, member) != LUA_TNIL { return 1 }
        lua_settop(call.L, -2)
        let found: LuaDelegate
        if let adapter = transitioning.delegate as? LuaDimmingDelegate, adapter.belongs(to: transitioning) {
            found = LuaDelegate(transitioning, state, places: .delegate)
        } else if let controller = transitioning.holder, controller === transitioning.delegate.map({ $0 as AnyObject }) {
            found = LuaDelegate(controller, state, places: .overrides)
        } else {
            return call.push(nil)
        }
        let top = lua_gettop(call.L)
        guard let kind = try found.push(member) else { return call.push(nil) }
        lua_settop(call.L, top + 1) // the member, without the `self` a method was pushed with
        if kind == .method, call.runtime.baseImplementationAddresses.contains(lua_topointer(call.L, -1)) {
            lua_settop(call.L, top)
            return call.push(nil)
        }
        return 1
    }

    /// One answer per member on a controller that is its own transitioning's delegate (the base classes): a member
    /// given to the controller replaces the same member's closure on its transitioning, so the last one given wins.
    static func forgetClosure(_ member: String, of transitioning: DimmingTransitioning, _ call: LuaCall) {
        call.state.keepingTop { _ in
            lua_pushnil(call.L)
            call.state.setPeerValue(transitioning, member, valueAt: -1)
        }
        slots.first { $0.member == member }?.fill(transitioning, nil)
    }

    static let constructor = HostFunction("DimmingTransitioning") { call in
        let transitioning = DimmingTransitioning()
        // Its userdata on the stack first: its peer table, which gets the delegate, must not be collected meanwhile.
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
        protocolDeclaration.warnAboutMisspeltMembers(ofTableAt: index, call, owner: "DimmingTransitioning")
        // It holds its delegate weakly (the seed): the adapter lives in its peer table, with the table.
        let adapter = LuaDimmingDelegate(transitioning: transitioning, state: call.state)
        call.state.setPeerValue(transitioning, "delegate", valueAt: index)
        call.state.push(object: adapter, as: adapterClass)
        call.state.setPeerValue(transitioning, "adapter", valueAt: -1)
        lua_settop(call.L, -2)
        call.state.anchor(transitioning)
        transitioning.delegate = adapter
    }
}

/// A Lua table as the seed's DimmingTransitioningDelegate, found in its DimmingTransitioning's peer table.
final class LuaDimmingDelegate: DimmingTransitioningDelegate {
    let lua: ScriptAdapter

    init(transitioning: DimmingTransitioning, state: LuaState) {
        lua = ScriptAdapter(transitioning, state, DimmingBinding.protocolDeclaration, places: .delegate)
    }

    func belongs(to transitioning: DimmingTransitioning) -> Bool { lua.lua.object === transitioning }

    var presentationAnimationDuration: Seconds { get throws { try lua.seconds("presentationAnimationDuration") } }
    var dismissalAnimationDuration: Seconds { get throws { try lua.seconds("dismissalAnimationDuration") } }
    func executePresentationAnimation() throws { try lua.perform("executePresentationAnimation") }
    func executeDismissalAnimation() throws { try lua.perform("executeDismissalAnimation") }
    var allowTapDimmingViewToDismiss: Bool { get throws { try lua.flag("allowTapDimmingViewToDismiss") } }
    func dimmingViewTapped() throws { try lua.perform("dimmingViewTapped") }
}
