import ScrimCore
import Testing
@testable import ScrimRender

@Suite struct FilmRecorderTests {
    @Test func whatIsSetUpBeforeTimeMovesIsTheFrameAtZero() throws {
        let scene = Scene(width: 100, height: 80, scale: 1)
        let recorder = FilmRecorder(runtime: scene.runtime)
        let box = scene.add("box", Rect(x: 0, y: 0, width: 20, height: 20), .red)
        scene.runtime.animate(duration: 0.5, curve: .linear, animations: { box.frame.origin.x = 80 })
        try scene.runtime.settle()
        recorder.stop()
        #expect(recorder.frame(at: 0).node(named: "box")?.frame.minX == 0)
        #expect(recorder.frame(at: 0).time == 0)
        // Between frames: the last frame at or before the time (frames every 1/60 s).
        let frame = recorder.frame(at: 0.26)
        #expect(frame.time == 0.26)
        #expect(abs(frame.node(named: "box")!.frame.minX - 80 * 15 / 30) < 1e-6)
        #expect(recorder.frame(at: 9).node(named: "box")?.frame.minX == 80)
    }

    @Test func aStaticScreenIsRecordedWhenStopped() {
        let scene = Scene(width: 100, height: 80, scale: 1)
        let recorder = FilmRecorder(runtime: scene.runtime)
        scene.add("box", Rect(x: 0, y: 0, width: 20, height: 20), .red)
        recorder.stop()
        #expect(recorder.recorded.count == 1)
        #expect(recorder.frame(at: 0).node(named: "box") != nil)
    }
}

@Suite struct TraceTransitionTests {
    @Test func popupPhasesAreSpansOnTheTransitionsTrack() throws {
        let scene = Scene()
        let trace = TraceRecorder()
        trace.observeTransitions(of: scene.runtime)
        let popup = PopupWindow(runtime: scene.runtime)
        try popup.setItems(["a"])
        popup.create()
        scene.runtime.clock.advance(by: 0.1)
        popup.cancel()                       // while still coming up: the show ends unfinished
        try scene.runtime.settle()
        let spans = trace.events.filter { $0.category == "transition" }
        #expect(spans.map(\.name) == ["show PopupWindow", "cancel PopupWindow"])
        #expect(spans[0].duration == 100_000)
        #expect(spans[0].args["finished"] == .bool(false))
        #expect(spans[1].timestamp == 100_000)
        #expect(spans[1].args["finished"] == .bool(true))
    }
}
