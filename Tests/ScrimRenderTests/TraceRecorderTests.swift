import Foundation
import ScrimCore
@testable import ScrimRender
import Testing

@Suite struct TraceRecorderTests {
    private func parse(_ json: String) throws -> [[String: Any]] {
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        return try #require(object?["traceEvents"] as? [[String: Any]])
    }

    @Test func writesAFilePerfettoReads() throws {
        let trace = TraceRecorder()
        trace.recordSpan(name: "present", category: "transition", start: 0.5, duration: 0.3,
                         args: ["controller": "sheet", "animated": true, "weird": "quote \" backslash \\ \n\u{1}"],
                         track: "transitions")
        trace.recordInstant(name: "tap", category: "input", at: 0.1, args: ["x": 10, "y": 20.5])
        trace.recordSpan(name: "early", category: "test", start: 0, duration: 1)
        let path = temporaryDirectory() + "/trace.json"
        try trace.write(to: path)
        let events = try parse(try String(contentsOfFile: path, encoding: .utf8))
        let timed = events.filter { $0["ph"] as? String != "M" }
        #expect(timed.map { $0["name"] as? String } == ["early", "tap", "present"])
        let ts = timed.map { ($0["ts"] as? NSNumber)?.doubleValue ?? -1 }
        #expect(ts == ts.sorted())
        let present = try #require(timed.last)
        #expect((present["ts"] as? NSNumber)?.doubleValue == 500_000)
        #expect((present["dur"] as? NSNumber)?.doubleValue == 300_000)
        #expect(present["cat"] as? String == "transition")
        let args = try #require(present["args"] as? [String: Any])
        #expect(args["weird"] as? String == "quote \" backslash \\ \n\u{1}")
        #expect(args["animated"] as? Bool == true)
        #expect(timed[1]["s"] as? String == "t")
        let names = events.filter { $0["ph"] as? String == "M" }
            .compactMap { ($0["args"] as? [String: Any])?["name"] as? String }
        #expect(names.contains("virtual time") && names.contains("transitions"))
    }

    @Test func animationsBecomeSpansPerView() throws {
        let scene = Scene(width: 300, height: 300)
        let trace = TraceRecorder()
        trace.observeAnimations(of: scene.runtime)
        let dimming = scene.add("dimming", Rect(x: 0, y: 0, width: 300, height: 300), .black, alpha: 0)
        let sheet = scene.add("sheet", Rect(x: 0, y: 300, width: 300, height: 200), .white)
        scene.runtime.advance(by: 0.1)
        scene.runtime.animate(duration: 0.3, animations: {
            dimming.alpha = 0.4
            sheet.frame = Rect(x: 0, y: 100, width: 300, height: 200)
        })
        scene.runtime.animate(duration: 0.2, delay: 0.5, animations: { sheet.alpha = 0.5 }).label = "fade"
        try scene.runtime.settle()
        let events = try parse(trace.json()).filter { $0["ph"] as? String == "X" }
        #expect(events.count == 3)
        let byName = Dictionary(grouping: events) { event -> String in
            let tid = event["tid"] as! Int
            return "\(event["name"] as! String)@\(tid)"
        }
        #expect(byName.count == 3)
        let starts = events.map { ($0["ts"] as! NSNumber).doubleValue }
        #expect(starts == starts.sorted())
        #expect(abs(starts[0] - 100_000) < 1 && abs(starts[1] - 100_000) < 1)
        let fade = try #require(events.first { $0["name"] as? String == "fade" })
        #expect(abs((fade["ts"] as! NSNumber).doubleValue - 600_000) < 1)
        #expect(abs((fade["dur"] as! NSNumber).doubleValue - 200_000) < 1)
        #expect((fade["args"] as? [String: Any])?["finished"] as? Bool == true)
        #expect((fade["args"] as? [String: Any])?["properties"] as? String == "alpha")
        let threads = try parse(trace.json()).filter { $0["name"] as? String == "thread_name" }
            .compactMap { ($0["args"] as? [String: Any])?["name"] as? String }
        #expect(Set(threads) == ["dimming", "sheet"])
    }

    @Test func cancelledAnimationsEndWhenCancelledAndOpenSpansEndNow() throws {
        let scene = Scene()
        let trace = TraceRecorder()
        trace.observeAnimations(of: scene.runtime)
        let box = scene.add("box", Rect(x: 0, y: 0, width: 10, height: 10), .red)
        scene.runtime.animate(duration: 1, animations: { box.alpha = 0.5 })
        scene.runtime.advance(by: 0.25)
        box.removeAllAnimations()
        scene.runtime.advance(by: 0.1)
        scene.runtime.animate(duration: 2, animations: { box.alpha = 1 })
        scene.runtime.advance(by: 0.5)
        let events = try parse(trace.json()).filter { $0["ph"] as? String == "X" }
        #expect(events.count == 2)
        // Removed at 0.25 s; ScrimCore reports no didFinish for the views of a removed animation, so the span ends
        // when the recorder notices (the next animation's start, 0.35 s) unless it does.
        let cancelled = (events[0]["dur"] as! NSNumber).doubleValue
        #expect(cancelled >= 250_000 - 1 && cancelled <= 350_000 + 1)
        #expect((events[0]["args"] as? [String: Any])?["finished"] as? Bool == false)
        #expect(abs((events[1]["dur"] as! NSNumber).doubleValue - 500_000) < 1)
        #expect((events[1]["args"] as? [String: Any])?["unfinished"] as? Bool == true)
    }

