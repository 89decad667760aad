/// Why a tap reached no recognizer, in words a failing test can show: `scrim.tap` returns it beside its nil, so
/// `assert.equal(cell, scrim.tap(cell))` fails saying the cell was still sliding in, not only that nil came back.
///
/// It walks the model geometry as hit-testing does but without skipping anything, and names the outermost view on
/// the way that hit-testing skipped (hidden, interaction off, transparent, animated without `allowUserInteraction`);
/// failing that, the view that was hit and what its chain of recognizers lacks. Delegates are not asked again: the
/// tap already asked them, and asking twice could run a script's code twice.
enum TapDiagnosis {
    static func reason(_ root: View, at point: Point) -> String {
        let place = "the tap at (\(NumberFormat.short(point.x)), \(NumberFormat.short(point.y)))"
        guard root.point(inside: point) else { return "\(place) is outside \(root.displayName)" }
        var view = root
        var local = point
        while true {
            if let problem = skipReason(view) { return "\(place) is ignored: \(view.displayName) \(problem)" }
            // Front to back, as hit-testing tries subviews.
            let passthrough = (view as? TransitionContainerView)?.passthroughView
            guard let next = view.subviews.reversed().first(where: { candidate in
                let inner = Point(x: local.x - candidate.storedFrame.x, y: local.y - candidate.storedFrame.y)
                guard candidate.point(inside: inner) else { return false }
                // A presented view that lets touches through is passed over where none of its subviews is hit.
                return candidate !== passthrough || candidate.subviews.contains {
                    $0.point(inside: Point(x: inner.x - $0.storedFrame.x, y: inner.y - $0.storedFrame.y))
                }
            }) else { break }
            local = Point(x: local.x - next.storedFrame.x, y: local.y - next.storedFrame.y)
            view = next
        }
        var recognizers: [GestureRecognizer] = []
        var current: View? = view
        while let candidate = current {
            recognizers += candidate.gestureRecognizers.filter { $0 is TapGestureRecognizer }
            current = candidate === root ? nil : candidate.superview
        }
        if recognizers.isEmpty {
            return "\(place) reached \(view.displayName), and neither it nor a view it is in has a tap recognizer"
        }
        if recognizers.allSatisfy({ !$0.isEnabled }) {
            return "\(place) reached \(view.displayName), whose tap recognizers (and those of the views it is in) are disabled"
        }
        return "\(place) reached \(view.displayName); no tap recognizer on it or the views it is in accepted it "
            + "(disabled, or its delegate's shouldReceiveTouch said no)"
    }

    /// Why hit-testing skips `view` and everything in it, or nil if it does not.
    private static func skipReason(_ view: View) -> String? {
        if view.isHidden { return "is hidden" }
        if !view.isUserInteractionEnabled { return "has userInteractionEnabled = false" }
        if view.storedAlpha < 0.01 { return "is transparent (alpha \(NumberFormat.short(view.storedAlpha)) < 0.01)" }
        let blocking = view.runningAnimations.filter { !$0.options.contains(.allowUserInteraction) }
        guard let last = blocking.map(\.endTime).max() else { return nil }
        return "is animating until \(NumberFormat.short(last)) s (taps skip views animated without allowUserInteraction)"
    }
}
