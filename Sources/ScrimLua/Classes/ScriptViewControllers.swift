import ScrimCore

// The controllers Lua creates: `scrim.ViewController{…}`, the dimming base classes, and every `scrim.class`
// derived from them. Each open member of UIKit's lifecycle and of the seed's DimmingTransitioningDelegate asks
// Lua first (see ControllerScript); members may be given as methods or as values.

final class ScriptViewController: ViewController, ScriptedController {
    let script: ControllerScript
    init(_ script: ControllerScript, name: String?) {
        self.script = script
        super.init(name: name)
    }
    override var className: String { script.className }
    override func loadView() throws { try script.run(self, "loadView") { try super.loadView() } }
    override func viewDidLoad() throws { try script.run(self, "viewDidLoad") { try super.viewDidLoad() } }
    override func viewWillAppear(_ animated: Bool) throws { try script.run(self, "viewWillAppear", [animated]) { try super.viewWillAppear(animated) } }
    override func viewDidAppear(_ animated: Bool) throws { try script.run(self, "viewDidAppear", [animated]) { try super.viewDidAppear(animated) } }
    override func viewWillDisappear(_ animated: Bool) throws { try script.run(self, "viewWillDisappear", [animated]) { try super.viewWillDisappear(animated) } }
    override func viewDidDisappear(_ animated: Bool) throws { try script.run(self, "viewDidDisappear", [animated]) { try super.viewDidDisappear(animated) } }
    func superLoadView() throws { try super.loadView() }
}

final class ScriptBottomPresentViewController: BottomPresentViewController, ScriptedDimmingController {
    let script: ControllerScript
    init(_ script: ControllerScript, name: String?) {
        self.script = script
        super.init(name: name)
    }
    override var className: String { script.className }
    override func loadView() throws { try script.run(self, "loadView") { try super.loadView() } }
    override func viewDidLoad() throws { try script.run(self, "viewDidLoad") { try super.viewDidLoad() } }
    override func viewWillAppear(_ animated: Bool) throws { try script.run(self, "viewWillAppear", [animated]) { try super.viewWillAppear(animated) } }
    override func viewDidAppear(_ animated: Bool) throws { try script.run(self, "viewDidAppear", [animated]) { try super.viewDidAppear(animated) } }
    override func viewWillDisappear(_ animated: Bool) throws { try script.run(self, "viewWillDisappear", [animated]) { try super.viewWillDisappear(animated) } }
    override func viewDidDisappear(_ animated: Bool) throws { try script.run(self, "viewDidDisappear", [animated]) { try super.viewDidDisappear(animated) } }
    func superLoadView() throws { try super.loadView() }
    override var presentationAnimationDuration: Seconds { get throws { try script.number(self, "presentationAnimationDuration") { try super.presentationAnimationDuration } } }
    override var dismissalAnimationDuration: Seconds { get throws { try script.number(self, "dismissalAnimationDuration") { try super.dismissalAnimationDuration } } }
    override func executePresentationAnimation() throws { try script.run(self, "executePresentationAnimation") { try super.executePresentationAnimation() } }
    override func executeDismissalAnimation() throws { try script.run(self, "executeDismissalAnimation") { try super.executeDismissalAnimation() } }
    override var allowTapDimmingViewToDismiss: Bool { get throws { try script.boolean(self, "allowTapDimmingViewToDismiss") { try super.allowTapDimmingViewToDismiss } } }
    override func dimmingViewTapped() throws { try script.run(self, "dimmingViewTapped") { try super.dimmingViewTapped() } }
    override var animatedBottomConstraint: LayoutConstraint? { get throws { try script.object(self, "animatedBottomConstraint", LayoutConstraint.self, expected: "Constraint") { try super.animatedBottomConstraint } } }
    override var animatedHeight: Double { get throws { try script.number(self, "animatedHeight") { try super.animatedHeight } } }
    func superExecutePresentationAnimation() throws { try super.executePresentationAnimation() }
    func superExecuteDismissalAnimation() throws { try super.executeDismissalAnimation() }
    func baseValue(of member: String) throws -> LuaPushable? {
        switch member {
        case "presentationAnimationDuration": return try super.presentationAnimationDuration
        case "dismissalAnimationDuration": return try super.dismissalAnimationDuration
        case "allowTapDimmingViewToDismiss": return try super.allowTapDimmingViewToDismiss
        case "animatedBottomConstraint": return try super.animatedBottomConstraint
        case "animatedHeight": return try super.animatedHeight
        default: return nil
        }
    }
}

