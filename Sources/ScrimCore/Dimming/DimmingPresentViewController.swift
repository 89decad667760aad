/// What the seed's base classes share (`BottomPresentViewController` and its siblings): a controller that is its own
/// `DimmingTransitioningDelegate`, keeps its `DimmingTransitioning` strongly (the controller holds its
/// `transitioningDelegate` only weakly) and presents with `.custom`. Subclasses implement the two animations.
open class DimmingPresentViewController: ViewController, DimmingTransitioningDelegate {
    /// The transitioning delegate, kept here because `transitioningDelegate` is weak (the seed's pitfall).
    public let dimmingTransitioning = DimmingTransitioning()

    public override init(name: String? = nil) {
        super.init(name: name)
        dimmingTransitioning.delegate = self
        dimmingTransitioning.holder = self
        transitioningDelegate = dimmingTransitioning
        modalPresentationStyle = .custom
    }

    // MARK: DimmingTransitioningDelegate (override any)

    open var presentationAnimationDuration: Seconds {
        get throws { DimmingTransitioning.defaultDuration }
    }

    open var dismissalAnimationDuration: Seconds {
        get throws { DimmingTransitioning.defaultDuration }
    }

    open func executePresentationAnimation() throws {}

    open func executeDismissalAnimation() throws {}

    open var allowTapDimmingViewToDismiss: Bool {
        get throws { true }
    }

    open func dimmingViewTapped() throws {}

    // MARK: For subclasses

    /// Animates `changes` over `duration` on the controller's runtime (at once without one).
    public func animate(duration: Seconds, _ changes: () throws -> Void) throws {
        if let runtime {
            try runtime.animate(duration: duration, animations: changes)
        } else {
            try changes()
        }
    }

    /// `value`, or a `RequiredMemberError` naming this class (and `base`, the seed's class that asks for it).
    func required<T>(_ value: T?, member: String, base: String, hint: String) throws -> T {
        if let value { return value }
        let owner = className == base ? base : "\(className) (a \(base))"
        throw RequiredMemberError(owner: owner, member: member, hint: hint)
    }

    /// The seed's animation of an edge constraint: from `-distance` (off screen) to 0 when presenting, back when
    /// dismissing, with `layoutIfNeeded()` inside the animation block.
    func slide(_ constraint: LayoutConstraint, distance: Double, presenting: Bool) throws {
        if presenting {
            constraint.constant = -distance
            view.layoutIfNeeded()
            try animate(duration: try dimmingTransitioning.animationDuration(presenting: true)) {
                constraint.constant = 0
                self.view.layoutIfNeeded()
            }
        } else {
            try animate(duration: try dimmingTransitioning.animationDuration(presenting: false)) {
                constraint.constant = -distance
                self.view.layoutIfNeeded()
            }
        }
    }
}
