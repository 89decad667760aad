#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
@testable import ScrimCore

@Suite struct SpringTests {
    @Test func endsExactlyAtTheTarget() {
        for damping in [0.05, 0.2, 0.5, 0.8, 1.0] {
            for velocity in [0.0, 2.0, -1.0] {
                let spring = Spring(damping: damping, velocity: velocity)
                #expect(spring.progress(at: 0, duration: 0.5) == 0)
                #expect(spring.progress(at: 0.5, duration: 0.5) == 1)
                #expect(abs(spring.progress(at: 0.4999999, duration: 0.5) - 1) < 1e-4, "continuous at the end")
                #expect(spring.progress(at: 0.7, duration: 0.5) == 1)
            }
        }
    }

    @Test func underdampedOvershootsCriticallyDampedDoesNot() {
        let bouncy = Spring(damping: 0.3)
        let critical = Spring(damping: 1)
        let samples = (1..<1000).map { Double($0) / 1000 }
        #expect(samples.map { bouncy.progress(at: $0, duration: 1) }.max()! > 1.1)
        #expect(samples.map { critical.progress(at: $0, duration: 1) }.max()! <= 1.0 + 1e-9)
    }

    @Test func matchesTheClosedFormOfADampedOscillator() {
        // ζ = 0.5, duration 1: ω = ln(1000) / 0.5; x(t) = e^(−ζωt)(cos ω_d t + (ζω − v0)/ω_d sin ω_d t)
        let zeta = 0.5, v0 = 1.5, duration = 1.0
        let omega = -log(0.001) / (zeta * duration)
        let omegaD = omega * (1 - zeta * zeta).squareRoot()
        func x(_ t: Double) -> Double {
            exp(-zeta * omega * t) * (cos(omegaD * t) + (zeta * omega - v0) / omegaD * sin(omegaD * t))
        }
        let spring = Spring(damping: zeta, velocity: v0)
        for t in stride(from: 0.01, to: 1.0, by: 0.07) {
            let expected = 1 - (x(t) - x(duration) * t / duration)
            #expect(abs(spring.progress(at: t, duration: duration) - expected) < 1e-12)
        }
    }

    @Test func drivesPresentationAndEndsOnTheModel() throws {
        let scene = TestScene()
        let box = scene.addView("box", Rect(x: 0, y: 0, width: 10, height: 10))
        var finished: Bool?
        scene.runtime.animate(duration: 0.5, spring: Spring(damping: 0.2, velocity: 0), animations: {
            box.frame.origin.y = 200
        }, completion: { finished = $0 })
        var peak = 0.0
        for _ in 0..<29 {
            scene.runtime.advance(by: 1.0 / 60)
            peak = max(peak, box.presentation().frame.y)
        }
        #expect(peak > 200, "an underdamped spring overshoots")
        try scene.runtime.settle()
        #expect(box.presentation().frame.y == 200)
        #expect(finished == true)
    }
}
