/// The view properties an animation block captures. `center` animates as `frame`.
public enum AnimatableProperty: String, CaseIterable {
    case frame
    case alpha
    case backgroundColor
    case transform
}

/// A value of an animatable property; a nil background colour is transparent black, as Core Animation treats it.
enum AnimatableValue: Equatable {
    case rect(Rect)
    case scalar(Double)
    case color(Color)
    case transform(Transform)

    /// `(self − target) · weight`, the contribution of an animation whose remaining share is `weight`.
    func contribution(towards target: AnimatableValue, weight: Double) -> AnimatableValue {
        switch (self, target) {
        case let (.rect(a), .rect(b)): return .rect((a - b) * weight)
        case let (.scalar(a), .scalar(b)): return .scalar((a - b) * weight)
        case let (.color(a), .color(b)): return .color((a - b) * weight)
        case let (.transform(a), .transform(b)): return .transform((a - b) * weight)
        default: return self
        }
    }

    static func + (lhs: AnimatableValue, rhs: AnimatableValue) -> AnimatableValue {
        switch (lhs, rhs) {
        case let (.rect(a), .rect(b)): return .rect(a + b)
        case let (.scalar(a), .scalar(b)): return .scalar(a + b)
        case let (.color(a), .color(b)): return .color(a + b)
        case let (.transform(a), .transform(b)): return .transform(a + b)
        default: return lhs
        }
    }
}
