import Testing
@testable import ScrimCore

@Suite struct AnimationTests {
    @Test func setterOutsideABlockIsImmediate() {
        let scene = TestScene()
        let box = scene.addView("box", Rect(x: 0, y: 0, width: 10, height: 10))
        box.alpha = 0.3
        #expect(box.presentation().alpha == 0.3)
        #expect(!box.isAnimating)
    }

    @Test func everyAnimatablePropertyInterpolatesLinearly() {
        let scene = TestScene()
        let box = scene.addView("box", Rect(x: 0, y: 0, width: 10, height: 10))
        box.backgroundColor = .black
        scene.runtime.animate(duration: 1, curve: .linear, animations: {
            box.center = Point(x: 105, y: 5)
            box.alpha = 0
            box.backgroundColor = .white
            box.transform = .scale(2)
        })
        scene.runtime.advance(by: 0.25)
        let p = box.presentation()
        #expect(p.frame == Rect(x: 25, y: 0, width: 10, height: 10))
        #expect(p.alpha == 0.75)
        #expect(p.backgroundColor == Color(white: 0.25))
        #expect(p.transform == .scale(1.25))
        #expect(Set(box.animatingProperties) == [.frame, .alpha, .backgroundColor, .transform])
    }

    @Test func nilBackgroundAnimatesFromTransparentBlack() {
        let scene = TestScene()
        let box = scene.addView("box", Rect(x: 0, y: 0, width: 10, height: 10))
        scene.runtime.animate(duration: 1, curve: .linear, animations: { box.backgroundColor = .white })
        scene.runtime.advance(by: 0.5)
        #expect(box.presentation().backgroundColor == Color(r: 0.5, g: 0.5, b: 0.5, a: 0.5))
        scene.runtime.advance(by: 0.5)
        #expect(box.presentation().backgroundColor == .white)
    }

    @Test func additiveAnimationsBothRunAndBothFinishTrue() {
        let scene = TestScene()
        let box = scene.addView("box", Rect(x: 0, y: 0, width: 10, height: 10))
        var flags: [String: Bool] = [:]
        scene.runtime.animate(duration: 1, curve: .linear, animations: { box.frame.origin.x = 100 },
                              completion: { flags["first"] = $0 })
        scene.runtime.advance(by: 0.5)
        scene.runtime.animate(duration: 1, curve: .linear, animations: { box.frame.origin.x = 200 },
                              completion: { flags["second"] = $0 })
        // model 200 + first (0 − 100)·0.5 + second (100 − 200)·1
        #expect(box.presentation().frame.x == 50)
        scene.runtime.advance(by: 0.25)
        // 200 + (−100)(0.25) + (−100)(0.75)
        #expect(box.presentation().frame.x == 100)
        scene.runtime.advance(by: 0.25)
        #expect(flags["first"] == true && flags["second"] == nil)
        #expect(box.presentation().frame.x == 150)
        scene.runtime.advance(by: 0.5)
        #expect(flags["second"] == true)
        #expect(box.presentation().frame.x == 200)
    }

    @Test func beginFromCurrentStateReplacesAndStartsFromScreen() {
        let scene = TestScene()
        let box = scene.addView("box", Rect(x: 0, y: 0, width: 10, height: 10))
        var flags: [String: Bool] = [:]
        scene.runtime.animate(duration: 1, curve: .linear, animations: { box.frame.origin.x = 100 },
                              completion: { flags["first"] = $0 })
        scene.runtime.advance(by: 0.3)
        scene.runtime.animate(duration: 1, curve: .linear, options: .beginFromCurrentState,
                              animations: { box.frame.origin.x = 0 }, completion: { flags["second"] = $0 })
        #expect(box.presentation().frame.x == 30, "starts where the screen was")
        scene.runtime.advance(by: 0)
        #expect(flags["first"] == false, "the replaced animation finishes false on the next turn")
        scene.runtime.advance(by: 0.5)
        #expect(abs(box.presentation().frame.x - 15) < 1e-9)
        scene.runtime.advance(by: 0.5)
        #expect(flags["second"] == true)
        #expect(box.presentation().frame.x == 0)
    }