    /// A live window that ran its script again records the fresh runtime in the same trace: the first runtime's
    /// animation still running then ends at its own clock's time (not the new clock's), unfinished, and each
    /// runtime's virtual time — both start from 0 — is a process of its own.
    @Test func aFreshRuntimeGetsAVirtualTimelineOfItsOwn() throws {
        let trace = TraceRecorder()
        let first = Scene()
        trace.observeAnimations(of: first.runtime)
        trace.observeTransitions(of: first.runtime)
        let old = first.add("box", Rect(x: 0, y: 0, width: 10, height: 10), .red)
        first.runtime.animate(duration: 5, animations: { old.alpha = 0.5 })
        first.runtime.advance(by: 1.5)

        trace.startNextRun()
        let second = Scene()
        trace.observeAnimations(of: second.runtime)
        trace.observeTransitions(of: second.runtime)
        let box = second.add("box", Rect(x: 0, y: 0, width: 10, height: 10), .blue)
        second.runtime.advance(by: 0.1)
        second.runtime.animate(duration: 0.3, animations: { box.alpha = 0.2 })
        try second.runtime.settle()
        // The first runtime's hooks are gone: what it does now is not the trace's.
        first.runtime.animate(duration: 1, animations: { old.alpha = 1 })
        try first.runtime.settle()

        let events = try parse(trace.json())
        let processes = Dictionary(uniqueKeysWithValues: events.filter { $0["name"] as? String == "process_name" }
            .compactMap { event -> (String, Int)? in
                guard let name = (event["args"] as? [String: Any])?["name"] as? String, let pid = event["pid"] as? Int
                else { return nil }
                return (name, pid)
            })
        let run1 = try #require(processes["virtual time (run 1)"], "\(processes)")
        let run2 = try #require(processes["virtual time (run 2)"], "\(processes)")
        #expect(run1 != run2 && trace.run == 2)
        let spans = events.filter { $0["ph"] as? String == "X" }
        #expect(spans.count == 2)
        let cut = try #require(spans.first { $0["pid"] as? Int == run1 })
        #expect(abs((cut["dur"] as! NSNumber).doubleValue - 1_500_000) < 1)
        #expect((cut["args"] as? [String: Any])?["unfinished"] as? Bool == true)
        let fresh = try #require(spans.first { $0["pid"] as? Int == run2 })
        #expect(abs((fresh["ts"] as! NSNumber).doubleValue - 100_000) < 1)
        #expect(abs((fresh["dur"] as! NSNumber).doubleValue - 300_000) < 1)
        #expect((fresh["args"] as? [String: Any])?["finished"] as? Bool == true)
        // Each process has its own "box" track.
        let boxTracks = events.filter {
            $0["name"] as? String == "thread_name" && ($0["args"] as? [String: Any])?["name"] as? String == "box"
        }
        #expect(Set(boxTracks.compactMap { $0["pid"] as? Int }) == [run1, run2])
    }

    @Test func overlappingAnimationsOfAViewGoOnSeparateTracks() throws {
        let scene = Scene()
        let trace = TraceRecorder()
        trace.observeAnimations(of: scene.runtime)
        let box = scene.add("box", Rect(x: 0, y: 0, width: 10, height: 10), .red)
        scene.runtime.animate(duration: 1, animations: { box.alpha = 0.5 })
        scene.runtime.advance(by: 0.5)
        scene.runtime.animate(duration: 1, animations: { box.alpha = 1 })
        try scene.runtime.settle()
        scene.runtime.animate(duration: 1, animations: { box.alpha = 0.2 })
        try scene.runtime.settle()
        let events = try parse(trace.json())
        let threads = events.filter { $0["name"] as? String == "thread_name" }
            .compactMap { ($0["args"] as? [String: Any])?["name"] as? String }
        #expect(threads == ["box", "box 2"])
        let tids = events.filter { $0["ph"] as? String == "X" }.compactMap { $0["tid"] as? Int }
        #expect(tids == [1, 2, 1])
    }

    @Test func measuredCallbacksNestOnTheWallClockTimeline() throws {
        let trace = TraceRecorder()
        var now = 10.0
        trace.wallClock = { now }
        let result = trace.measure(name: "dimmingViewTapped", source: "app.lua:12", virtualTime: 0.5) { () -> Int in
            now += 0.002
            trace.measure(name: "hook popup.didShow", source: "plugin.lua:3") { now += 0.001 }
            now += 0.001
            return 42
        }
        #expect(result == 42)
        let events = try parse(trace.json()).filter { $0["ph"] as? String == "X" }
        #expect(events.map { $0["name"] as? String } == ["dimmingViewTapped", "hook popup.didShow"])
        #expect(events.allSatisfy { $0["pid"] as? Int == TraceTimeline.wall.rawValue })
        let outer = events[0], inner = events[1]
        let outerStart = (outer["ts"] as! NSNumber).doubleValue, outerDur = (outer["dur"] as! NSNumber).doubleValue
        let innerStart = (inner["ts"] as! NSNumber).doubleValue, innerDur = (inner["dur"] as! NSNumber).doubleValue
        #expect(abs(outerDur - 4000) < 0.01 && abs(innerDur - 1000) < 0.01)
        #expect(innerStart >= outerStart && innerStart + innerDur <= outerStart + outerDur)
        let args = try #require(outer["args"] as? [String: Any])
        #expect(args["source"] as? String == "app.lua:12")
        #expect((args["virtual_time_s"] as? NSNumber)?.doubleValue == 0.5)
    }

    @Test func beginAndEndSpan() throws {
        let trace = TraceRecorder()
        let span = trace.beginSpan(name: "presentation", category: "transition", start: 1, track: "transitions")
        trace.endSpan(span, at: 1.5, args: ["completed": true])
        trace.endSpan(span, at: 9) // ended already: ignored
        let events = try parse(trace.json()).filter { $0["ph"] as? String == "X" }
        #expect(events.count == 1)
        #expect((events[0]["dur"] as! NSNumber).doubleValue == 500_000)
    }
}
