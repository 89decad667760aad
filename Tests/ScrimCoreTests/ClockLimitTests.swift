import Testing
@testable import ScrimCore

/// Times the clock cannot represent are clamped, and a host's budget stops its loops.
@Suite struct ClockLimitTests {
    struct OutOfTime: Error {}

    @Test func timesPastTheEndAreClampedToIt() {
        let clock = Clock()
        var ranAt: Seconds?
        let task = clock.schedule(after: 1e300) { ranAt = clock.now }
        #expect(task.dueTime == Clock.maximumTime)
        clock.advance(to: 1e300)
        #expect(clock.now == Clock.maximumTime && ranAt == Clock.maximumTime)
        // Frame arithmetic at the end of time: a new frame rate, another advance, a settle.
        clock.frameRate = 30
        clock.advance(by: 1e18)
        #expect(clock.now == Clock.maximumTime && clock.maximumDelay == 0)
        #expect(throws: Never.self) { try clock.settle(timeout: 1e300) }
    }

    @Test func settleDeadlineStopsAtTheEndOfTime() throws {
        let runtime = Runtime()
        runtime.after(1e300) {}
        try runtime.settle(timeout: 1e300)
        #expect(runtime.now == Clock.maximumTime)
        let view = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        var finished: Bool?
        runtime.animate(duration: 1, animations: { view.alpha = 0 }, completion: { finished = $0 })
        runtime.advance(by: 1)
        // No time is left for the animation to end in: settle names it instead of trapping.
        #expect(throws: SettleError.self) { try runtime.settle() }
        #expect(finished == nil && view.presentation().alpha == 1)
    }

    @Test func frameRatesAboveTheMaximumAreIgnored() {
        let clock = Clock(frameRate: 1e300)
        #expect(clock.frameRate == 60)
        clock.frameRate = Clock.maximumFrameRate * 2
        #expect(clock.frameRate == 60)
        clock.frameRate = Clock.maximumFrameRate
        #expect(clock.frameRate == Clock.maximumFrameRate)
    }

    @Test func budgetStopsATimerChainAtOneInstant() throws {
        let clock = Clock()
        var count = 0
        var stop = false
        func again() {
            count += 1
            if !stop { clock.schedule(after: 0) { again() } }
        }
        again()
        clock.budget = { if count > 1000 { throw OutOfTime() } }
        #expect(throws: OutOfTime.self) { try clock.settle() }
        #expect(count > 1000 && count < 1010 && clock.now == 0)
        #expect(clock.interruption is OutOfTime)
        // The next settle starts afresh.
        clock.budget = nil
        stop = true
        #expect(throws: Never.self) { try clock.settle() }
        #expect(clock.interruption == nil && clock.isIdle)
    }

    @Test func budgetStopsAdvanceAndNestedAdvances() {
        let runtime = Runtime()
        let view = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        runtime.animate(duration: 1e9, animations: { view.alpha = 0 })
        var frames = 0
        let observation = runtime.clock.observeFrames { _ in frames += 1 }
        defer { observation.cancel() }
        runtime.clock.budget = { if frames >= 500 { throw OutOfTime() } }
        runtime.clock.schedule(after: 0.5) { runtime.advance(by: 1e6) }
        runtime.advance(by: 1e9)
        #expect(runtime.clock.interruption is OutOfTime)
        #expect(frames == 500)
        #expect(runtime.now < 10)
    }

    @Test func framesNobodyObservesAreSkippedWithTheSameOutcome() {
        for observed in [false, true] {
            let runtime = Runtime()
            let view = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
            var log: [String] = []
            let observation = observed ? runtime.clock.observeFrames { _ in } : nil
            runtime.animate(duration: 1000, animations: { view.alpha = 0 }, completion: { log.append("long \($0) @\(runtime.now)") })
            runtime.animate(duration: 0.25, animations: { view.frame.origin.x = 5 },
                            completion: { log.append("short \($0) @\(runtime.now)") })
            runtime.clock.schedule(after: 0.6) { log.append("timer @\(runtime.now)") }
            runtime.advance(by: 2000)
            observation?.cancel()
            #expect(log == ["short true @0.25", "timer @0.6", "long true @1000.0"], "observed: \(observed)")
        }
    }
}