    @Test func zeroDurationAppliesAtOnceAndCompletesOnTheNextTurn() {
        let scene = TestScene()
        let box = scene.addView("box", Rect(x: 0, y: 0, width: 10, height: 10))
        var finished: Bool?
        let animation = scene.runtime.animate(duration: 0, delay: 2, animations: { box.alpha = 0.5 },
                                              completion: { finished = $0 })
        #expect(box.presentation().alpha == 0.5)
        #expect(!box.isAnimating)
        #expect(finished == nil, "not synchronously")
        #expect(!scene.clock.isIdle)
        scene.runtime.advance(by: 0)
        #expect(finished == true)
        #expect(scene.runtime.now == 0)
        #expect(animation.finished == true)
    }

    @Test func delayHoldsTheStartingValue() throws {
        let scene = TestScene()
        let box = scene.addView("box", Rect(x: 0, y: 0, width: 10, height: 10))
        var finishedAt: Seconds?
        scene.runtime.animate(duration: 1, delay: 0.5, curve: .linear, animations: { box.alpha = 0 },
                              completion: { _ in finishedAt = scene.runtime.now })
        scene.runtime.advance(by: 0.4)
        #expect(box.presentation().alpha == 1)
        #expect(box.alpha == 0)
        #expect(box.isAnimating, "a delayed animation already holds the view")
        scene.runtime.advance(by: 0.6)
        #expect(box.presentation().alpha == 0.5)
        #expect(try scene.runtime.settle() == 0.5)
        #expect(finishedAt == 1.5)
    }

    @Test func cancelAndRemoveAllAnimationsFinishFalseAndJumpToTheModel() {
        let scene = TestScene()
        let a = scene.addView("a", Rect(x: 0, y: 0, width: 10, height: 10))
        let b = scene.addView("b", Rect(x: 0, y: 0, width: 10, height: 10))
        var flags: [String: Bool] = [:]
        let first = scene.runtime.animate(duration: 1, animations: { a.alpha = 0 }, completion: { flags["a"] = $0 })
        scene.runtime.animate(duration: 1, animations: { b.alpha = 0; b.frame.origin.x = 50 },
                              completion: { flags["b"] = $0 })
        scene.runtime.advance(by: 0.5)
        first.cancel()
        b.removeAllAnimations()
        #expect(a.presentation().alpha == 0 && b.presentation().alpha == 0 && b.presentation().frame.x == 50)
        #expect(flags.isEmpty, "completions run on the next turn")
        scene.runtime.advance(by: 0)
        #expect(flags == ["a": false, "b": false])
        #expect(scene.clock.isIdle)
        first.cancel()
        scene.runtime.advance(by: 1)
        #expect(flags == ["a": false, "b": false], "a second cancel does nothing")
    }

    @Test func blockThatChangesNothingStillCompletesAfterItsDuration() throws {
        let scene = TestScene()
        var finishedAt: Seconds?
        scene.runtime.animate(duration: 0.3, animations: {}, completion: { _ in finishedAt = scene.runtime.now })
        #expect(!scene.clock.isIdle)
        let elapsed = try scene.runtime.settle()
        #expect(abs(elapsed - 0.3) < 1e-9)
        #expect(finishedAt == elapsed)
    }

    @Test func nestedBlocksKeepTheirOwnTiming() {
        let scene = TestScene()
        let a = scene.addView("a", Rect(x: 0, y: 0, width: 10, height: 10))
        let b = scene.addView("b", Rect(x: 0, y: 0, width: 10, height: 10))
        var inner: Animation?
        let outer = scene.runtime.animate(duration: 1, curve: .linear, animations: {
            a.alpha = 0
            inner = scene.runtime.animate(duration: 0.5, curve: .linear, animations: { b.alpha = 0 })
            scene.runtime.animator.performWithoutAnimation { a.frame.origin.x = 40 }
        })
        scene.runtime.advance(by: 0.25)
        #expect(a.presentation().alpha == 0.75)
        #expect(b.presentation().alpha == 0.5)
        #expect(a.presentation().frame.x == 40)
        #expect(outer.views.count == 1 && inner?.views.first === b)
    }

    @Test func settingTwiceInOneBlockRetargets() {
        let scene = TestScene()
        let a = scene.addView("a", Rect(x: 0, y: 0, width: 10, height: 10))
        scene.runtime.animate(duration: 1, curve: .linear, animations: { a.alpha = 0.5; a.alpha = 0 })
        scene.runtime.advance(by: 0.5)
        #expect(a.presentation().alpha == 0.5)
        #expect(a.runningAnimations.count == 1)
    }