final class ScriptTopPresentViewController: TopPresentViewController, ScriptedDimmingController {
    let script: ControllerScript
    init(_ script: ControllerScript, name: String?) {
        self.script = script
        super.init(name: name)
    }
    override var className: String { script.className }
    override func loadView() throws { try script.run(self, "loadView") { try super.loadView() } }
    override func viewDidLoad() throws { try script.run(self, "viewDidLoad") { try super.viewDidLoad() } }
    override func viewWillAppear(_ animated: Bool) throws { try script.run(self, "viewWillAppear", [animated]) { try super.viewWillAppear(animated) } }
    override func viewDidAppear(_ animated: Bool) throws { try script.run(self, "viewDidAppear", [animated]) { try super.viewDidAppear(animated) } }
    override func viewWillDisappear(_ animated: Bool) throws { try script.run(self, "viewWillDisappear", [animated]) { try super.viewWillDisappear(animated) } }
    override func viewDidDisappear(_ animated: Bool) throws { try script.run(self, "viewDidDisappear", [animated]) { try super.viewDidDisappear(animated) } }
    func superLoadView() throws { try super.loadView() }
    override var presentationAnimationDuration: Seconds { get throws { try script.number(self, "presentationAnimationDuration") { try super.presentationAnimationDuration } } }
    override var dismissalAnimationDuration: Seconds { get throws { try script.number(self, "dismissalAnimationDuration") { try super.dismissalAnimationDuration } } }
    override func executePresentationAnimation() throws { try script.run(self, "executePresentationAnimation") { try super.executePresentationAnimation() } }
    override func executeDismissalAnimation() throws { try script.run(self, "executeDismissalAnimation") { try super.executeDismissalAnimation() } }
    override var allowTapDimmingViewToDismiss: Bool { get throws { try script.boolean(self, "allowTapDimmingViewToDismiss") { try super.allowTapDimmingViewToDismiss } } }
    override func dimmingViewTapped() throws { try script.run(self, "dimmingViewTapped") { try super.dimmingViewTapped() } }
    override var animatedTopConstraint: LayoutConstraint? { get throws { try script.object(self, "animatedTopConstraint", LayoutConstraint.self, expected: "Constraint") { try super.animatedTopConstraint } } }
    override var animatedHeight: Double { get throws { try script.number(self, "animatedHeight") { try super.animatedHeight } } }
    func superExecutePresentationAnimation() throws { try super.executePresentationAnimation() }
    func superExecuteDismissalAnimation() throws { try super.executeDismissalAnimation() }
    func baseValue(of member: String) throws -> LuaPushable? {
        switch member {
        case "presentationAnimationDuration": return try super.presentationAnimationDuration
        case "dismissalAnimationDuration": return try super.dismissalAnimationDuration
        case "allowTapDimmingViewToDismiss": return try super.allowTapDimmingViewToDismiss
        case "animatedTopConstraint": return try super.animatedTopConstraint
        case "animatedHeight": return try super.animatedHeight
        default: return nil
        }
    }
}

