import ScrimCore

// The controllers Lua creates (`scrim.ViewController{…}`, the dimming base classes, their `scrim.class`es): each open
// member asks Lua first (ScriptOverrides); what `self.super` reaches is declared with the Lua class.

final class ScriptViewController: ViewController, ScriptedObject {
    let overrides: ScriptOverrides
    init(_ overrides: ScriptOverrides) {
        self.overrides = overrides
        super.init(name: nil)
    }
    override var className: String { overrides.className }
    override func lifecycle(_ callback: LifecycleCallback, perform: () throws -> Void) throws {
        try overrides.lifecycle(self, callback, perform: perform)
    }
}

/// Every dimming base class's scriptable controller, once: what differs between them is the edge's (its member names
/// and animation); Lua sees each object as its edge's class (`ControllerBinding.dimmingClass`).
final class ScriptEdgePresentViewController: EdgePresentViewController, ScriptedObject {
    let overrides: ScriptOverrides
    init(_ overrides: ScriptOverrides, edge: PresentEdge) {
        self.overrides = overrides
        super.init(edge: edge, name: nil)
    }
    override var className: String { overrides.className }
    override func lifecycle(_ callback: LifecycleCallback, perform: () throws -> Void) throws {
        try overrides.lifecycle(self, callback, perform: perform)
    }
    override var presentationAnimationDuration: Seconds { get throws { try overrides.number(self, "presentationAnimationDuration") { try super.presentationAnimationDuration } } }
    override var dismissalAnimationDuration: Seconds { get throws { try overrides.number(self, "dismissalAnimationDuration") { try super.dismissalAnimationDuration } } }
    override func executePresentationAnimation() throws { try overrides.run(self, "executePresentationAnimation") { try super.executePresentationAnimation() } }
    override func executeDismissalAnimation() throws { try overrides.run(self, "executeDismissalAnimation") { try super.executeDismissalAnimation() } }
    override var allowTapDimmingViewToDismiss: Bool { get throws { try overrides.boolean(self, "allowTapDimmingViewToDismiss") { try super.allowTapDimmingViewToDismiss } } }
    override func dimmingViewTapped() throws { try overrides.run(self, "dimmingViewTapped") { try super.dimmingViewTapped() } }
    override var animatedTarget: AnyObject? {
        get throws {
            if edge.animatesView {
                return try overrides.object(self, edge.targetMember, View.self, expected: "View") { try super.animatedTarget as? View }
            }
            return try overrides.object(self, edge.targetMember, LayoutConstraint.self, expected: "Constraint") {
                try super.animatedTarget as? LayoutConstraint
            }
        }
    }
    override var animatedDistance: Double {
        get throws {
            guard let member = edge.distanceMember else { return try super.animatedDistance }
            return try overrides.number(self, member) { try super.animatedDistance }
        }
    }
}