    @Test func completionsAndTimersAtEqualTimesRunInADefinedOrder() {
        let scene = TestScene()
        let box = scene.addView("box", Rect(x: 0, y: 0, width: 10, height: 10))
        var log: [String] = []
        scene.runtime.after(0.5) { log.append("timer1") }
        scene.runtime.animate(duration: 0.5, animations: { box.alpha = 0 }, completion: { _ in log.append("anim1") })
        scene.runtime.animate(duration: 0.5, animations: { box.alpha = 1 }, completion: { _ in log.append("anim2") })
        scene.runtime.after(0.5) { log.append("timer2") }
        scene.runtime.after(0.25) { log.append("early") }
        scene.runtime.advance(by: 0.5)
        #expect(log == ["early", "timer1", "timer2", "anim1", "anim2"])
    }

    @Test func completionRunsAfterTheFrameThatNoticesTheEnd() {
        let scene = TestScene()
        let box = scene.addView("box", Rect(x: 0, y: 0, width: 10, height: 10))
        scene.runtime.advance(by: 0.001)
        var finished: Bool?
        scene.runtime.animate(duration: 0.1, animations: { box.alpha = 0 }, completion: { finished = $0 })
        scene.runtime.advance(by: 0.1)
        #expect(finished == nil, "ended at 0.101, the next frame is at 7/60")
        #expect(box.presentation().alpha == 0)
        scene.runtime.advance(by: 7.0 / 60 - 0.101)
        #expect(finished == true)
    }

    @Test func eventsReportStartAndFinishPerView() {
        let scene = TestScene()
        let box = scene.addView("box", Rect(x: 0, y: 0, width: 10, height: 10))
        var log: [String] = []
        scene.runtime.hooks.on("animation.didStart") { ev in
            log.append("start \((ev["view"]?.objectValue as? View)?.name ?? "?") \(ev["finished"]?.boolValue ?? true)")
        }
        scene.runtime.hooks.on("animation.didFinish") { ev in
            log.append("finish \((ev.target as? View)?.name ?? "?") \(ev["finished"]?.boolValue ?? false)")
        }
        scene.runtime.animate(duration: 0.2, animations: { box.alpha = 0; box.frame.origin.x = 9 },
                              completion: { _ in log.append("completion") })
        _ = try? scene.runtime.settle()
        #expect(log == ["start box false", "finish box true", "completion"])
    }

    @Test func errorsInCompletionsAreReportedAndTheLoopGoesOn() throws {
        let scene = TestScene()
        var ran = false
        scene.runtime.animate(duration: 0.1, animations: {}, completion: { _ in throw TestError(text: "boom") })
        scene.runtime.after(0.2) { ran = true }
        try scene.runtime.settle()
        #expect(ran)
        #expect(scene.errors.count == 1)
        #expect(scene.errors.first?.message == "boom")
    }

    @Test func throwingAnimationsClosureKeepsWhatItCaptured() {
        let scene = TestScene()
        let box = scene.addView("box", Rect(x: 0, y: 0, width: 10, height: 10))
        #expect(throws: TestError.self) {
            try scene.runtime.animate(duration: 1, animations: {
                box.alpha = 0
                throw TestError(text: "half way")
            })
        }
        #expect(box.isAnimating)
        #expect(AnimationTransaction.current == nil)
        box.alpha = 1
        #expect(box.runningAnimations.count == 1, "setters after the block are not captured")
    }

    @Test func manyViewsFrameStepIsCheap() {
        let scene = TestScene()
        var views: [View] = []
        for i in 0..<10_000 {
            views.append(scene.addView("v\(i)", Rect(x: 0, y: 0, width: 10, height: 10)))
        }
        for (i, view) in views.enumerated() {
            scene.runtime.animate(duration: 1 + Double(i % 7) * 0.01, animations: {
                view.frame = Rect(x: 100, y: 100, width: 20, height: 20)
                view.alpha = 0.5
            })
        }
        let clock = ContinuousClock()
        var times: [Duration] = []
        for _ in 0..<31 {
            times.append(clock.measure { scene.runtime.advance(by: 1.0 / 60) })
        }
        // The median, so that a moment of preemption on a busy machine does not count.
        let median = times.sorted()[15]
        #expect(median < .milliseconds(1), "a frame step with 20 000 running animations took \(median)")
        #expect(scene.runtime.animator.runningCount == 10_000)
    }
}