final class ScriptRightPresentViewController: RightPresentViewController, ScriptedDimmingController {
    let script: ControllerScript
    init(_ script: ControllerScript, name: String?) {
        self.script = script
        super.init(name: name)
    }
    override var className: String { script.className }
    override func loadView() throws { try script.run(self, "loadView") { try super.loadView() } }
    override func viewDidLoad() throws { try script.run(self, "viewDidLoad") { try super.viewDidLoad() } }
    override func viewWillAppear(_ animated: Bool) throws { try script.run(self, "viewWillAppear", [animated]) { try super.viewWillAppear(animated) } }
    override func viewDidAppear(_ animated: Bool) throws { try script.run(self, "viewDidAppear", [animated]) { try super.viewDidAppear(animated) } }
    override func viewWillDisappear(_ animated: Bool) throws { try script.run(self, "viewWillDisappear", [animated]) { try super.viewWillDisappear(animated) } }
    override func viewDidDisappear(_ animated: Bool) throws { try script.run(self, "viewDidDisappear", [animated]) { try super.viewDidDisappear(animated) } }
    func superLoadView() throws { try super.loadView() }
    override var presentationAnimationDuration: Seconds { get throws { try script.number(self, "presentationAnimationDuration") { try super.presentationAnimationDuration } } }
    override var dismissalAnimationDuration: Seconds { get throws { try script.number(self, "dismissalAnimationDuration") { try super.dismissalAnimationDuration } } }
    override func executePresentationAnimation() throws { try script.run(self, "executePresentationAnimation") { try super.executePresentationAnimation() } }
    override func executeDismissalAnimation() throws { try script.run(self, "executeDismissalAnimation") { try super.executeDismissalAnimation() } }
    override var allowTapDimmingViewToDismiss: Bool { get throws { try script.boolean(self, "allowTapDimmingViewToDismiss") { try super.allowTapDimmingViewToDismiss } } }
    override func dimmingViewTapped() throws { try script.run(self, "dimmingViewTapped") { try super.dimmingViewTapped() } }
    override var animatedTrailingConstraint: LayoutConstraint? { get throws { try script.object(self, "animatedTrailingConstraint", LayoutConstraint.self, expected: "Constraint") { try super.animatedTrailingConstraint } } }
    override var animatedWidth: Double { get throws { try script.number(self, "animatedWidth") { try super.animatedWidth } } }
    func superExecutePresentationAnimation() throws { try super.executePresentationAnimation() }
    func superExecuteDismissalAnimation() throws { try super.executeDismissalAnimation() }
    func baseValue(of member: String) throws -> LuaPushable? {
        switch member {
        case "presentationAnimationDuration": return try super.presentationAnimationDuration
        case "dismissalAnimationDuration": return try super.dismissalAnimationDuration
        case "allowTapDimmingViewToDismiss": return try super.allowTapDimmingViewToDismiss
        case "animatedTrailingConstraint": return try super.animatedTrailingConstraint
        case "animatedWidth": return try super.animatedWidth
        default: return nil
        }
    }
}

final class ScriptCenterPresentViewController: CenterPresentViewController, ScriptedDimmingController {
    let script: ControllerScript
    init(_ script: ControllerScript, name: String?) {
        self.script = script
        super.init(name: name)
    }
    override var className: String { script.className }
    override func loadView() throws { try script.run(self, "loadView") { try super.loadView() } }
    override func viewDidLoad() throws { try script.run(self, "viewDidLoad") { try super.viewDidLoad() } }
    override func viewWillAppear(_ animated: Bool) throws { try script.run(self, "viewWillAppear", [animated]) { try super.viewWillAppear(animated) } }
    override func viewDidAppear(_ animated: Bool) throws { try script.run(self, "viewDidAppear", [animated]) { try super.viewDidAppear(animated) } }
    override func viewWillDisappear(_ animated: Bool) throws { try script.run(self, "viewWillDisappear", [animated]) { try super.viewWillDisappear(animated) } }
    override func viewDidDisappear(_ animated: Bool) throws { try script.run(self, "viewDidDisappear", [animated]) { try super.viewDidDisappear(animated) } }
    func superLoadView() throws { try super.loadView() }
    override var presentationAnimationDuration: Seconds { get throws { try script.number(self, "presentationAnimationDuration") { try super.presentationAnimationDuration } } }
    override var dismissalAnimationDuration: Seconds { get throws { try script.number(self, "dismissalAnimationDuration") { try super.dismissalAnimationDuration } } }
    override func executePresentationAnimation() throws { try script.run(self, "executePresentationAnimation") { try super.executePresentationAnimation() } }
    override func executeDismissalAnimation() throws { try script.run(self, "executeDismissalAnimation") { try super.executeDismissalAnimation() } }
    override var allowTapDimmingViewToDismiss: Bool { get throws { try script.boolean(self, "allowTapDimmingViewToDismiss") { try super.allowTapDimmingViewToDismiss } } }
    override func dimmingViewTapped() throws { try script.run(self, "dimmingViewTapped") { try super.dimmingViewTapped() } }
    override var animatedContentView: View? { get throws { try script.object(self, "animatedContentView", View.self, expected: "View") { try super.animatedContentView } } }
    func superExecutePresentationAnimation() throws { try super.executePresentationAnimation() }
    func superExecuteDismissalAnimation() throws { try super.executeDismissalAnimation() }
    func baseValue(of member: String) throws -> LuaPushable? {
        switch member {
        case "presentationAnimationDuration": return try super.presentationAnimationDuration
        case "dismissalAnimationDuration": return try super.dismissalAnimationDuration
        case "allowTapDimmingViewToDismiss": return try super.allowTapDimmingViewToDismiss
        case "animatedContentView": return try super.animatedContentView
        default: return nil
        }
    }
}
