import ScrimCore

/// What a window shows at one instant, flattened back to front: the one source the PNG snapshot, the film strip and
/// the terminal renderer all draw from.
///
/// Built from presentation values at the clock's current time. Hidden views and views whose alpha (or the product
/// of the alphas down to them) is below 0.01 are left out with their subviews. Alpha multiplies down the tree
/// (each view is drawn with its own effective alpha, not composited as a group as Core Animation would). Subviews
/// are not clipped to their superview, and views whose geometry is not finite are left out. Transforms are exact (rotation included), applied about each view's centre.
public struct RenderTree {
    /// The window's size, in points.
    public var size: Size
    /// Pixels per point (the screen's scale).
    public var scale: Double
    /// The virtual time the tree shows.
    public var time: Seconds
    /// What lies under the window: white unless chosen otherwise.
    public var background: Color
    /// The visible views, back to front (painting order).
    public var nodes: [RenderNode]

    /// The tree of `window` (the hierarchy's root, at the origin whatever its frame's origin) at `time`.
    public init(window: View, scale: Double = 1, time: Seconds = 0, background: Color = .white) {
        let presentation = window.presentation()
        size = presentation.frame.size
        self.scale = scale
        self.time = time
        self.background = background
        nodes = []
        var root = presentation
        root.frame.origin = .zero
        visit(window, presentation: root)
        assignTextColors()
    }

    /// What `runtime`'s window shows now, at the screen's scale.
    public init(runtime: Runtime, background: Color = .white) {
        self.init(window: runtime.window, scale: runtime.screen.scale, time: runtime.now, background: background)
    }

    /// The first node called `name`, back to front.
    public func node(named name: String) -> RenderNode? {
        nodes.first { $0.name == name }
    }

    /// The colour seen at `point` (window space): every node covering it composited over `background`, ignoring
    /// anti-aliasing and text.
    public func color(at point: Point) -> Color {
        color(at: point, upTo: nodes.count)
    }

    private func color(at point: Point, upTo end: Int) -> Color {
        var r = background.r, g = background.g, b = background.b
        for node in nodes[..<end] {
            guard let fill = node.fill, node.contains(point) else { continue }
            r = fill.r * fill.a + r * (1 - fill.a)
            g = fill.g * fill.a + g * (1 - fill.a)
            b = fill.b * fill.a + b * (1 - fill.a)
        }
        return Color(r: r, g: g, b: b)
    }

    /// Appends the nodes of `root`'s tree in painting order (parents before subviews, back to front); the walk
    /// keeps its own stack, so any depth of views is fine.
    private mutating func visit(_ root: View, presentation rootPresentation: ViewPresentation) {
        var pending: [(view: View, presentation: ViewPresentation, parent: AffineTransform, parentAlpha: Double, depth: Int)]
            = [(root, rootPresentation, .identity, 1, 0)]
        while let (view, presentation, parent, parentAlpha, depth) = pending.popLast() {
            guard let (transform, alpha) = appendNode(view, presentation: presentation, parent: parent,
                                                      parentAlpha: parentAlpha, depth: depth) else { continue }
            for subview in view.subviews.reversed() {
                pending.append((subview, subview.presentation(), transform, alpha, depth + 1))
            }
        }
    }

    /// Appends the node of `view` if it is visible; its transform and effective alpha, or nil if it and its
    /// subviews are left out.
    private mutating func appendNode(_ view: View, presentation: ViewPresentation, parent: AffineTransform,
                                     parentAlpha: Double, depth: Int) -> (AffineTransform, Double)? {
        let alpha = parentAlpha * presentation.alpha
        guard !view.isHidden, presentation.alpha >= 0.01, alpha >= 0.01 else { return nil }
        let frame = presentation.frame
        let t = presentation.transform
        // Own space → superview space: move the centre to the origin, scale, rotate, translate, put the centre back.
        let local = AffineTransform.translation(frame.midX + t.translateX, frame.midY + t.translateY)
            .concatenating(.rotation(t.rotation))
            .concatenating(.scale(t.scaleX, t.scaleY))
            .concatenating(.translation(-frame.width / 2, -frame.height / 2))
        let transform = parent.concatenating(local)
        // A view with a NaN or infinite geometry cannot be placed; it is left out with its subviews.
        guard transform.isFinite, frame.width.isFinite, frame.height.isFinite else { return nil }
        let bounds = Rect(x: 0, y: 0, width: frame.width, height: frame.height)
        nodes.append(RenderNode(
            name: view.name, depth: depth, size: frame.size, transform: transform,
            frame: transform.boundingBox(of: bounds), alpha: alpha, backgroundColor: presentation.backgroundColor,
            cornerRadius: max(0, min(view.cornerRadius, abs(frame.width) / 2, abs(frame.height) / 2)),
            text: view.text.flatMap { $0.isEmpty ? nil : $0 }, textColor: .black))
        return (transform, alpha)
    }

    private mutating func assignTextColors() {
        for i in nodes.indices where nodes[i].text != nil {
            let centre = nodes[i].transform.apply(Point(x: nodes[i].size.width / 2, y: nodes[i].size.height / 2))
            nodes[i].textColor = RenderTree.readableTextColor(on: color(at: centre, upTo: i + 1))
        }
    }

    /// Black on light colours, white on dark ones: whichever contrasts more (WCAG relative luminance; the two
    /// contrast equally at 0.179).
    public static func readableTextColor(on color: Color) -> Color {
        func linear(_ c: Double) -> Double {
            c <= 0.04045 ? c / 12.92 : power((c + 0.055) / 1.055, 2.4)
        }
        let luminance = 0.2126 * linear(color.r) + 0.7152 * linear(color.g) + 0.0722 * linear(color.b)
        return luminance > 0.179 ? .black : .white
    }
}
