import CLua
import ScrimCore

/// docs/API.md §5: custom transitions in protocol style (delegate, animators, context), the presentation controller.
enum TransitionBinding {
    static let contextClass = LuaClass<TransitionContext>("TransitionContext")
        .readonly("containerView") { $0.containerView }
        .readonly("isAnimated") { $0.isAnimated }
        .readonly("isPresenting") { $0.isPresenting }
        .readonly("transitionWasCancelled") { $0.transitionWasCancelled }
        .readonly("isCompleted") { $0.isCompleted }
        .method("viewForKey") { context, call in call.push(context.viewForKey(try key(call, 2))) }
        .method("viewControllerForKey") { context, call in call.push(context.viewControllerForKey(try key(call, 2))) }
        .method("initialFrameFor") { context, call in
            call.push(context.initialFrame(for: try call.object(2, ViewController.self, expected: "ViewController")))
        }
        .method("finalFrameFor") { context, call in
            call.push(context.finalFrame(for: try call.object(2, ViewController.self, expected: "ViewController")))
        }
        .action("completeTransition") { context, call in context.completeTransition(call.isNil(2) ? true : try call.boolean(2)) }
        .description { $0.name }

    static let presentationControllerClass = LuaClass<PresentationController>("PresentationController")
        .method("animateAlongsideTransition") { controller, call in
            let animations = try call.function(2)
            let completion = try call.optionalFunction(3)
            weak let state = call.state
            return call.push(controller.animateAlongsideTransition({ try state?.call(animations) },
                                                                  completion: completion.map { c in { try state?.call(c, [$0]) } }))
        }
        .readonly("presentedViewController") { $0.presentedViewController }
        .readonly("presentingViewController") { $0.presentingViewController }
        .readonly("containerView", push: { controller, call in call.push(controller.transitionContext?.containerView) })
        .readonly("presentedView") { $0.presentedView }
        .readonly("frameOfPresentedViewInContainerView") { $0.frameOfPresentedViewInContainerView }

    static let dimmingPresentationControllerClass = LuaClass<DimmingPresentationController>("DimmingPresentationController",
                                                                                            base: presentationControllerClass)
        .readonly("dimmingView") { $0.dimmingView }

    static let adapterClass = LuaClass<LuaTransitioningDelegate>("TransitioningDelegate", userValues: 2)

    static func key(_ call: LuaCall, _ index: Int32) throws -> TransitionContext.Key {
        let name = try call.string(index)
        guard let key = TransitionContext.Key(rawValue: name) else { throw call.argumentError(index, "\"from\" or \"to\" expected, got \"\(name)\"") }
        return key
    }

    private static let adaptersKey = RegistryKey()

    /// A transitioning delegate from argument `index`: a DimmingTransitioning, or a Lua table implementing UIKit's
    /// methods. The controller holds it weakly (as UIKit does): a table's adapter lives exactly as long as the table.
    static func delegate(_ call: LuaCall, _ index: Int32) throws -> ViewControllerTransitioningDelegate? {
        if call.isNil(index) { return nil }
        if let object = call.state.object(at: index) as? ViewControllerTransitioningDelegate { return object }
        guard call.type(index) == LUA_TTABLE else { throw call.typeError(index, expected: "transitioning delegate") }
        let L = call.L
        let table = lua_absindex(L, index)
        // adapters: an ephemeron table, table → its adapter's userdata (whose peer table holds the table).
        call.state.pushRegistryTable(adaptersKey, mode: "k")
        defer { lua_settop(L, table) }
        lua_pushvalue(L, table)
        if lua_rawget(L, -2) == LUA_TUSERDATA, let adapter = call.state.object(at: -1) as? LuaTransitioningDelegate {
            return adapter
        }
        lua_settop(L, -2)
        LuaTransitioningDelegate.declaration.warnAboutMisspeltMembers(ofTableAt: table, call, owner: "transitioningDelegate")
        let adapter = LuaTransitioningDelegate(state: call.state)
        lua_pushvalue(L, table)
        call.state.push(object: adapter, as: adapterClass)
        call.state.setPeerValue(adapter, "delegate", valueAt: table)
        lua_rawset(L, -3)
        return adapter
    }

