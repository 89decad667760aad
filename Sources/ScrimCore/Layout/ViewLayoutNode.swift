/// What a view keeps for Auto Layout: the active constraints that mention it, in activation order, and its entry in
/// the engine that solves it, if any — which is how the engine hears of a frame set from outside the layout.
final class ViewLayoutNode {
    var constraints: [LayoutConstraint] = []
    /// The view's entry in its window's engine while the engine solves it (the engine clears it when it lets go:
    /// not weak, so that the entry keeps plain reference counting on the hot path).
    var solved: SolvedView?

    func remove(_ constraint: LayoutConstraint) {
        if let index = constraints.lastIndex(where: { $0 === constraint }) { constraints.remove(at: index) }
    }

    func frameDidChange() {
        if let solved { solved.engine.frameDidChange(solved) }
    }
}

extension View {
    /// The active constraints that mention this view (as `item` or `toItem`), in activation order.
    public var constraints: [LayoutConstraint] { existingLayoutNode?.constraints ?? [] }

    var existingLayoutNode: ViewLayoutNode? { layoutNodeStorage }

    var layoutNode: ViewLayoutNode {
        if let node = layoutNodeStorage { return node }
        let node = ViewLayoutNode()
        layoutNodeStorage = node
        return node
    }
}
