import CLua
import ScrimCore
import ScrimLua

/// What a test leaves in the runtime is taken away before the next test, so that each test starts from the state
/// the file's setup made (as busted runs each test in the state its blocks set up, whatever an earlier test did):
/// the hooks it registered, its pending timers, its running animations, the popups it showed, the controllers it
/// presented and the views it added to the window. What existed when the test began (made by the file's body, a
/// `setup`, an earlier `lazy_setup`) stays. Plugin hooks stay too: a plugin a test loaded stays loaded. Time does
/// not go back.
final class TestIsolation {
    private weak var runtime: Runtime?
    private var mark: Mark?

    /// What the runtime held when a test began; held strongly, so an identity is never reused meanwhile.
    private struct Mark {
        var hooks: [Hook]
        var timers: [ScheduledTask]
        var animations: [Animation]
        var popups: [PopupWindow]
        /// The controllers presented one above the other from the root, root first.
        var presented: [ViewController]
        var windowSubviews: [View]
    }

    init(runtime: Runtime) {
        self.runtime = runtime
    }

    /// Notes what the runtime holds now (before the test's `before_each`).
    func begin() {
        guard let runtime else { return }
        var presented: [ViewController] = []
        var next = runtime.madeRootViewController
        while let controller = next {
            presented.append(controller)
            next = controller.presentedViewController
        }
        mark = Mark(hooks: runtime.hooks.allHooks, timers: runtime.clock.pendingTimers,
                    animations: runtime.animator.runningAnimations, popups: runtime.popups.popups,
                    presented: presented, windowSubviews: runtime.window.subviews)
    }

    /// Takes away what the test added since `begin` (after its `after_each`). Callbacks this runs (a controller's
    /// `viewWillDisappear`, completions with `finished` false) run outside any test: what they report is dropped.
    func end() {
        guard let runtime, let mark else { return }
        self.mark = nil
        let hooks = identities(mark.hooks)
        for hook in runtime.hooks.allHooks where !hooks.contains(ObjectIdentifier(hook)) {
            if hook.group?.hasPrefix("plugin:") != true { hook.remove() }
        }
        let popups = identities(mark.popups)
        for popup in runtime.popups.popups where !popups.contains(ObjectIdentifier(popup)) { popup.removeAtOnce() }
        cancelNewAnimations(runtime, mark)
        // The first controller up the chain that the test presented goes, with everything above it.
        let kept = identities(mark.presented)
        var presenter = runtime.madeRootViewController
        while let controller = presenter, let above = controller.presentedViewController {
            guard kept.contains(ObjectIdentifier(above)) else {
                controller.dismiss(animated: false)
                cancelNewAnimations(runtime, mark)
                break
            }
            presenter = above
        }
        let timers = identities(mark.timers)
        for timer in runtime.clock.pendingTimers where !timers.contains(ObjectIdentifier(timer)) { timer.cancel() }
        let subviews = identities(mark.windowSubviews)
        for view in runtime.window.subviews where !subviews.contains(ObjectIdentifier(view)) { view.removeFromSuperview() }
    }

    /// Cancels the animations started since the mark, then takes the run loop's turn, where their completions run.
    private func cancelNewAnimations(_ runtime: Runtime, _ mark: Mark) {
        let running = identities(mark.animations)
        for animation in runtime.animator.runningAnimations where !running.contains(ObjectIdentifier(animation)) {
            animation.cancel()
        }
        runtime.clock.advance(by: 0)
    }

    private func identities(_ objects: [AnyObject]) -> Set<ObjectIdentifier> {
        Set(objects.map(ObjectIdentifier.init))
    }

    /// `isolateTest("begin" | "end")` for spec.lua's `runTest`.
    func function(clearingReports box: @escaping () -> Void) -> HostFunction {
        HostFunction("isolateTest") { [weak self] call in
            switch try call.string(1) {
            case "begin": self?.begin()
            default:
                self?.end()
                box()
            }
            return 0
        }
    }
}
