/// How an animation's progress follows time: a cubic Bézier from (0, 0) to (1, 1), as CAMediaTimingFunction.
public struct TimingCurve: Equatable, Sendable {
    public let x1, y1, x2, y2: Double
    private let bezier: UnitBezier
    private let isLinear: Bool

    /// UIKit's default, (0.42, 0, 0.58, 1).
    public static let easeInOut = TimingCurve(x1: 0.42, y1: 0, x2: 0.58, y2: 1)
    /// (0.42, 0, 1, 1).
    public static let easeIn = TimingCurve(x1: 0.42, y1: 0, x2: 1, y2: 1)
    /// (0, 0, 0.58, 1).
    public static let easeOut = TimingCurve(x1: 0, y1: 0, x2: 0.58, y2: 1)
    /// Progress equals elapsed time.
    public static let linear = TimingCurve(x1: 0, y1: 0, x2: 1, y2: 1)

    /// A custom curve; `x1` and `x2` are clamped to 0…1 (as CSS requires) so that the curve is a function of time.
    public init(x1: Double, y1: Double, x2: Double, y2: Double) {
        self.x1 = min(1, max(0, x1))
        self.y1 = y1
        self.x2 = min(1, max(0, x2))
        self.y2 = y2
        bezier = UnitBezier(p1x: self.x1, p1y: y1, p2x: self.x2, p2y: y2)
        isLinear = self.x1 == self.y1 && self.x2 == self.y2
    }

    /// The curve called `name`: `easeInOut`, `easeIn`, `easeOut` or `linear`; nil for any other name.
    public init?(named name: String) {
        switch name {
        case "easeInOut": self = .easeInOut
        case "easeIn": self = .easeIn
        case "easeOut": self = .easeOut
        case "linear": self = .linear
        default: return nil
        }
    }

    /// The names `init(named:)` accepts.
    public static let names = ["easeInOut", "easeIn", "easeOut", "linear"]

    /// The curve's name if it is one of the named curves.
    public var name: String? {
        switch self {
        case .easeInOut: return "easeInOut"
        case .easeIn: return "easeIn"
        case .easeOut: return "easeOut"
        case .linear: return "linear"
        default: return nil
        }
    }

    /// Progress (y) at elapsed fraction `x` in 0…1.
    public func progress(_ x: Double, epsilon: Double = UnitBezier.defaultEpsilon) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        if isLinear { return x }
        return bezier.solve(x, epsilon: epsilon)
    }

    public static func == (lhs: TimingCurve, rhs: TimingCurve) -> Bool {
        lhs.x1 == rhs.x1 && lhs.y1 == rhs.y1 && lhs.x2 == rhs.x2 && lhs.y2 == rhs.y2
    }
}
