extension View {
    /// Adds `view` on top of the subviews, moving it from its old superview (or to the top, if it is already here).
    public func addSubview(_ view: View) throws {
        try insert(view, at: nil)
    }

    /// Inserts `view` at 0-based `index` of the subviews (clamped to 0…count, counted after `view` left its old
    /// place), moving it from its old superview.
    public func insertSubview(_ view: View, at index: Int) throws {
        try insert(view, at: index)
    }

    /// Moves `view`, a subview, to the top (the end of `subviews`); does nothing for a view that is not a subview.
    public func bringSubviewToFront(_ view: View) {
        guard view.superview === self, let index = subviews.firstIndex(where: { $0 === view }) else { return }
        mutateSubviews { list in
            list.remove(at: index)
            list.append(view)
        }
    }

    /// Moves `view`, a subview, to the bottom (the start of `subviews`); does nothing for a view that is not a subview.
    public func sendSubviewToBack(_ view: View) {
        guard view.superview === self, let index = subviews.firstIndex(where: { $0 === view }) else { return }
        mutateSubviews { list in
            list.remove(at: index)
            list.insert(view, at: 0)
        }
    }

    /// Takes the view out of its superview; does nothing if it has none. Running animations keep running.
    public func removeFromSuperview() {
        guard let parent = superview else { return }
        let oldWindow = window
        parent.detach(self)
        if oldWindow != nil { updateWindow() }
        didMoveToSuperview()
        if let oldWindow {
            oldWindow.layoutEngine?.viewDidMove(self)
            notifyMovedToWindow()
        }
    }

    /// The window at the root of the view's hierarchy (itself, for a window); nil if the root is not a window.
    public var window: Window? {
        storedWindow ?? self as? Window
    }

    /// Whether the view is `ancestor` or lies inside it.
    public func isDescendant(of ancestor: View) -> Bool {
        // Up the unretained links: the layout asks this for every constraint it installs, and each weak load of a
        // superview would cost more than the rest of the walk.
        let target = Unmanaged.passUnretained(ancestor).toOpaque()
        var current = Unmanaged.passUnretained(self)
        while current.toOpaque() != target {
            guard let parent = current._withUnsafeGuaranteedRef({ $0.superviewLink }) else { return false }
            current = parent
        }
        return true
    }

    /// The first descendant (not the receiver) called `name`: depth first, front to back — the topmost subview's
    /// subtree is searched, the subview itself before its own subviews, before the next subview down.
    public func find(_ name: String) -> View? {
        var pending = subviews
        while let view = pending.popLast() {
            if view.name == name { return view }
            pending.append(contentsOf: view.subviews)
        }
        return nil
    }

    /// Calls `body` on the receiver and every view inside it, parents before their subviews, back to front (painting
    /// order), with each view's depth below the receiver; `body` returns false to skip that view's subviews. The
    /// walk keeps its own stack, so any depth of views is fine; subviews are read after `body` ran on their parent.
    public func walkSubtree(_ body: (View, Int) throws -> Bool) rethrows {
        var pending: [(View, Int)] = [(self, 0)]
        while let (view, depth) = pending.popLast() {
            guard try body(view, depth) else { continue }
            for subview in view.subviews.reversed() { pending.append((subview, depth + 1)) }
        }
    }

    /// The name if it has one, else the class name; for messages.
    public var displayName: String {
        name.map { "\"\($0)\"" } ?? className
    }

    // MARK: Gesture recognizers

    /// Attaches `recognizer` (moving it from the view it was on).
    public func addGestureRecognizer(_ recognizer: GestureRecognizer) {
        if let old = recognizer.view, old !== self { old.removeGestureRecognizer(recognizer) }
        guard !gestureRecognizers.contains(where: { $0 === recognizer }) else { return }
        setGestureRecognizers(gestureRecognizers + [recognizer])
        recognizer.view = self
    }

    /// Detaches `recognizer`; does nothing if it is not attached here.
    public func removeGestureRecognizer(_ recognizer: GestureRecognizer) {
        guard gestureRecognizers.contains(where: { $0 === recognizer }) else { return }
        setGestureRecognizers(gestureRecognizers.filter { $0 !== recognizer })
        recognizer.view = nil
    }

    // MARK: Layout

    /// Marks the view as needing layout: its window lays out once at the next turn of the run loop however many
    /// views asked (UIKit's update cycle), or earlier at a `layoutIfNeeded`.
    public func setNeedsLayout() {
        setNeedsLayoutFlag(true)
        markAncestorsNeedLayout()
    }

    /// Lays out now: asks the window's `layoutEngine` (if any) to apply its layout, which assigns frames through the
    /// ordinary setters (so inside an animation block the changes animate), then calls `layoutSubviews` on every
    /// view of this subtree that needs layout, parents before children. Visits only the branches that need it. A view
    /// controller whose view needs layout is told `viewWillLayoutSubviews` before the engine solves and
    /// `viewDidLayoutSubviews` after its view's `layoutSubviews` (see `ViewControllerLayout.swift`).
    public func layoutIfNeeded() {
        let announced = announceControllerLayouts()
        window?.layoutEngine?.layoutIfNeeded(self)
        layoutSubtreeIfNeeded()
        for controller in announced { controller.isLayingOutView = false }
    }

