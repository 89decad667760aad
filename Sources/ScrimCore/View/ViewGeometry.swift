extension View {
    /// `point`, given in the receiver's coordinates, in `view`'s coordinates (nil: window coordinates, those of the
    /// hierarchy's root). Uses model frames; transforms are ignored. Views in different hierarchies are treated as if
    /// their roots coincided.
    public func convert(_ point: Point, to view: View?) -> Point {
        let origin = originInRoot
        let inRoot = Point(x: point.x + origin.x, y: point.y + origin.y)
        guard let view else { return inRoot }
        let target = view.originInRoot
        return Point(x: inRoot.x - target.x, y: inRoot.y - target.y)
    }

    /// `point`, given in `view`'s coordinates (nil: window coordinates), in the receiver's coordinates.
    public func convert(_ point: Point, from view: View?) -> Point {
        let inRoot = view?.convert(point, to: nil) ?? point
        let origin = originInRoot
        return Point(x: inRoot.x - origin.x, y: inRoot.y - origin.y)
    }

    /// `rect`, given in the receiver's coordinates, in `view`'s coordinates (nil: window coordinates).
    public func convert(_ rect: Rect, to view: View?) -> Rect {
        Rect(origin: convert(rect.origin, to: view), size: rect.size)
    }

    /// `rect`, given in `view`'s coordinates (nil: window coordinates), in the receiver's coordinates.
    public func convert(_ rect: Rect, from view: View?) -> Rect {
        Rect(origin: convert(rect.origin, from: view), size: rect.size)
    }

    /// The model frame in window coordinates.
    public var frameInWindow: Rect {
        Rect(origin: superview?.convert(storedFrame.origin, to: nil) ?? .zero, size: storedFrame.size)
    }

    /// The receiver's origin in the coordinates of the hierarchy's root (the root's own frame origin does not count).
    private var originInRoot: Point {
        var x = 0.0, y = 0.0
        var current = self
        while let parent = current.superview {
            x += current.storedFrame.x
            y += current.storedFrame.y
            current = parent
        }
        return Point(x: x, y: y)
    }
}
