import CLua
import ScrimCore

/// docs/API.md §5–6: view controllers, presentation, the dimming base classes (`scrim.ViewController`,
/// `scrim.BottomPresentViewController`, …) as classes Lua may instantiate (`X{…}`, fields and members as values
/// or functions) or derive from (`scrim.class(name, X)`).
enum ControllerBinding {
    static let luaClass: LuaClass<ViewController> = {
        let c = LuaClass<ViewController>("ViewController")
        c.userValues = 2
        c.fieldOrder = ["name", "modalPresentationStyle", "transitioningDelegate", "view"]
        return c
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
            .method("present") { controller, call in
                let presented = try call.object(2, ViewController.self, expected: "ViewController")
                let (animated, completion) = try animatedAndCompletion(call, from: 3)
                try present(presented, from: controller, animated: animated, completion: completion, call)
                return 0
            }
            .method("dismiss") { controller, call in
                let (animated, completion) = try animatedAndCompletion(call, from: 2)
                controller.dismiss(animated: animated, completion: completion)
                return 0
            }
            .description { $0.debugName }
    }()

    static let dimmingClass = LuaClass<DimmingPresentViewController>("DimmingPresentViewController", base: luaClass)
        .readonly("dimmingTransitioning") { $0.dimmingTransitioning }

    /// The lifecycle members a constructor's options may give as functions (closure style, called with `self`).
    static let lifecycle: Set<String> = ["loadView", "viewDidLoad", "viewWillAppear", "viewDidAppear", "viewWillDisappear", "viewDidDisappear"]
    /// The seed's DimmingTransitioningDelegate members, which the dimming base classes take as values or methods.
    static let dimmingMembers: Set<String> = ["presentationAnimationDuration", "dismissalAnimationDuration",
        "executePresentationAnimation", "executeDismissalAnimation", "allowTapDimmingViewToDismiss", "dimmingViewTapped"]

    /// `scrim.present(vc [, animated [, completion]])`: from the topmost presented controller.
    static let presentFromTop = HostFunction("present") { call in
        let presented = try call.object(1, ViewController.self, expected: "ViewController")
        let (animated, completion) = try animatedAndCompletion(call, from: 2)
        try present(presented, from: call.runtime.core.topmostViewController, animated: animated, completion: completion, call)
        return 0
    }

    static func present(_ presented: ViewController, from presenter: ViewController, animated: Bool,
                        completion: (() throws -> Void)?, _ call: LuaCall) throws {
        do {
            try presenter.present(presented, animated: animated, completion: completion)
        } catch let error as PresentationError {
            throw ScriptError(error.message)
        } catch let error as RequiredMemberError {
            throw ScriptError(String(describing: error))
        }
    }

    /// `[animated=true [, completion]]` starting at argument `index`.
    static func animatedAndCompletion(_ call: LuaCall, from index: Int32) throws -> (Bool, (() throws -> Void)?) {
        let animated = call.isNil(index) ? true : try call.boolean(index)
        guard let function = try call.optionalFunction(index + 1) else { return (animated, nil) }
        weak let state = call.state
        return (animated, { try state?.call(function) })
    }

    /// The table for a controller class: `kind` makes the scriptable Swift object; `members` are what options may give.
    static func classTable(_ luaClass: LuaClassBase, members: Set<String>,
                           make: @escaping (ControllerScript) -> ViewController) -> SwiftClassTable {
        SwiftClassTable(
            luaClass: luaClass,
            make: { call, name in
                let controller = make(ControllerScript(runtime: call.runtime, className: name))
                controller.runtime = call.runtime.core
                return controller
            },
            configure: { controller, call, index in
                guard !call.isNil(index) else { return }
                try luaClass.applyFields(controller, from: call, at: index, ownFields: members)
            },
            baseImplementations: baseImplementations(members))
    }

    /// What `self.super` reaches: the Swift implementations of the members Lua may override.
    static func baseImplementations(_ members: Set<String>) -> [String: HostFunction] {
        var table: [String: HostFunction] = [:]
        for member in members {
            table[member] = HostFunction(member, kind: .method) { call in
                let controller = try call.object(1, ViewController.self, expected: "ViewController")
                switch member {
                case "loadView": try (controller as? ScriptedController)?.superLoadView()
                case "executePresentationAnimation": try (controller as? ScriptedDimmingController)?.superExecutePresentationAnimation()
                case "executeDismissalAnimation": try (controller as? ScriptedDimmingController)?.superExecuteDismissalAnimation()
                default: break // UIKit's implementations of the other members do nothing
                }
                return 0
            }
        }
        return table
    }

    static let viewControllerTable = classTable(luaClass, members: lifecycle) { ScriptViewController($0, name: nil) }
    static let bottomTable = classTable(LuaClass<BottomPresentViewController>("BottomPresentViewController", base: dimmingClass),
                                        members: lifecycle.union(dimmingMembers).union(["animatedBottomConstraint", "animatedHeight"])) {
        ScriptBottomPresentViewController($0, name: nil)
    }
    static let topTable = classTable(LuaClass<TopPresentViewController>("TopPresentViewController", base: dimmingClass),
                                     members: lifecycle.union(dimmingMembers).union(["animatedTopConstraint", "animatedHeight"])) {
        ScriptTopPresentViewController($0, name: nil)
    }
    static let rightTable = classTable(LuaClass<RightPresentViewController>("RightPresentViewController", base: dimmingClass),
                                       members: lifecycle.union(dimmingMembers).union(["animatedTrailingConstraint", "animatedWidth"])) {
        ScriptRightPresentViewController($0, name: nil)
    }
    static let centerTable = classTable(LuaClass<CenterPresentViewController>("CenterPresentViewController", base: dimmingClass),
                                        members: lifecycle.union(dimmingMembers).union(["animatedContentView"])) {
        ScriptCenterPresentViewController($0, name: nil)
    }
}

/// The scriptable controllers' way back to the Swift implementations (`self.super:loadView()`).
protocol ScriptedController: ViewController {
    func superLoadView() throws
}

protocol ScriptedDimmingController: ScriptedController {
    func superExecutePresentationAnimation() throws
    func superExecuteDismissalAnimation() throws
}

extension ViewController: LuaPushable {
    public func push(_ state: LuaState) { state.push(any: self) }
}

extension PresentationController: LuaPushable {
    public func push(_ state: LuaState) { state.push(any: self) }
}

extension DimmingTransitioning: LuaPushable {
    public func push(_ state: LuaState) { state.push(any: self) }
}
