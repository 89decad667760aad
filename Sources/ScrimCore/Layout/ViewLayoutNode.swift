/// What a view keeps for Auto Layout: the active constraints that mention it, in activation order. (Its entry in the
/// engine that solves it, which hears of frames set from outside the layout, is `View.layoutEntry`.)
final class ViewLayoutNode {
    var constraints: [LayoutConstraint] = []

    func remove(_ constraint: LayoutConstraint) {
        if let index = constraints.lastIndex(where: { $0 === constraint }) { constraints.remove(at: index) }
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

extension View {
    /// UIKit's rule for a view that leaves its superview (removed, or moved to another): the constraints relating a view
    /// of its subtree to a view outside it are deactivated; those wholly inside the subtree stay.
    func deactivateConstraintsLeavingSubtree() {
        var leaving: [LayoutConstraint] = []
        walkSubtree { view, _ in
            for constraint in view.constraints where constraint.isActive && constraint.item === view {
                if let other = constraint.toItem, !other.isDescendant(of: self) { leaving.append(constraint) }
            }
            for constraint in view.constraints where constraint.isActive && constraint.toItem === view {
                if let other = constraint.item, !other.isDescendant(of: self) { leaving.append(constraint) }
            }
            return true
        }
        LayoutConstraint.deactivate(leaving)
    }
}
