/// A rectangle: an origin (its top-left corner, y grows downwards) and a size, in points.
public struct Rect: Equatable, Hashable, Sendable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    /// The rectangle at the origin with no size.
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    /// A rectangle from its origin and size.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// A rectangle from an origin point and a size.
    public init(origin: Point, size: Size) {
        self.init(x: origin.x, y: origin.y, width: size.width, height: size.height)
    }

    /// The top-left corner.
    public var origin: Point {
        get { Point(x: x, y: y) }
        set { x = newValue.x; y = newValue.y }
    }

    /// The width and height.
    public var size: Size {
        get { Size(width: width, height: height) }
        set { width = newValue.width; height = newValue.height }
    }

    /// The smallest x of the rectangle.
    public var minX: Double { min(x, x + width) }
    /// The x halfway across.
    public var midX: Double { x + width / 2 }
    /// The largest x of the rectangle.
    public var maxX: Double { max(x, x + width) }
    /// The smallest y of the rectangle.
    public var minY: Double { min(y, y + height) }
    /// The y halfway down.
    public var midY: Double { y + height / 2 }
    /// The largest y of the rectangle.
    public var maxY: Double { max(y, y + height) }

    /// The centre point.
    public var center: Point { Point(x: midX, y: midY) }

    /// Whether the rectangle has no area.
    public var isEmpty: Bool { width == 0 || height == 0 }

    /// Whether `point` lies inside; like CGRect, the left and top edges are inside, the right and bottom edges are not.
    public func contains(_ point: Point) -> Bool {
        point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
    }

    /// The rectangle shrunk by `dx` on the left and right and `dy` on the top and bottom (negative values grow it).
    public func insetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: x + dx, y: y + dy, width: width - 2 * dx, height: height - 2 * dy)
    }

    /// The rectangle moved by `dx`, `dy`.
    public func offsetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: x + dx, y: y + dy, width: width, height: height)
    }

    /// Whether the two rectangles overlap with a positive area.
    public func intersects(_ other: Rect) -> Bool {
        minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
    }
}

extension Rect: CustomStringConvertible {
    /// `{x, y, width, height}`, as `scrim.tree()` prints frames.
    public var description: String {
        "{\(NumberFormat.short(x)), \(NumberFormat.short(y)), \(NumberFormat.short(width)), \(NumberFormat.short(height))}"
    }
}
