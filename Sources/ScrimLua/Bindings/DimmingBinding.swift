import CLua
import ScrimCore

/// docs/API.md §6: `scrim.DimmingTransitioning(delegate)` (seed 2). Protocol style: a delegate table whose members are
/// values or methods (called with `self`). Closure style: the same members assigned on the DimmingTransitioning
/// (called without `self`), winning over the delegate. What it keeps from Lua lives in its userdata's peer table
/// (`LuaDelegate`).
enum DimmingBinding {
    /// The seed's DimmingTransitioningDelegate, as Lua implements it (a delegate table, or closures on the object).
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

    /// Pushes member `member` as the transition has it — one answer, read alike from the transitioning and from a
    /// base-class controller (whose transitioning's delegate it is), whoever gave it: a value member's answer
    /// (`valueAnswers`); for a method, the Lua function the transition runs — the transitioning's closure, else its
    /// delegate table's member, else the override of the controller that is its delegate (in its own fields or its
    /// `scrim.class`) — or nil when Scrim's Swift implementation runs (which `self.super` reaches).
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
    /// given to the controller (an option, an assignment) takes the place of the same member's closure on its
    /// transitioning, and a closure given to the transitioning the place of the controller's — the last one given is
    /// what the transition uses and what reading the member on the controller gives.
    static func forgetClosure(_ member: String, of transitioning: DimmingTransitioning, _ call: LuaCall) {
        call.state.keepingTop { _ in
            lua_pushnil(call.L)
            call.state.setPeerValue(transitioning, member, valueAt: -1)
        }
        slots.first { $0.member == member }?.fill(transitioning, nil)
    }

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
        protocolDeclaration.warnAboutMisspeltMembers(ofTableAt: index, call, owner: "DimmingTransitioning")
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
}

/// A Lua table as the seed's DimmingTransitioningDelegate: each member a value or a method; missing ones take the
/// defaults (0.25 s, true, nothing). It finds the table in its DimmingTransitioning's peer table.
final class LuaDimmingDelegate: DimmingTransitioningDelegate {
    let lua: ScriptAdapter

    init(transitioning: DimmingTransitioning, state: LuaState) {
        lua = ScriptAdapter(transitioning, state, DimmingBinding.protocolDeclaration, places: .delegate)
    }

    /// Whether this adapter is `transitioning`'s own (the one whose peer table holds the delegate table).
    func belongs(to transitioning: DimmingTransitioning) -> Bool { lua.lua.object === transitioning }

    var presentationAnimationDuration: Seconds { get throws { try lua.seconds("presentationAnimationDuration") } }
    var dismissalAnimationDuration: Seconds { get throws { try lua.seconds("dismissalAnimationDuration") } }
    func executePresentationAnimation() throws { try lua.perform("executePresentationAnimation") }
    func executeDismissalAnimation() throws { try lua.perform("executeDismissalAnimation") }
    var allowTapDimmingViewToDismiss: Bool { get throws { try lua.flag("allowTapDimmingViewToDismiss") } }
    func dimmingViewTapped() throws { try lua.perform("dimmingViewTapped") }
}
