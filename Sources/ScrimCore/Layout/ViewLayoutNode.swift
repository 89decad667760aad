/// What a view keeps for Auto Layout in its `layoutAttachment`: the active constraints that mention it, in
/// activation order. Each engine walks its window and reads these to know what to solve.
final class ViewLayoutNode {
    var constraints: [LayoutConstraint] = []

    func remove(_ constraint: LayoutConstraint) {
        constraints.removeAll { $0 === constraint }
    }
}

extension View {
    /// The active constraints that mention this view (as `item` or `toItem`), in activation order.
    public var constraints: [LayoutConstraint] { existingLayoutNode?.constraints ?? [] }

    var existingLayoutNode: ViewLayoutNode? { layoutAttachment as? ViewLayoutNode }

    var layoutNode: ViewLayoutNode {
        if let node = existingLayoutNode { return node }
        let node = ViewLayoutNode()
        layoutAttachment = node
        return node
    }
}
