import CLua
import ScrimCore

/// docs/API.md §5: generic custom transitions in protocol style — a transitioning delegate, animators and the
/// transition context as Lua sees them — and the presentation controller.
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
        .method("completeTransition") { context, call in
            context.completeTransition(call.isNil(2) ? true : try call.boolean(2))
            return 0
        }
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

    /// The adapter of a Lua transitioning delegate keeps its table in user value 1.
    static let adapterClass: LuaClass<LuaTransitioningDelegate> = {
        let c = LuaClass<LuaTransitioningDelegate>("TransitioningDelegate")
        c.userValues = 1
        return c
    }()

    static func key(_ call: LuaCall, _ index: Int32) throws -> TransitionContext.Key {
        let name = try call.string(index)
        guard let key = TransitionContext.Key(rawValue: name) else { throw call.argumentError(index, "\"from\" or \"to\" expected, got \"\(name)\"") }
        return key
    }

    private static let adaptersKey = UnsafeMutableRawPointer.allocate(byteCount: 1, alignment: 1)

    /// A transitioning delegate from argument `index`: a DimmingTransitioning, or a Lua table implementing UIKit's
    /// methods. The controller holds it weakly (as UIKit does): a table's adapter lives exactly as long as the table.
    static func delegate(_ call: LuaCall, _ index: Int32) throws -> ViewControllerTransitioningDelegate? {
        if call.isNil(index) { return nil }
        if let object = call.state.object(at: index) as? ViewControllerTransitioningDelegate { return object }
        guard call.type(index) == LUA_TTABLE else { throw call.typeError(index, expected: "transitioning delegate") }
        let L = call.L
        let table = lua_absindex(L, index)
        // adapters: an ephemeron table, table → its adapter's userdata (whose user value is the table).
        if lua_rawgetp(L, scrim_registryindex(), adaptersKey) != LUA_TTABLE {
            lua_settop(L, -2)
            lua_createtable(L, 0, 0)
            lua_createtable(L, 0, 1)
            call.state.pushString("k")
            lua_setfield(L, -2, "__mode")
            lua_setmetatable(L, -2)
            lua_pushvalue(L, -1)
            lua_rawsetp(L, scrim_registryindex(), adaptersKey)
        }
        defer { lua_settop(L, table) }
        lua_pushvalue(L, table)
        if lua_rawget(L, -2) == LUA_TUSERDATA, let adapter = call.state.object(at: -1) as? LuaTransitioningDelegate {
            return adapter
        }
        lua_settop(L, -2)
        let adapter = LuaTransitioningDelegate(state: call.state)
        lua_pushvalue(L, table)
        call.state.push(object: adapter, as: adapterClass)
        lua_pushvalue(L, table)
        lua_setiuservalue(L, -2, 1)
        lua_rawset(L, -3)
        return adapter
    }

    static func pushDelegate(_ delegate: ViewControllerTransitioningDelegate?, _ state: LuaState) {
        guard let delegate else { return lua_pushnil(state.L) }
        if let adapter = delegate as? LuaTransitioningDelegate {
            guard state.pushExistingPeer(adapter) else { return lua_pushnil(state.L) }
            lua_getiuservalue(state.L, -1, 1)
            lua_rotate(state.L, -2, -1)
            lua_settop(state.L, -2)
        } else {
            state.push(any: delegate)
        }
    }
}

/// A Lua table as a transitioning delegate (protocol style, UIKit's names): `animationControllerForPresented(self,
/// presented, presenting, source)`, `animationControllerForDismissed(self, dismissed)` return animator tables;
/// a missing method or a nil result means the default transition.
final class LuaTransitioningDelegate: ViewControllerTransitioningDelegate {
    weak var state: LuaState?
    init(state: LuaState) { self.state = state }

    /// Calls `method` of the table (user value 1 of this adapter's userdata) and wraps an animator table it returns.
    private func animator(_ method: String, _ arguments: [LuaPushable?]) throws -> ViewControllerAnimatedTransitioning? {
        guard let state else { return nil }
        let L = state.L
        return try state.keepingTop { _ in
            guard state.pushExistingPeer(self), lua_getiuservalue(L, -1, 1) == LUA_TTABLE else { return nil }
            if scrim_pgetfield(L, -1, method) != LUA_OK { throw state.popError() }
            guard state.isCallable(at: -1) else { return nil }
            lua_settop(L, -2)
            state.push(arguments: arguments)
            try state.callMethod(lua_gettop(L) - Int32(arguments.count), method, nargs: Int32(arguments.count), nresults: 1)
            switch lua_type(L, -1) {
            case LUA_TNIL: return nil
            case LUA_TTABLE: return LuaAnimator(table: state.ref(at: -1), state: state)
            default: throw ScriptError("\(method) must return an animator table or nil, got \(String(cString: scrim_typename(L, -1)))")
            }
        }
    }

    func animationControllerForPresented(presented: ViewController, presenting: ViewController,
                                         source: ViewController) throws -> ViewControllerAnimatedTransitioning? {
        try animator("animationControllerForPresented", [presented, presenting, source])
    }

    func animationControllerForDismissed(_ dismissed: ViewController) throws -> ViewControllerAnimatedTransitioning? {
        try animator("animationControllerForDismissed", [dismissed])
    }