    private func layoutSubtreeIfNeeded() {
        guard let subviews = layOutOwnLevel() else { return }
        // Parents before children, front of `subviews` first, down the branches that lead to a view needing layout;
        // the walk's own stack of subview lists, each read after its parent's `layoutSubviews` ran, and a view that
        // left that parent meanwhile is skipped (it is laid out where it goes). The lists keep their views alive (a
        // `layoutSubviews` that changes the hierarchy changes a copy), so the walk borrows the views instead of
        // retaining each one — views are targets of weak references, where every retain is slow.
        var pending: [(parent: Unmanaged<View>, subviews: [View], next: Int)] = []
        var parent = Unmanaged.passUnretained(self), current = subviews, next = 0
        while true {
            guard next < current.count else {
                guard let level = pending.popLast() else { return }
                (parent, current, next) = level
                continue
            }
            let index = next
            next += 1
            let children = current.withUnsafeBufferPointer { views in
                Unmanaged.passUnretained(views[index])._withUnsafeGuaranteedRef { view -> [View]? in
                    guard view.superviewLink?.toOpaque() == parent.toOpaque() else { return nil }
                    return view.layOutOwnLevel()
                }
            }
            if let children {
                pending.append((parent, current, next))
                (parent, current, next) = (Unmanaged.passUnretained(current[index]), children, 0)
            }
        }
    }

    /// One step of `layoutSubtreeIfNeeded`: `layoutSubviews` if needed; the subviews to visit next, if some
    /// descendant needs layout.
    private func layOutOwnLevel() -> [View]? {
        if needsLayout {
            setNeedsLayoutFlag(false)
            if hostsViewController, let controller = rootOwner as? ViewController {
                controller.layOut(self)
            } else {
                layoutSubviews()
            }
        }
        guard descendantNeedsLayout else { return nil }
        descendantNeedsLayout = false
        return subviews
    }

    /// Marks the ancestors as leading to a view that needs layout and asks the window for a layout pass. Stops at
    /// an ancestor already marked: marking it asked for the pass that will clear it.
    func markAncestorsNeedLayout() {
        // Unretained: this runs for every view the layout resizes (see `superviewLink`).
        var current = Unmanaged.passUnretained(self)
        while let parent = current._withUnsafeGuaranteedRef({ $0.superviewLink }) {
            let marked = parent._withUnsafeGuaranteedRef { view in
                if view.descendantNeedsLayout { return true }
                view.descendantNeedsLayout = true
                return false
            }
            if marked { return }
            current = parent
        }
        (current.takeUnretainedValue() as? Window)?.scheduleLayoutPass()
    }

    // MARK: Internals

    private func insert(_ view: View, at index: Int?) throws {
        if view === self { throw ViewHierarchyError(message: "cannot add a view as a subview of itself") }
        if view is Window { throw ViewHierarchyError(message: "cannot add a Window as a subview") }
        // A view without subviews is nobody's ancestor: adding a new view to a deep tree costs O(1), not its depth.
        if !view.subviews.isEmpty, isDescendant(of: view) {
            throw ViewHierarchyError(message: "cannot add \(view.displayName) inside its own descendant \(displayName)")
        }
        let oldWindow = view.window
        let oldSuperview = view.superview
        // Reordering among the same superview's subviews is no move: its constraints stay.
        if oldSuperview === self {
            if let at = subviews.firstIndex(where: { $0 === view }) { mutateSubviews { $0.remove(at: at) } }
        } else {
            oldSuperview?.detach(view)
        }
        mutateSubviews { list in
            list.insert(view, at: index.map { min(max($0, 0), list.count) } ?? list.count)
        }
        view.setSuperview(self)
        if view.window !== window { view.updateWindow() }
        if view.needsLayout || view.descendantNeedsLayout { view.markAncestorsNeedLayout() }
        if oldSuperview !== self { view.didMoveToSuperview() }
        let newWindow = window
        if oldSuperview !== self {
            if let oldWindow, oldWindow !== newWindow { oldWindow.layoutEngine?.viewDidMove(view) }
            newWindow?.layoutEngine?.viewDidMove(view)
        }
        if newWindow !== oldWindow { view.notifyMovedToWindow() }
    }

    private func detach(_ view: View) {
        if let index = subviews.firstIndex(where: { $0 === view }) {
            mutateSubviews { $0.remove(at: index) }
        }
        view.setSuperview(nil)
        view.deactivateConstraintsLeavingSubtree()
    }

    /// Sets the window of the receiver's subtree to its superview's (at once, before anyone is told of the move).
    private func updateWindow() {
        let newWindow = superview?.window
        walkSubtree { view, _ in
            view.storedWindow = newWindow
            return true
        }
    }

    /// Tells each view of the subtree that it moved to another window, parents first. A view controller's view that
    /// came into a window needs layout (UIKit lays it out as it enters).
    private func notifyMovedToWindow() {
        walkSubtree { view, _ in
            view.didMoveToWindow()
            if view.hostsViewController && view.storedWindow != nil { view.setNeedsLayout() }
            return true
        }
    }
}
