/// A location in a two-dimensional coordinate space, in points.
public struct Point: Equatable, Hashable, Sendable {
    public var x: Double
    public var y: Double

    /// The origin, (0, 0).
    public static let zero = Point(x: 0, y: 0)

    /// A point at `x`, `y`.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The point moved by `dx`, `dy`.
    public func offsetBy(dx: Double, dy: Double) -> Point {
        Point(x: x + dx, y: y + dy)
    }
}

extension Point: CustomStringConvertible {
    /// `{x, y}`, numbers as `NumberFormat.short` writes them.
    public var description: String {
        "{\(NumberFormat.short(x)), \(NumberFormat.short(y))}"
    }
}
