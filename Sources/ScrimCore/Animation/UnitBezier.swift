/// A cubic Bézier from (0, 0) to (1, 1) with control points (p1x, p1y) and (p2x, p2y), solved for y at a given x
/// as WebKit's `UnitBezier` does: Newton's method from x as the first guess, then bisection if Newton stalls.
public struct UnitBezier: Equatable, Sendable {
    let ax, bx, cx: Double
    let ay, by, cy: Double

    /// The precision `solve` uses unless told otherwise, in x.
    ///
    /// WebKit picks ε = 1 / (200 · duration) to save CPU per frame, which leaves values up to ~10⁻³ off
    /// the curve. Scrim computes presentation values only when asked, so it solves to this tighter ε and
    /// `presentation()` is exact to the curve; `webKitEpsilon(duration:)` gives WebKit's value.
    public static let defaultEpsilon = 1e-10

    /// WebKit's solve precision for an animation of `duration`: 1 / (200 · duration).
    public static func webKitEpsilon(duration: Seconds) -> Double {
        1.0 / (200.0 * duration)
    }

    /// The curve with control points (p1x, p1y) and (p2x, p2y).
    public init(p1x: Double, p1y: Double, p2x: Double, p2y: Double) {
        cx = 3 * p1x
        bx = 3 * (p2x - p1x) - cx
        ax = 1 - cx - bx
        cy = 3 * p1y
        by = 3 * (p2y - p1y) - cy
        ay = 1 - cy - by
    }

    /// x at curve parameter `t`.
    public func sampleCurveX(_ t: Double) -> Double { ((ax * t + bx) * t + cx) * t }

    /// y at curve parameter `t`.
    public func sampleCurveY(_ t: Double) -> Double { ((ay * t + by) * t + cy) * t }

    /// dx/dt at curve parameter `t`.
    public func sampleCurveDerivativeX(_ t: Double) -> Double { (3 * ax * t + 2 * bx) * t + cx }

    /// The curve parameter t whose x is within `epsilon` of `x`.
    public func solveCurveX(_ x: Double, epsilon: Double) -> Double {
        var t2 = x
        for _ in 0..<8 {
            let x2 = sampleCurveX(t2) - x
            if abs(x2) < epsilon { return t2 }
            let d2 = sampleCurveDerivativeX(t2)
            if abs(d2) < 1e-6 { break }
            t2 -= x2 / d2
        }
        var t0 = 0.0, t1 = 1.0
        t2 = x
        if t2 < t0 { return t0 }
        if t2 > t1 { return t1 }
        while t0 < t1 {
            let x2 = sampleCurveX(t2)
            if abs(x2 - x) < epsilon { return t2 }
            if x > x2 { t0 = t2 } else { t1 = t2 }
            let next = (t1 - t0) * 0.5 + t0
            if next == t2 { break }
            t2 = next
        }
        return t2
    }

    /// y for `x` in 0…1.
    public func solve(_ x: Double, epsilon: Double = UnitBezier.defaultEpsilon) -> Double {
        sampleCurveY(solveCurveX(x, epsilon: epsilon))
    }
}
