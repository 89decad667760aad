/// A width and a height, in points.
public struct Size: Equatable, Hashable, Sendable {
    public var width: Double
    public var height: Double

    /// A size of 0 by 0.
    public static let zero = Size(width: 0, height: 0)

    /// A size of `width` by `height`.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
}

extension Size: CustomStringConvertible {
    /// `{width, height}`.
    public var description: String {
        "{\(NumberFormat.short(width)), \(NumberFormat.short(height))}"
    }
}
