import Testing
@testable import ScrimCore

final class Transition: PendingWork {
    var pendingDescription: String { "transition presenting \"sheet\"" }
}

@Suite struct ClockTests {
    @Test func timersRunInTimeOrderTiesInSchedulingOrder() {
        let clock = Clock()
        var log: [String] = []
        clock.schedule(after: 2) { log.append("c@\(clock.now)") }
        clock.schedule(after: 1) { log.append("a@\(clock.now)") }
        clock.schedule(after: 1) { log.append("b@\(clock.now)") }
        clock.schedule(after: 1.5) {
            log.append("nested@\(clock.now)")
            clock.schedule(after: 0.25) { log.append("inner@\(clock.now)") }
        }
        clock.advance(by: 3)
        #expect(log == ["a@1.0", "b@1.0", "nested@1.5", "inner@1.75", "c@2.0"])
        #expect(clock.now == 3)
    }

    @Test func cancelledTimersDoNotRunOrKeepTheClockBusy() {
        let clock = Clock()
        var ran = false
        let task = clock.schedule(after: 1) { ran = true }
        #expect(!clock.isIdle && task.isPending)
        task.cancel()
        #expect(clock.isIdle && !task.isPending)
        clock.advance(by: 2)
        #expect(!ran)
    }

    @Test func nextTurnWorkRunsOnTheNextAdvanceEvenByZero() {
        let clock = Clock()
        var log: [String] = []
        clock.runNextTurn {
            log.append("turn1")
            clock.runNextTurn { log.append("turn2") }
        }
        #expect(log.isEmpty)
        clock.advance(by: 0)
        #expect(log == ["turn1"], "work queued during a turn waits for the next one")
        clock.advance(by: 0)
        #expect(log == ["turn1", "turn2"])
        #expect(clock.now == 0)
    }

    @Test func settleReturnsTheSecondsAdvanced() throws {
        let clock = Clock()
        clock.schedule(after: 1.25) {}
        #expect(try clock.settle() == 1.25)
        #expect(try clock.settle() == 0)
    }

    @Test func settleTimeoutMessageNamesWhatIsPending() {
        let scene = TestScene()
        let box = scene.addView("box", Rect(x: 0, y: 0, width: 10, height: 10))
        scene.runtime.animate(duration: 12, animations: { box.alpha = 0 })
        scene.runtime.after(20, label: "scrim.after(20) at app.lua:3") {}
        scene.runtime.after(30) {}
        let transition = Transition()
        scene.clock.beginPendingWork(transition)
        do {
            try scene.runtime.settle(timeout: 10)
            Issue.record("settle should time out")
        } catch let error as SettleError {
            #expect(error.message == "settle: still busy after 10 s: animation of \"box\" (alpha) until 12 s, "
                + "timer \"scrim.after(20) at app.lua:3\" due at 20 s, timer due at 30 s, transition presenting \"sheet\"")
        } catch {
            Issue.record("unexpected \(error)")
        }
        #expect(scene.runtime.now == 10)
        scene.clock.endPendingWork(transition)
        #expect(throws: Never.self) { try scene.runtime.settle(timeout: 30) }
        #expect(scene.runtime.now == 30)
    }

    @Test func settleGivesUpOnPendingWorkAloneAfterTheTimeout() {
        let clock = Clock()
        clock.beginPendingWork(Transition())
        #expect(throws: SettleError(elapsed: 0.5, pending: ["transition presenting \"sheet\""])) {
            try clock.settle(timeout: 0.5)
        }
        #expect(clock.now == 0.5)
    }

    @Test func settleMessageSummarisesLongLists() {
        let clock = Clock()
        for _ in 0..<12 { clock.schedule(after: 5) {} }
        do {
            try clock.settle(timeout: 1)
        } catch let error as SettleError {
            #expect(error.message.hasSuffix("timer due at 5 s, and 2 more"))
        } catch {}
    }

    @Test func errorsThrownByTimersGoToTheSinkAndTheLoopGoesOn() {
        let clock = Clock()
        var errors: [String] = []
        clock.onError = { error, context in errors.append("\(context): \(error)") }
        var ran = false
        clock.schedule(after: 1, label: "bad") { throw TestError(text: "boom") }
        clock.schedule(after: 2) { ran = true }
        clock.advance(by: 2)
        #expect(ran)
        #expect(errors == ["timer \"bad\" due at 1 s: boom"])
    }

    @Test func framesFallOnMultiplesOfTheFrameRateWhileObserved() {
        let clock = Clock()
        clock.frameRate = 10
        var frames: [Seconds] = []
        let observation = clock.observeFrames { frames.append($0) }
        clock.advance(by: 0.05)
        clock.advance(by: 0.3)
        #expect(frames.count == 3)
        #expect(zip(frames, [0.1, 0.2, 0.3]).allSatisfy { abs($0 - $1) < 1e-12 })
        observation.cancel()
        clock.advance(by: 1)
        #expect(frames.count == 3)
        #expect(clock.isIdle, "observing frames is not pending work")
    }

    @Test func realTimeFollowsTheWallClockThroughTheSameScheduler() {
        let clock = Clock()
        var wall = 100.0
        clock.wallClock = { wall }
        var fired: Seconds?
        clock.schedule(after: 0.5) { fired = clock.now }
        clock.startRealTime()
        wall += 0.25
        #expect(clock.advanceToWallClock() == 0.25)
        #expect(fired == nil)
        wall += 0.5
        clock.advanceToWallClock()
        #expect(fired == 0.5)
        #expect(clock.now == 0.75)
        clock.advance(by: 1)
        wall += 0.125
        #expect(clock.advanceToWallClock() == 0, "time never goes back; the anchor moves up")
        wall += 0.125
        #expect(clock.advanceToWallClock() == 0.125)
    }
}
