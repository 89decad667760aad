import Testing
@testable import ScrimCore

/// A frame observer other than the animation engine: a download that finishes at `readyAt`, stepped by the clock
/// through the same interface.
final class Download: FrameObserver {
    let readyAt: Seconds
    var steps: [Seconds] = []
    var isDone = false
    init(readyAt: Seconds) { self.readyAt = readyAt }
    var needsFrames: Bool { !isDone }
    var isPending: Bool { !isDone }
    var pendingDescriptions: [String] { isDone ? [] : ["download ready at \(readyAt) s"] }
    var nextRequiredFrameTime: Seconds? { isDone ? nil : readyAt }
    func stepFrame(at time: Seconds) {
        steps.append(time)
        if time >= readyAt - 1e-9 { isDone = true }
    }
}

@Suite struct FrameObserverTests {
    @Test func settleWaitsForAnObserverAndSkipsTheFramesItDoesNotRequire() throws {
        let clock = Clock()
        let download = Download(readyAt: 1e6)
        let observation = clock.observeFrames(download)
        defer { observation.cancel() }
        #expect(!clock.isIdle && clock.pendingDescriptions == ["download ready at 1000000.0 s"])
        let elapsed = try clock.settle(timeout: 2e6)
        #expect(abs(elapsed - 1e6) < 1e-6 && download.isDone && clock.isIdle)
        #expect(download.steps.count <= 3, "frames before the required one are skipped: \(download.steps.count)")
    }

    @Test func settleNamesWhatAnObserverWaitsForWhenItRunsOutOfTime() {
        let clock = Clock()
        let download = Download(readyAt: 100)
        let observation = clock.observeFrames(download)
        defer { observation.cancel() }
        clock.schedule(after: 1, label: "t") {}
        #expect(throws: SettleError(elapsed: 5, pending: ["download ready at 100.0 s"])) { try clock.settle(timeout: 5) }
    }

    @Test func anObserverThatNeedsEveryFrameIsSteppedAtEveryFrameBesideTheEngine() {
        let runtime = Runtime()
        runtime.clock.frameRate = 10
        let view = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        var frames = 0
        let display = runtime.clock.observeFrames { _ in frames += 1 }
        defer { display.cancel() }
        runtime.animate(duration: 1, animations: { view.alpha = 0 })
        runtime.advance(by: 2)
        #expect(frames == 20)
        // The engine alone needs no frame before its animation's end.
        display.cancel()
        let download = Download(readyAt: 1e9)
        let observation = runtime.clock.observeFrames(download)
        defer { observation.cancel() }
        runtime.animate(duration: 1e6, animations: { view.alpha = 1 })
        runtime.advance(by: 2e6)
        #expect(download.steps.count < 10, "\(download.steps.count) frames stepped for two observers that need few")
        #expect(runtime.animator.runningCount == 0)
    }

    @Test func anObserverThatWentAwayIsDropped() {
        let clock = Clock()
        var download: Download? = Download(readyAt: 5)
        let observation = clock.observeFrames(download!)
        defer { observation.cancel() }
        #expect(!clock.isIdle)
        download = nil
        #expect(clock.isIdle)
        clock.advance(by: 10)
    }
}
