/// A value an animation can move: it adds, subtracts and scales component by component, which is all the
/// additive model (presentation = model + Σ (from − to)·(1 − progress)) needs.
public protocol Animatable: Equatable {
    static func + (lhs: Self, rhs: Self) -> Self
    static func - (lhs: Self, rhs: Self) -> Self
    static func * (lhs: Self, rhs: Double) -> Self
}

extension Double: Animatable {}

extension Rect: Animatable {
    public static func + (lhs: Rect, rhs: Rect) -> Rect {
        Rect(x: lhs.x + rhs.x, y: lhs.y + rhs.y, width: lhs.width + rhs.width, height: lhs.height + rhs.height)
    }

    public static func - (lhs: Rect, rhs: Rect) -> Rect {
        Rect(x: lhs.x - rhs.x, y: lhs.y - rhs.y, width: lhs.width - rhs.width, height: lhs.height - rhs.height)
    }

    public static func * (lhs: Rect, rhs: Double) -> Rect {
        Rect(x: lhs.x * rhs, y: lhs.y * rhs, width: lhs.width * rhs, height: lhs.height * rhs)
    }

    /// The rectangle a fraction `t` of the way from `self` to `other`.
    public func interpolated(to other: Rect, _ t: Double) -> Rect {
        self + (other - self) * t
    }
}

extension Color: Animatable {
    public static func + (lhs: Color, rhs: Color) -> Color {
        Color(unclamped: lhs.r + rhs.r, lhs.g + rhs.g, lhs.b + rhs.b, lhs.a + rhs.a)
    }

    public static func - (lhs: Color, rhs: Color) -> Color {
        Color(unclamped: lhs.r - rhs.r, lhs.g - rhs.g, lhs.b - rhs.b, lhs.a - rhs.a)
    }

    public static func * (lhs: Color, rhs: Double) -> Color {
        Color(unclamped: lhs.r * rhs, lhs.g * rhs, lhs.b * rhs, lhs.a * rhs)
    }
}

extension Transform: Animatable {
    public static func + (lhs: Transform, rhs: Transform) -> Transform {
        Transform(scaleX: lhs.scaleX + rhs.scaleX, scaleY: lhs.scaleY + rhs.scaleY, rotation: lhs.rotation + rhs.rotation,
                  translateX: lhs.translateX + rhs.translateX, translateY: lhs.translateY + rhs.translateY)
    }

    public static func - (lhs: Transform, rhs: Transform) -> Transform {
        Transform(scaleX: lhs.scaleX - rhs.scaleX, scaleY: lhs.scaleY - rhs.scaleY, rotation: lhs.rotation - rhs.rotation,
                  translateX: lhs.translateX - rhs.translateX, translateY: lhs.translateY - rhs.translateY)
    }

    public static func * (lhs: Transform, rhs: Double) -> Transform {
        Transform(scaleX: lhs.scaleX * rhs, scaleY: lhs.scaleY * rhs, rotation: lhs.rotation * rhs,
                  translateX: lhs.translateX * rhs, translateY: lhs.translateY * rhs)
    }
}
