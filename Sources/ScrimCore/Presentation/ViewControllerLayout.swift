/// UIKit's update cycle for a view controller's view: the view needs layout when it enters a window, after any change
/// to an active constraint that mentions a view of its subtree (`setNeedsLayoutOfEnclosingController`), and when its
/// size changes; the window lays out at the next turn of the run loop (or at a `layoutIfNeeded()` before that), and
/// the controller hears `viewWillLayoutSubviews` before the layout engine solves — so the constraint changes it makes
/// are part of the same layout — and `viewDidLayoutSubviews` after its view's `layoutSubviews`, the frames solved.
/// A presented controller's view that still needs layout when its transition completes is laid out before
/// `viewDidAppear`, so the first layout always falls between `viewWillAppear` and `viewDidAppear`.
extension ViewController {
    /// Lays out `view`, this controller's view, which needed layout: `viewWillLayoutSubviews` (unless the pass
    /// already sent it before solving) and the constraint changes it made, `layoutSubviews`, `viewDidLayoutSubviews`.
    func layOut(_ view: View) {
        if !isLayingOutView {
            send(.viewWillLayoutSubviews)
            view.window?.layoutEngine?.layoutIfNeeded(view)
        }
        isLayingOutView = false
        view.layoutSubviews()
        send(.viewDidLayoutSubviews)
    }

    /// Lays the view out now if it is in a window and still needs layout (before `viewDidAppear`).
    func layOutViewIfNeeded() {
        guard let view = isViewLoaded ? view : nil, view.window != nil, view.needsLayout else { return }
        view.layoutIfNeeded()
    }
}

extension View {
    /// Sends `viewWillLayoutSubviews` to the controllers whose views in this subtree need layout, parents first,
    /// before the layout engine solves; returns them (`layOut` sends the rest of their cycle). Visits only the
    /// branches marked as needing layout.
    func announceControllerLayouts() -> [ViewController] {
        guard needsLayout || descendantNeedsLayout else { return [] }
        var controllers: [ViewController] = []
        var pending: [View] = [self]
        while let view = pending.popLast() {
            if view.needsLayout, view.hostsViewController, let controller = view.rootOwner as? ViewController,
               !controller.isLayingOutView {
                controllers.append(controller)
            }
            if view.descendantNeedsLayout { pending.append(contentsOf: view.subviews.reversed()) }
        }
        for controller in controllers {
            controller.isLayingOutView = true
            controller.send(.viewWillLayoutSubviews)
        }
        return controllers
    }

    /// Marks the view of the controller whose view holds this one (the nearest, itself included) as needing layout:
    /// UIKit lays a controller's view out after any constraint change in it.
    func setNeedsLayoutOfEnclosingController() {
        // Up the unretained links, reading a flag: this runs for every constraint change.
        var current = Unmanaged.passUnretained(self)
        while true {
            if current._withUnsafeGuaranteedRef({ $0.hostsViewController }) {
                current._withUnsafeGuaranteedRef { $0.setNeedsLayout() }
                return
            }
            guard let parent = current._withUnsafeGuaranteedRef({ $0.superviewLink }) else { return }
            current = parent
        }
    }
}
