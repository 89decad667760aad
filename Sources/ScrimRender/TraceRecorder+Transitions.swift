import ScrimCore

extension TraceRecorder {
    /// Records `runtime`'s transition phases as spans on the virtual timeline's "transitions" track: a modal
    /// presentation from `transition.willPresent` to `transition.didPresent`, a dismissal from `willDismiss` to
    /// `didDismiss`, a popup's show from `popup.willShow` to `didShow` and its cancel from `willCancel` to
    /// `didCancel`. The handlers run after every other (lowest priority), so that a phase a handler cancelled is
    /// recorded as an instant, not begun; a phase that never ends (a transition left in flight) ends unfinished.
    public func observeTransitions(of runtime: Runtime) {
        let clock = runtime.clock
        if virtualNow == nil { virtualNow = { [weak clock] in clock?.now ?? 0 } }
        var open: [PhaseKey: TraceSpan] = [:]
        func observe(_ begin: String, _ end: String, _ verb: String, ending earlier: String? = nil,
                     name: @escaping (AnyObject) -> String) {
            hooks.append(runtime.hooks.on(begin, priority: .min, group: "scrim.trace") { [weak self, weak clock] event in
                guard let self, let clock, let target = event.target else { return }
                let key = PhaseKey(target: ObjectIdentifier(target), verb: verb)
                let label = "\(verb) \(name(target))"
                if event.isCancelled {
                    self.recordInstant(name: label + " (cancelled)", category: "transition", at: clock.now,
                                       track: "transitions")
                    return
                }
                // A cancel that starts while the popup is still coming up ends that show unfinished (likewise a
                // dismissal during the presentation, and a phase begun again before it ended).
                for stale in [earlier.map { PhaseKey(target: key.target, verb: $0) }, key].compactMap({ $0 }) {
                    if let span = open.removeValue(forKey: stale) {
                        self.endSpan(span, at: clock.now, args: ["finished": .bool(false)])
                    }
                }
                open[key] = self.beginSpan(name: label, category: "transition", start: clock.now,
                                           args: ["event": .string(begin)], track: "transitions")
            })
            hooks.append(runtime.hooks.on(end, priority: .min, group: "scrim.trace") { [weak self, weak clock] event in
                guard let self, let clock, let target = event.target,
                      let span = open.removeValue(forKey: PhaseKey(target: ObjectIdentifier(target), verb: verb))
                else { return }
                self.endSpan(span, at: clock.now, args: ["finished": .bool(true)])
            })
        }
        func controllerName(_ target: AnyObject) -> String {
            (target as? ViewController)?.debugName ?? String(describing: type(of: target))
        }
        func popupName(_ target: AnyObject) -> String {
            (target as? PopupWindow)?.displayName ?? String(describing: type(of: target))
        }
        observe("transition.willPresent", "transition.didPresent", "present", name: controllerName)
        observe("transition.willDismiss", "transition.didDismiss", "dismiss", ending: "present", name: controllerName)
        observe("popup.willShow", "popup.didShow", "show", ending: "cancel", name: popupName)
        observe("popup.willCancel", "popup.didCancel", "cancel", ending: "show", name: popupName)
    }
}

private struct PhaseKey: Hashable {
    let target: ObjectIdentifier
    let verb: String
}
