/// A 2-D transform described by its parts, applied about a view's centre: scale, then rotate, then translate.
///
/// Parts interpolate independently (a rotation from 0 to 2π turns once), which is how an animation of
/// `transform` moves between two values.
public struct Transform: Equatable, Hashable, Sendable {
    public var scaleX: Double
    public var scaleY: Double
    /// Clockwise on screen, in radians.
    public var rotation: Double
    public var translateX: Double
    public var translateY: Double

    /// No scaling, rotation or translation.
    public static let identity = Transform()

    /// A transform from its parts; omitted parts are the identity's.
    public init(scaleX: Double = 1, scaleY: Double = 1, rotation: Double = 0, translateX: Double = 0, translateY: Double = 0) {
        self.scaleX = scaleX
        self.scaleY = scaleY
        self.rotation = rotation
        self.translateX = translateX
        self.translateY = translateY
    }

    /// A uniform scale by `factor`.
    public static func scale(_ factor: Double) -> Transform {
        Transform(scaleX: factor, scaleY: factor)
    }

    /// Whether this is the identity.
    public var isIdentity: Bool { self == .identity }

    /// `point`, given relative to the transform's anchor (a view's centre), transformed.
    public func apply(to point: Point) -> Point {
        let sx = point.x * scaleX, sy = point.y * scaleY
        let c = cosine(rotation), s = sine(rotation)
        return Point(x: sx * c - sy * s + translateX, y: sx * s + sy * c + translateY)
    }

    /// The transform a fraction `t` of the way from `self` to `other` (t may leave 0…1 for springs).
    public func interpolated(to other: Transform, _ t: Double) -> Transform {
        self + (other - self) * t
    }
}

extension Transform: CustomStringConvertible {
    /// `{scaleX=…, scaleY=…, rotation=…, translateX=…, translateY=…}`.
    public var description: String {
        "{scaleX=\(NumberFormat.short(scaleX)), scaleY=\(NumberFormat.short(scaleY)), rotation=\(NumberFormat.short(rotation)), "
            + "translateX=\(NumberFormat.short(translateX)), translateY=\(NumberFormat.short(translateY))}"
    }
}
