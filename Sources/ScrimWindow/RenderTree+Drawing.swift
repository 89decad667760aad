import ScrimRender

extension RenderTree {
    /// Whether drawing `other` gives the same pixels as drawing this tree (its time aside): the live window draws
    /// only when this is false.
    func drawsSame(as other: RenderTree) -> Bool {
        guard size == other.size, scale == other.scale, background == other.background,
              nodes.count == other.nodes.count else { return false }
        for (a, b) in zip(nodes, other.nodes) {
            guard a.size == b.size, a.transform == b.transform, a.alpha == b.alpha,
                  a.backgroundColor == b.backgroundColor, a.cornerRadius == b.cornerRadius, a.text == b.text,
                  a.textColor == b.textColor else { return false }
        }
        return true
    }
}
