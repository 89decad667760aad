@testable import ScrimCore

/// A runtime whose reported errors are collected instead of printed.
final class TestScene {
    let runtime: Runtime
    var errors: [ErrorReport] = []

    init(screen: Screen = .default) {
        runtime = Runtime(screen: screen)
        runtime.errorSink = { [unowned self] report in self.errors.append(report) }
    }

    var window: Window { runtime.window }
    var clock: Clock { runtime.clock }

    /// A named view added to `parent` (the window by default).
    @discardableResult
    func addView(_ name: String, _ frame: Rect, to parent: View? = nil) -> View {
        let view = View(name: name, frame: frame)
        try! (parent ?? runtime.window).addSubview(view)
        return view
    }
}

struct TestError: Error, CustomStringConvertible {
    let text: String
    var description: String { text }
}

/// Cubic Bézier through (0,0), p1, p2, (1,1), solved for y at x by bisection on the Bernstein form — written
/// independently of `UnitBezier` so that tests check the engine against plain math.
func referenceBezier(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, at x: Double) -> Double {
    func bernstein(_ t: Double, _ p1: Double, _ p2: Double) -> Double {
        let u = 1 - t
        return 3 * u * u * t * p1 + 3 * u * t * t * p2 + t * t * t
    }
    var lo = 0.0, hi = 1.0
    for _ in 0..<200 {
        let mid = (lo + hi) / 2
        if bernstein(mid, x1, x2) < x { lo = mid } else { hi = mid }
    }
    return bernstein((lo + hi) / 2, y1, y2)
}
