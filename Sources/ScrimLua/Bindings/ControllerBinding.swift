import CLua
import ScrimCore

/// docs/API.md §5–6: view controllers, presentation and the dimming base classes, which Lua may instantiate
/// (`X{…}`) or derive from (`scrim.class(name, X)`).
enum ControllerBinding {
    /// UIKit's lifecycle, which a controller's options or a `scrim.class` may override, each a method.
    static let lifecycleDeclaration = ScriptProtocol("ViewController", ["loadView", "viewDidLoad", "viewWillAppear",
        "viewDidAppear", "viewWillDisappear", "viewDidDisappear", "viewWillLayoutSubviews", "viewDidLayoutSubviews",
    ].map { ScriptMember.method($0) })

    static let luaClass = LuaClass<ViewController>("ViewController", userValues: 2,
                                                  fieldOrder: ["name", "modalPresentationStyle", "transitioningDelegate", "view"])
        .property("name", get: { $0.name }, set: { $0.name = $1 })
        .property("view", get: { $0.view }, set: { controller, call, index in
            controller.view = try call.view(index)
        })
        .property("modalPresentationStyle", get: { $0.modalPresentationStyle.rawValue }, set: { controller, call, index in
            let name = try call.string(index)
            guard let style = ModalPresentationStyle(rawValue: name) else {
                throw call.argumentError(index, "unknown style '\(name)' (fullScreen, overFullScreen, custom)")
            }
            controller.modalPresentationStyle = style
        })
        .property("transitioningDelegate", get: { controller, call in
            TransitionBinding.pushDelegate(controller.transitioningDelegate, call.state)
            return 1
        }, set: { controller, call, index in
            controller.transitioningDelegate = try TransitionBinding.delegate(call, index)
        })
        .readonly("presentedViewController") { $0.presentedViewController }
        .readonly("presentingViewController") { $0.presentingViewController }
        .readonly("presentationController") { $0.presentationController }
        .readonly("isBeingPresented") { $0.isBeingPresented }
        .readonly("isBeingDismissed") { $0.isBeingDismissed }
        .readonly("isViewLoaded") { $0.isViewLoaded }
        .action("present") { controller, call in
            let presented = try call.object(2, ViewController.self, expected: "ViewController")
            let (animated, completion) = try animatedAndCompletion(call, from: 3)
            try present(presented, from: controller, animated: animated, completion: completion, call)
        }
        .action("dismiss") { controller, call in
            let (animated, completion) = try animatedAndCompletion(call, from: 2)
            if let target = controller.presentedViewController ?? (controller.presentingViewController != nil ? controller : nil) {
                resolveWeakDelegate(of: target, call)
            }
            controller.dismiss(animated: animated, completion: completion)
        }
        .overridable(lifecycleDeclaration, swift: ["loadView": { try $0.loadView(); return nil }])
        .description { $0.debugName }

    /// The seed's DimmingTransitioningDelegate members, which the dimming base classes take as values or methods. Lua
    /// sees an `EdgePresentViewController` (made by Lua or by Swift, of a named subclass or not) as its edge's class.
    static let dimmingClass: LuaClass<DimmingPresentViewController> = {
        let c = LuaClass<DimmingPresentViewController>("DimmingPresentViewController", base: luaClass)
            .readonly("dimmingTransitioning") { $0.dimmingTransitioning }
            // A member reads as the transition's answer, as on the transitioning (`DimmingBinding.pushAnswer`), and
            // giving one to the controller replaces the transitioning's closure: one answer (`forgetClosure`).
            .overridable(DimmingBinding.protocolDeclaration, swift: [
                "presentationAnimationDuration": { try $0.presentationAnimationDuration },
                "dismissalAnimationDuration": { try $0.dismissalAnimationDuration },
                "executePresentationAnimation": { try $0.executePresentationAnimation(); return nil },
                "executeDismissalAnimation": { try $0.executeDismissalAnimation(); return nil },
                "allowTapDimmingViewToDismiss": { try $0.allowTapDimmingViewToDismiss },
                "dimmingViewTapped": { try $0.dimmingViewTapped(); return nil },
            ], answer: { controller, member, call in
                try DimmingBinding.pushAnswer(member, of: controller.dimmingTransitioning, call)
            }, didSet: { controller, member, call in
                DimmingBinding.forgetClosure(member, of: controller.dimmingTransitioning, call)
            })
        c.classOfObject = { object in (object as? EdgePresentViewController).map { dimmingTable($0.edge).luaClass } }
        return c
    }()

