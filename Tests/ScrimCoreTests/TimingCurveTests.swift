import Testing
@testable import ScrimCore

@Suite struct TimingCurveTests {
    static let curves: [(String, TimingCurve, (Double, Double, Double, Double))] = [
        ("easeInOut", .easeInOut, (0.42, 0, 0.58, 1)),
        ("easeIn", .easeIn, (0.42, 0, 1, 1)),
        ("easeOut", .easeOut, (0, 0, 0.58, 1)),
        ("linear", .linear, (0, 0, 1, 1)),
        ("custom", TimingCurve(x1: 0.1, y1: 0.9, x2: 0.2, y2: 1.3), (0.1, 0.9, 0.2, 1.3)),
    ]

    @Test func namedCurvesHaveCoreAnimationControlPoints() {
        for (name, curve, p) in Self.curves {
            #expect(curve.x1 == p.0 && curve.y1 == p.1 && curve.x2 == p.2 && curve.y2 == p.3, "\(name)")
            if name != "custom" { #expect(TimingCurve(named: name) == curve) }
        }
        #expect(TimingCurve(named: "bounce") == nil)
    }

    @Test func curveValuesMatchAnIndependentSolver() {
        for (name, curve, p) in Self.curves {
            for i in 0...100 {
                let x = Double(i) / 100
                let expected = referenceBezier(p.0, p.1, p.2, p.3, at: x)
                #expect(abs(curve.progress(x) - expected) <= 1e-6, "\(name) at \(x)")
            }
        }
    }

    @Test func webKitEpsilonIsCoarserThanTheDefault() {
        #expect(UnitBezier.webKitEpsilon(duration: 0.25) == 0.02)
        let bezier = UnitBezier(p1x: 0.42, p1y: 0, p2x: 0.58, p2y: 1)
        let t = bezier.solveCurveX(0.3, epsilon: 1e-7)
        #expect(abs(bezier.sampleCurveX(t) - 0.3) < 1e-7)
    }

    /// The presentation of a view animated from x = 0 to x = 100 follows each curve at arbitrary (not frame-aligned)
    /// instants, to 1e-6 of an independently solved Bézier.
    @Test func presentationFollowsEachCurveAtExactInstants() {
        let duration = 0.4
        for (name, curve, p) in Self.curves {
            let scene = TestScene()
            let box = scene.addView("box", Rect(x: 0, y: 0, width: 10, height: 10))
            scene.runtime.animate(duration: duration, curve: curve, animations: { box.frame.origin.x = 100 })
            #expect(box.frame.x == 100, "model changes at once")
            var elapsed = 0.0
            for step in [0.0123, 0.05, 0.0071, 0.1, 0.0333, 0.09, 0.05] {
                scene.runtime.advance(by: step)
                elapsed += step
                let expected = 100 * referenceBezier(p.0, p.1, p.2, p.3, at: elapsed / duration)
                #expect(abs(box.presentation().frame.x - expected) <= 1e-6, "\(name) at \(elapsed)")
            }
            scene.runtime.advance(by: 0.1)
            #expect(box.presentation().frame.x == 100)
        }
    }
}
