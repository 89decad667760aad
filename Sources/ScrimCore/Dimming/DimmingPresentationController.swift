/// The presentation controller of a dimming transition (the seed's `DimmingPresentationController`): puts a
/// semi-transparent black view named `dimmingView` over the whole container, below the presented view, fades it in
/// alongside the presentation and out alongside the dismissal, and handles taps on it.
///
/// The presented view lets touches through where none of its subviews is hit, so a tap outside the content reaches
/// the dimming view: `dimmingViewTapped` is called, then the `dimming.tapped` event (cancellable; `viewController`,
/// `willDismiss`) is emitted, then, if `allowTapDimmingViewToDismiss` and no handler cancelled, the presenting
/// controller dismisses.
open class DimmingPresentationController: PresentationController {
    /// The dimming view's colour: black at half opacity (its `alpha` is what animates, 0 → 1 → 0).
    public static let dimmingColor = Color.black.withAlpha(0.5)

    /// The dimming view, from the start of the presentation to the end of the dismissal.
    public private(set) var dimmingView: View?

    /// Asked on a tap on the dimming view: whether it dismisses (true if unset).
    public var allowTapDimmingViewToDismiss: (() throws -> Bool)?
    /// Called on every tap on the dimming view.
    public var dimmingViewTapped: (() throws -> Void)?

    open override var presentedViewPassesTouches: Bool { true }

    open override func presentationTransitionWillBegin() throws {
        guard let containerView else { return }
        let dimming = View(name: "dimmingView", frame: containerView.bounds)
        dimming.backgroundColor = DimmingPresentationController.dimmingColor
        dimming.alpha = 0
        dimming.addGestureRecognizer(TapGestureRecognizer { [weak self] _ in self?.dimmingViewWasTapped() })
        try containerView.insertSubview(dimming, at: 0)
        dimmingView = dimming
        animateAlongsideTransition { dimming.alpha = 1 }
    }

    open override func presentationTransitionDidEnd(_ completed: Bool) throws {
        if !completed {
            dimmingView?.removeFromSuperview()
            dimmingView = nil
        }
    }

    open override func dismissalTransitionWillBegin() throws {
        guard let dimming = dimmingView else { return }
        animateAlongsideTransition { dimming.alpha = 0 }
    }

    open override func dismissalTransitionDidEnd(_ completed: Bool) throws {
        if completed {
            dimmingView?.removeFromSuperview()
            dimmingView = nil
        }
    }

    /// What a tap on the dimming view does (see the type's description).
    public func dimmingViewWasTapped() {
        guard let presented = presentedViewController else { return }
        presented.calling("dimmingViewTapped") { try dimmingViewTapped?() }
        var allow = true
        presented.calling("allowTapDimmingViewToDismiss") { allow = try allowTapDimmingViewToDismiss?() ?? true }
        let proceed = presented.runtime?.hooks.emit(
            "dimming.tapped", target: presented,
            fields: ["viewController": .object(presented), "willDismiss": .bool(allow)], cancellable: true) ?? true
        // A dismissal that `dimmingViewTapped` or a handler already asked for is the one under way: no second request.
        guard allow && proceed, !presented.isBeingDismissed, presented.presentingViewController != nil,
              let presenting = presentingViewController else { return }
        presenting.dismiss(animated: true)
    }
}