    /// `scrim.present(vc [, animated [, completion]])`: from the topmost presented controller.
    static let presentFromTop = HostFunction("present") { call in
        let presented = try call.object(1, ViewController.self, expected: "ViewController")
        let (animated, completion) = try animatedAndCompletion(call, from: 2)
        try present(presented, from: call.runtime.core.topmostViewController, animated: animated, completion: completion, call)
        return 0
    }

    static func present(_ presented: ViewController, from presenter: ViewController, animated: Bool,
                        completion: (() throws -> Void)?, _ call: LuaCall) throws {
        resolveWeakDelegate(of: presented, call)
        do {
            try presenter.present(presented, animated: animated, completion: completion)
            // The presenting controller holds it now; so does the presenter's userdata hold its userdata (its fields,
            // its overrides, the animators of its transitions), up to the root controller.
            if presented.presentingViewController != nil {
                call.state.keepingTop { _ in
                    if call.state.pushPeerTable(of: presented, creating: true) { call.state.anchor(presented) }
                }
            }
        } catch let error as PresentationError {
            throw ScriptError(error.message)
        } catch let error as RequiredMemberError {
            throw ScriptError(String(describing: error))
        }
    }

    /// ARC releases a delegate nothing else holds at once, Lua's collector only later: a full collection first makes
    /// the seed's pitfall (a delegate kept nowhere) show every time, whatever the script allocated before.
    static func resolveWeakDelegate(of controller: ViewController, _ call: LuaCall) {
        guard controller.modalPresentationStyle == .custom, controller.transitioningDelegateIsWeaklyHeld else { return }
        call.state.collectGarbage()
    }

    static func animatedAndCompletion(_ call: LuaCall, from index: Int32) throws -> (Bool, (() throws -> Void)?) {
        let animated = call.isNil(index) ? true : try call.boolean(index)
        guard let function = try call.optionalFunction(index + 1) else { return (animated, nil) }
        weak let state = call.state
        return (animated, { try state?.call(function) })
    }

    static func classTable(_ luaClass: LuaClassBase, make: @escaping @Sendable (ScriptOverrides) -> ViewController) -> SwiftClassTable {
        SwiftClassTable(
            luaClass: luaClass,
            make: { call, name in
                let controller = make(ScriptOverrides(runtime: call.runtime, className: name))
                controller.runtime = call.runtime.core
                return controller
            },
            configure: { controller, call, index in
                guard !call.isNil(index) else { return }
                try luaClass.applyFields(controller, from: call, at: index)
            },
            optionNames: Set(luaClass.allFieldSetters().keys))
    }

    static let viewControllerTable = classTable(luaClass) { ScriptViewController($0) }

    /// A dimming base class from its edge: the edge's required member and, where it slides, its distance.
    static func makeDimmingTable(_ edge: PresentEdge) -> SwiftClassTable {
        let luaClass = LuaClass<EdgePresentViewController>(edge.className, base: dimmingClass)
            .overridable(edge.targetMember, edge.animatesView ? .view : .constraint) { try $0.animatedTarget as? LuaPushable }
        if let distance = edge.distanceMember { luaClass.overridable(distance, .length) { try $0.animatedDistance } }
        return classTable(luaClass) { ScriptEdgePresentViewController($0, edge: edge) }
    }

    static let dimmingTables = Dictionary(uniqueKeysWithValues: PresentEdge.all.map { ($0, makeDimmingTable($0)) })

    /// The table of an edge (one not in `PresentEdge.all` gets a table of its own).
    static func dimmingTable(_ edge: PresentEdge) -> SwiftClassTable { dimmingTables[edge] ?? makeDimmingTable(edge) }
}
