import Testing
@testable import ScrimCore

@Suite struct GeometryTests {
    @Test func rectEdgesAndContainment() {
        let r = Rect(x: 10, y: 20, width: 100, height: 50)
        #expect(r.minX == 10 && r.midX == 60 && r.maxX == 110)
        #expect(r.minY == 20 && r.midY == 45 && r.maxY == 70)
        #expect(r.center == Point(x: 60, y: 45))
        #expect(r.contains(Point(x: 10, y: 20)))
        #expect(!r.contains(Point(x: 110, y: 45)), "right edge is outside, as CGRect")
        #expect(!r.contains(Point(x: 60, y: 70)), "bottom edge is outside")
        #expect(r.insetBy(dx: 5, dy: 10) == Rect(x: 15, y: 30, width: 90, height: 30))
        #expect(r.offsetBy(dx: -10, dy: 5) == Rect(x: 0, y: 25, width: 100, height: 50))
    }

    @Test func transformInterpolatesPartByPart() {
        let a = Transform.identity
        let b = Transform(scaleX: 2, scaleY: 0.5, rotation: 1, translateX: 10, translateY: -10)
        let mid = a.interpolated(to: b, 0.5)
        #expect(mid == Transform(scaleX: 1.5, scaleY: 0.75, rotation: 0.5, translateX: 5, translateY: -5))
        #expect(Transform.scale(0.8) == Transform(scaleX: 0.8, scaleY: 0.8))
        #expect(Transform.identity.isIdentity && !b.isIdentity)
    }

    @Test func numbersPrintShortAndStable() {
        #expect(NumberFormat.short(390) == "390")
        #expect(NumberFormat.short(-0.0) == "0")
        #expect(NumberFormat.short(1.0 / 3.0) == "0.3333")
        #expect(NumberFormat.short(2.5) == "2.5")
        // Near the top of the range, scaling for the rounding used to overflow to inf.
        for value in [1.8e304, 1e308, Double.greatestFiniteMagnitude, -Double.greatestFiniteMagnitude, 1e15, 3.5e20] {
            let text = NumberFormat.short(value)
            #expect(Double(text).map { $0.isFinite && $0 == value } == true, "\(value) printed as \(text)")
        }
        #expect(Rect(x: 0, y: 0, width: 390, height: 844).description == "{0, 0, 390, 844}")
    }
}