    static func pushDelegate(_ delegate: ViewControllerTransitioningDelegate?, _ state: LuaState) {
        guard let delegate else { return lua_pushnil(state.L) }
        if let adapter = delegate as? LuaTransitioningDelegate {
            state.pushPeerValue(adapter, "delegate")
        } else {
            state.push(any: delegate)
        }
    }
}

/// A Lua table as a transitioning delegate (UIKit's names), kept in this adapter's peer table: a missing method or a
/// nil result means the default transition.
final class LuaTransitioningDelegate: ViewControllerTransitioningDelegate {
    static let declaration = ScriptProtocol("transitioning delegate", [
        .method("animationControllerForPresented"), .method("animationControllerForDismissed"),
        .method("presentationControllerForPresented"),
    ])
    private var lua: LuaDelegate?
    weak var state: LuaState?
    /// The misspelt members already warned about in the tables its methods returned (each once, not per transition).
    private var warned: Set<String> = []

    init(state: LuaState) {
        self.state = state
        lua = LuaDelegate(self, state, places: .delegate)
    }

    /// Calls `method`; a table it returns goes into the peer table of `controller` (which holds it) under `key`, where
    /// the adapter `make` makes reads it; its misspelt names are warned about at `method`'s line.
    private func table<T>(_ method: String, _ arguments: [LuaPushable?], storedIn controller: ViewController, as key: String,
                          checkedAgainst declaration: ScriptProtocol,
                          _ make: (LuaDelegate, LuaRef) -> T, otherwise problem: (String) -> String) throws -> T? {
        guard let lua, let state else { return nil }
        let L = state.L
        return try state.keepingTop { _ in
            guard let member = try lua.push(method), member != .value else { return nil }
            let place = state.definitionPlace(ofFunctionAt: member == .method ? -2 : -1)
            try lua.callPushed(member, method, arguments, state)
            switch lua_type(L, -1) {
            case LUA_TNIL: return nil
            case LUA_TTABLE:
                for warning in declaration.misspeltMembers(ofTableAt: -1, state, subject: "the table \(method) returned")
                where warned.insert(warning).inserted {
                    (state.owner as? LuaRuntime)?.core.warningSink(place + warning)
                }
                // The controller's userdata on the stack first, so that no collection between the two can take it
                // (and the table with it) from the weak object cache (see `pushUserdataAndPeerTable`).
                state.push(any: controller)
                state.setPeerValue(controller, key, valueAt: -2)
                let holder = state.popRef()
                return make(LuaDelegate(controller, state, places: .delegate, delegateKey: key), holder)
            default: throw ScriptError(problem(String(cString: scrim_typename(L, -1))))
            }
        }
    }

    func animationControllerForPresented(presented: ViewController, presenting: ViewController,
                                         source: ViewController) throws -> ViewControllerAnimatedTransitioning? {
        try table("animationControllerForPresented", [presented, presenting, source], storedIn: presented,
                  as: "presentationAnimator", checkedAgainst: LuaAnimator.declaration, LuaAnimator.init,
                  otherwise: { "animationControllerForPresented must return an animator table or nil, got \($0)" })
    }

    func animationControllerForDismissed(_ dismissed: ViewController) throws -> ViewControllerAnimatedTransitioning? {
        try table("animationControllerForDismissed", [dismissed], storedIn: dismissed, as: "dismissalAnimator",
                  checkedAgainst: LuaAnimator.declaration, LuaAnimator.init, otherwise: { "animationControllerForDismissed must return an animator table or nil, got \($0)" })
    }

    func presentationControllerForPresented(presented: ViewController, presenting: ViewController,
                                            source: ViewController) throws -> PresentationController? {
        try table("presentationControllerForPresented", [presented, presenting, source], storedIn: presented,
                  as: "presentationController", checkedAgainst: LuaPresentationController.declaration, { lua, holder in
                      LuaPresentationController(lua: lua, holder: holder, presented: presented, presenting: presenting)
                  }, otherwise: { _ in "presentationControllerForPresented must return a table of presentation controller members or nil" })
    }
}