    /// `presentationControllerForPresented(self, presented, presenting, source)` may return a table of the
    /// presentation controller's members (see `LuaPresentationController`); nil means the default one.
    func presentationControllerForPresented(presented: ViewController, presenting: ViewController,
                                            source: ViewController) throws -> PresentationController? {
        guard let state else { return nil }
        let L = state.L
        return try state.keepingTop { _ in
            let method = "presentationControllerForPresented"
            guard state.pushExistingPeer(self), lua_getiuservalue(L, -1, 1) == LUA_TTABLE else { return nil }
            if scrim_pgetfield(L, -1, method) != LUA_OK { throw state.popError() }
            guard state.isCallable(at: -1) else { return nil }
            lua_settop(L, -2)
            for argument in [presented, presenting, source] { argument.push(state) }
            try state.callMethod(lua_gettop(L) - 3, method, nargs: 3, nresults: 1)
            switch lua_type(L, -1) {
            case LUA_TNIL: return nil
            case LUA_TTABLE:
                return LuaPresentationController(members: state.ref(at: -1), state: state,
                                                 presented: presented, presenting: presenting)
            default: throw ScriptError("\(method) must return a table of presentation controller members or nil")
            }
        }
    }
}

/// A presentation controller whose members come from a Lua table (protocol style): `presentationTransitionWillBegin(self,
/// controller)`, `presentationTransitionDidEnd(self, controller, completed)`, `dismissalTransitionWillBegin(self,
/// controller)`, `dismissalTransitionDidEnd(self, controller, completed)`, and `frameOfPresentedViewInContainerView`
/// (a rect, or a method returning one). The table lives as long as the presentation (from present until the dismissal ends).
final class LuaPresentationController: PresentationController {
    let members: LuaRef
    weak var state: LuaState?

    init(members: LuaRef, state: LuaState, presented: ViewController, presenting: ViewController) {
        self.members = members
        self.state = state
        super.init(presentedViewController: presented, presenting: presenting)
    }

    private func call(_ name: String, _ arguments: [LuaPushable?]) throws -> LuaValue? {
        guard let state, try state.hasMethod(members, name) else { return nil }
        return try state.callMethod(members, name, [self as PresentationController] + arguments)
    }

    override func presentationTransitionWillBegin() throws { _ = try call("presentationTransitionWillBegin", []) }
    override func presentationTransitionDidEnd(_ completed: Bool) throws { _ = try call("presentationTransitionDidEnd", [completed]) }
    override func dismissalTransitionWillBegin() throws { _ = try call("dismissalTransitionWillBegin", []) }
    override func dismissalTransitionDidEnd(_ completed: Bool) throws { _ = try call("dismissalTransitionDidEnd", [completed]) }

    /// The member's rect; one that raises or is not a rect is reported (as any callback error) and the default is used.
    override var frameOfPresentedViewInContainerView: Rect {
        guard let state else { return super.frameOfPresentedViewInContainerView }
        do {
            if let rect = try scriptFrame(state) { return rect }
        } catch {
            (state.owner as? LuaRuntime)?.core.reportError(error, context: "frameOfPresentedViewInContainerView")
        }
        return super.frameOfPresentedViewInContainerView
    }

    private func scriptFrame(_ state: LuaState) throws -> Rect? {
        let L = state.L
        return try state.keepingTop { top in
            members.push(L)
            if scrim_pgetfield(L, -1, "frameOfPresentedViewInContainerView") != LUA_OK { throw state.popError() }
            if state.isCallable(at: -1) {
                lua_settop(L, -2)
                state.push(any: self)
                try state.callMethod(top + 1, "frameOfPresentedViewInContainerView", nargs: 1, nresults: 1)
            }
            if lua_type(L, -1) == LUA_TNIL { return nil }
            guard let rect = Rect.read(state, lua_gettop(L)), rect.isFinite else {
                throw ScriptError("frameOfPresentedViewInContainerView must be a rect of finite numbers, got \(state.value(at: -1).typeName)")
            }
            return rect
        }
    }
}

/// A Lua animator table: `transitionDuration(self, ctx)`, `animateTransition(self, ctx)`, `animationEnded(self, completed)`.
/// Held (strongly) by the transition in flight only.
final class LuaAnimator: ViewControllerAnimatedTransitioning {
    let table: LuaRef
    weak var state: LuaState?

    init(table: LuaRef, state: LuaState) {
        self.table = table
        self.state = state
    }

    func transitionDuration(_ context: TransitionContext) throws -> Seconds {
        guard let state, try state.hasMethod(table, "transitionDuration") else { return 0.25 }
        return try state.callMethod(table, "transitionDuration", [context]).seconds("transitionDuration")
    }

    func animateTransition(_ context: TransitionContext) throws {
        guard let state else { return }
        guard try state.hasMethod(table, "animateTransition") else {
            throw ScriptError("the animator has no animateTransition method")
        }
        try state.callMethod(table, "animateTransition", [context])
    }

    func animationEnded(_ transitionCompleted: Bool) throws {
        guard let state, try state.hasMethod(table, "animationEnded") else { return }
        try state.callMethod(table, "animationEnded", [transitionCompleted])
    }
}

extension TransitionContext: LuaPushable {
    public func push(_ state: LuaState) { state.push(any: self) }
}
