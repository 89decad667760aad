/// Who holds an object strongly in the model: a view its subviews and its gesture recognizers, a controller its root
/// view and the controller it presents, a dimming controller its transitioning. A scripting bridge whose collector cannot see Swift references mirrors these
/// edges where it can (ScrimLua keeps each owned object's userdata in its owner's), so that a cycle through a script
/// — a tap closure that captures its own view — stays collectable; it is told here when an object changes owner.
public protocol OwnershipObserver: AnyObject {
    /// `object` left `old` (nil: it had no owner); its new owner is `object.owner`.
    func ownerDidChange(_ object: Owned, from old: AnyObject?)
    /// Keeps what `objects` keep from the script while the returned token lives: for as long as the runtime will still
    /// call into them although their owner may let them go first — the recognizers a tap goes to (one may take the
    /// others' view away), a controller from the end of its transition until its last callback (a dismissal unlinks
    /// it before `viewDidDisappear`).
    func hold(_ objects: [Owned]) -> AnyObject?
}

/// An object whose owner a bridge may follow.
public protocol Owned: AnyObject {
    /// What holds it strongly now (nil: nothing in the model does, or the runtime itself).
    var owner: AnyObject? { get }
    /// Told when `owner` changes; set by a bridge on the objects it mirrors.
    var ownershipObserver: OwnershipObserver? { get set }
}

extension View: Owned {
    /// The superview, or the controller or popup whose root view it is.
    public var owner: AnyObject? { superview ?? rootOwner }
}

extension GestureRecognizer: Owned {
    /// The view it is attached to.
    public var owner: AnyObject? { view }
}

extension DimmingTransitioning: Owned {
    /// The controller that keeps it, if any.
    public var owner: AnyObject? { holder }
}

extension ViewController: Owned {
    /// The controller presenting it (which holds it as `presentedViewController`).
    public var owner: AnyObject? { presentingViewController }
}
