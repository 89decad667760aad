/// How a tap travels: hit-test the model geometry, then hand it to the nearest recognizers that accept it.
enum TapDelivery {
    /// Taps `root` at `point` (in `root`'s coordinates) and returns the view whose recognizers handled it.
    ///
    /// As in UIKit, every tap recognizer on the hit view and its ancestors is asked first (hit view outwards, each
    /// view's recognizers in the order added): enabled and allowed by its delegate. The tap then goes to all accepting
    /// recognizers of the nearest such view, in order. A recognizer that throws is reported and the rest still run.
    static func tap(_ root: View, at point: Point, report: (Error, String) -> Void) -> View? {
        guard let hit = root.hitTest(point) else { return nil }
        var handler: View?
        var accepting: [GestureRecognizer] = []
        var current: View? = hit
        while let view = current {
            for recognizer in view.gestureRecognizers where recognizer is TapGestureRecognizer {
                let local = view.convert(point, from: root)
                if recognizer.shouldReceiveTouch(at: local, report: report), handler == nil || handler === view {
                    handler = view
                    accepting.append(recognizer)
                }
            }
            if view === root { break }
            current = view.superview
        }
        // Every accepting recognizer runs, as in UIKit, even when one takes their view out of the window.
        let held = accepting.lazy.compactMap(\.ownershipObserver).first?.hold(accepting)
        defer { withExtendedLifetime(held) {} }
        for recognizer in accepting {
            do {
                try recognizer.perform()
            } catch {
                report(error, "tap action on \(handler?.displayName ?? "a view")")
            }
        }
        return handler
    }
}
