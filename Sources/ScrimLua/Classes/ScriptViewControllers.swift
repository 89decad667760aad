import ScrimCore

// The controllers Lua creates: `scrim.ViewController{…}`, the dimming base classes, and every `scrim.class`
// derived from them. Each open member of UIKit's lifecycle (all of them through `lifecycle`) and of the seed's
// DimmingTransitioningDelegate asks Lua first (see ControllerScript); members may be given as methods or as values.

final class ScriptViewController: ViewController, ScriptedController {
    let script: ControllerScript
    init(_ script: ControllerScript, name: String?) {
        self.script = script
        super.init(name: name)
    }
    override var className: String { script.className }
    override func lifecycle(_ callback: LifecycleCallback, perform: () throws -> Void) throws {
        try script.lifecycle(self, callback, perform: perform)
    }
}

/// Every dimming base class's scriptable controller, once: what differs between them is the edge's (its member names
/// and animation); Lua sees each object as its edge's class (`ControllerBinding.dimmingClass`).
final class ScriptEdgePresentViewController: EdgePresentViewController, ScriptedDimmingController {
    let script: ControllerScript
    init(_ script: ControllerScript, edge: PresentEdge) {
        self.script = script
        super.init(edge: edge, name: nil)
    }
    override var className: String { script.className }
    override func lifecycle(_ callback: LifecycleCallback, perform: () throws -> Void) throws {
        try script.lifecycle(self, callback, perform: perform)
    }
    override var presentationAnimationDuration: Seconds { get throws { try script.number(self, "presentationAnimationDuration") { try super.presentationAnimationDuration } } }
    override var dismissalAnimationDuration: Seconds { get throws { try script.number(self, "dismissalAnimationDuration") { try super.dismissalAnimationDuration } } }
    override func executePresentationAnimation() throws { try script.run(self, "executePresentationAnimation") { try super.executePresentationAnimation() } }
    override func executeDismissalAnimation() throws { try script.run(self, "executeDismissalAnimation") { try super.executeDismissalAnimation() } }
    override var allowTapDimmingViewToDismiss: Bool { get throws { try script.boolean(self, "allowTapDimmingViewToDismiss") { try super.allowTapDimmingViewToDismiss } } }
    override func dimmingViewTapped() throws { try script.run(self, "dimmingViewTapped") { try super.dimmingViewTapped() } }
    override var animatedTarget: AnyObject? {
        get throws {
            if edge.animatesView {
                return try script.object(self, edge.targetMember, View.self, expected: "View") { try super.animatedTarget as? View }
            }
            return try script.object(self, edge.targetMember, LayoutConstraint.self, expected: "Constraint") {
                try super.animatedTarget as? LayoutConstraint
            }
        }
    }
    override var animatedDistance: Double {
        get throws {
            guard let member = edge.distanceMember else { return try super.animatedDistance }
            return try script.number(self, member) { try super.animatedDistance }
        }
    }
    func superExecutePresentationAnimation() throws { try super.executePresentationAnimation() }
    func superExecuteDismissalAnimation() throws { try super.executeDismissalAnimation() }
    func baseValue(of member: String) throws -> LuaPushable? {
        switch member {
        case "presentationAnimationDuration": return try super.presentationAnimationDuration
        case "dismissalAnimationDuration": return try super.dismissalAnimationDuration
        case "allowTapDimmingViewToDismiss": return try super.allowTapDimmingViewToDismiss
        case edge.targetMember: return try super.animatedTarget as? LuaPushable
        case edge.distanceMember: return try super.animatedDistance
        default: return nil
        }
    }
}