/// A presentation controller whose members come from a Lua table, kept in the presented controller's peer table,
/// whose userdata this holds for as long as the presentation.
final class LuaPresentationController: PresentationController {
    static let declaration = ScriptProtocol("presentation controller", [
        .method("presentationTransitionWillBegin"), .method("presentationTransitionDidEnd"),
        .method("dismissalTransitionWillBegin"), .method("dismissalTransitionDidEnd"),
        ScriptMember("frameOfPresentedViewInContainerView", .methodOrValue), // a rect: read by `scriptFrame`
    ])
    let lua: ScriptAdapter
    let holder: LuaRef

    init(lua: LuaDelegate, holder: LuaRef, presented: ViewController, presenting: ViewController) {
        self.lua = ScriptAdapter(lua, Self.declaration)
        self.holder = holder
        super.init(presentedViewController: presented, presenting: presenting)
    }

    override func presentationTransitionWillBegin() throws { try lua.perform("presentationTransitionWillBegin", [self]) }
    override func presentationTransitionDidEnd(_ completed: Bool) throws { try lua.perform("presentationTransitionDidEnd", [self, completed]) }
    override func dismissalTransitionWillBegin() throws { try lua.perform("dismissalTransitionWillBegin", [self]) }
    override func dismissalTransitionDidEnd(_ completed: Bool) throws { try lua.perform("dismissalTransitionDidEnd", [self, completed]) }

    /// The member's rect; one that raises or is not a rect is reported (as any callback error) and the default is used.
    override var frameOfPresentedViewInContainerView: Rect {
        guard let state = lua.lua.state else { return super.frameOfPresentedViewInContainerView }
        do {
            if let rect = try scriptFrame(state) { return rect }
        } catch {
            (state.owner as? LuaRuntime)?.core.reportError(error, context: "frameOfPresentedViewInContainerView")
        }
        return super.frameOfPresentedViewInContainerView
    }

    private func scriptFrame(_ state: LuaState) throws -> Rect? {
        guard let value = try lua.lua.call("frameOfPresentedViewInContainerView", [self]) else { return nil }
        if case .nil = value { return nil }
        guard let table = state.table(value), let rect = Rect.read({ table.number($0, position: Int($1)) }), rect.isFinite else {
            throw ScriptError("frameOfPresentedViewInContainerView must be a rect of finite numbers, got \(value.typeName)")
        }
        return rect
    }
}

/// A Lua animator table, kept in the peer table of the controller presented or dismissed; the transition in flight
/// holds this adapter, which holds that controller's userdata.
final class LuaAnimator: ViewControllerAnimatedTransitioning {
    static let declaration = ScriptProtocol("the animator", [
        .method("transitionDuration", returns: .seconds, default: .number(0.25)),
        .method("animateTransition", required: true),
        .method("animationEnded"),
    ])
    let lua: ScriptAdapter
    let holder: LuaRef

    init(lua: LuaDelegate, holder: LuaRef) {
        self.lua = ScriptAdapter(lua, Self.declaration)
        self.holder = holder
    }

    func transitionDuration(_ context: TransitionContext) throws -> Seconds { try lua.seconds("transitionDuration", [context]) }

    func animateTransition(_ context: TransitionContext) throws {
        guard lua.lua.state != nil else { return }
        try lua.perform("animateTransition", [context])
    }

    func animationEnded(_ transitionCompleted: Bool) throws { try lua.perform("animationEnded", [transitionCompleted]) }
}

extension LuaState {
    /// `file:line: ` where the Lua function at `index` is defined (empty for a C function).
    func definitionPlace(ofFunctionAt index: Int32) -> String {
        var ar = lua_Debug()
        lua_pushvalue(L, index)
        guard lua_getinfo(L, ">S", &ar) != 0, ar.linedefined > 0 else { return "" }
        let source = withUnsafeBytes(of: &ar.short_src) { String(decoding: $0.prefix(while: { $0 != 0 }), as: UTF8.self) }
        return "\(source):\(ar.linedefined): "
    }
}
