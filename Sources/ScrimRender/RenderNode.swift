import ScrimCore

/// One visible view in a render tree, in window space, with the values it shows at the tree's time.
public struct RenderNode {
    /// The view's name, if any (for tests and debugging).
    public var name: String?
    /// Nesting depth: 0 for the window.
    public var depth: Int
    /// The size of the view's own space (its presentation frame's size).
    public var size: Size
    /// Maps the view's own space (0, 0 at its top-left corner) to window space: frames nested through the
    /// superviews, each view's presentation transform applied about its centre (scale, rotation, translation).
    public var transform: AffineTransform
    /// Where the view is in window space: exact without rotation, the bounding box of its corners with one.
    public var frame: Rect
    /// Opacity: the presentation alphas of the view and its ancestors multiplied.
    public var alpha: Double
    /// The presentation background colour (its own alpha not yet multiplied by `alpha`); nil draws nothing.
    public var backgroundColor: Color?
    /// Corner radius in the view's own points, clamped to half the shorter side.
    public var cornerRadius: Double
    /// Text drawn centred in the view.
    public var text: String?
    /// Black or white, whichever reads better on what lies under the text's centre.
    public var textColor: Color

    /// The colour actually painted: the background with `alpha` applied; nil if nothing is painted.
    public var fill: Color? {
        guard let color = backgroundColor, color.a * alpha > 0 else { return nil }
        return color.withAlpha(color.a * alpha)
    }

    /// Whether `point` (window space) lies inside the view's shape (rounded corners and rotation included).
    public func contains(_ point: Point) -> Bool {
        guard let inverse = transform.inverted else { return false }
        return containsLocal(inverse.apply(point))
    }

    /// Whether `p`, in the view's own space, lies inside its rounded rectangle.
    func containsLocal(_ p: Point) -> Bool {
        let w = size.width, h = size.height
        guard p.x >= 0, p.y >= 0, p.x < w, p.y < h else { return false }
        let r = cornerRadius
        guard r > 0 else { return true }
        let cx = p.x < r ? r : (p.x > w - r ? w - r : p.x)
        let cy = p.y < r ? r : (p.y > h - r ? h - r : p.y)
        let dx = p.x - cx, dy = p.y - cy
        return dx * dx + dy * dy <= r * r
    }
}
