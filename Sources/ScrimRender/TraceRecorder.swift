import ScrimCore

/// Collects a Chrome trace-event timeline (`scrim run --trace out.json`) that Perfetto and chrome://tracing open.
///
/// Two timelines, each a process in the trace: virtual time (animations per view, transition phases; pid 1) and
/// the wall clock since the recorder was made (Lua callbacks and hooks with what they cost; pid 2). A recorder that
/// goes on with a fresh runtime (`startNextRun`) gives each runtime's virtual time a process of its own (pid 3 for
/// the second, …), since each starts again from 0. Within a timeline each `track` (a view's name, "transitions",
/// "Lua") is a thread. Times are given in seconds and written in microseconds.
public final class TraceRecorder {
    /// The events recorded so far, in recording order (spans still open are not among them).
    public private(set) var events: [TraceEvent] = []
    /// Reads the wall clock, in seconds; replaceable for tests.
    public var wallClock: () -> Seconds = Clock.monotonicSeconds
    /// Gives the virtual time at which spans still open when the trace is written end; nil leaves them 0 long.
    public var virtualNow: (() -> Seconds)?
    /// The runtime recorded now, counted from 1 (see `startNextRun`).
    public private(set) var run = 1

    private let wallStart: Seconds
    /// Thread ids by process id and track name, and the tracks in the order they were first used.
    private var trackIDs: [Int: [String: Int]] = [:]
    private var trackOrder: [(pid: Int, name: String, tid: Int)] = []
    private var openSpans: [Int: OpenSpan] = [:]
    private var nextSpanID = 0
    private var animationSpans: [AnimationKey: (span: TraceSpan, animation: Animation, view: View)] = [:]
    private var viewTracks: [ObjectIdentifier: (name: String, view: AnyObject, lanesBusyUntil: [Seconds])] = [:]
    var hooks: [Hook] = []

    public init() {
        wallStart = Clock.monotonicSeconds()
    }

    // MARK: Recording

    /// A span from `start` lasting `duration` seconds (a Chrome "complete" event).
    public func recordSpan(name: String, category: String, start: Seconds, duration: Seconds,
                           args: [String: TraceValue] = [:], track: String = "main",
                           timeline: TraceTimeline = .virtual) {
        recordSpan(name: name, category: category, start: start, duration: duration, args: args, track: track,
                   pid: pid(timeline))
    }

    private func recordSpan(name: String, category: String, start: Seconds, duration: Seconds,
                            args: [String: TraceValue], track: String, pid: Int) {
        events.append(TraceEvent(name: name, category: category, phase: .complete, timestamp: microseconds(start),
                                 duration: microseconds(max(0, duration)), pid: pid, tid: tid(track, pid), args: args))
    }

    /// An instant at `time` (a Chrome "instant" event, thread-scoped).
    public func recordInstant(name: String, category: String, at time: Seconds, args: [String: TraceValue] = [:],
                              track: String = "main", timeline: TraceTimeline = .virtual) {
        events.append(TraceEvent(name: name, category: category, phase: .instant, timestamp: microseconds(time),
                                 duration: nil, pid: pid(timeline), tid: tid(track, pid(timeline)), args: args))
    }

    /// Opens a span whose end is not known yet (a transition phase); `endSpan` records it.
    public func beginSpan(name: String, category: String, start: Seconds, args: [String: TraceValue] = [:],
                          track: String = "main", timeline: TraceTimeline = .virtual) -> TraceSpan {
        nextSpanID += 1
        openSpans[nextSpanID] = OpenSpan(name: name, category: category, start: start, args: args, track: track,
                                         pid: pid(timeline))
        return TraceSpan(id: nextSpanID)
    }

    /// Records the span `span` ending at `end`, with `args` added (and renamed to `name` if given, for what is
    /// only known at the end); does nothing if it has already ended.
    public func endSpan(_ span: TraceSpan, at end: Seconds, args: [String: TraceValue] = [:], name: String? = nil) {
        guard let open = openSpans.removeValue(forKey: span.id) else { return }
        recordSpan(name: name ?? open.name, category: open.category, start: open.start, duration: end - open.start,
                   args: open.args.merging(args) { _, new in new }, track: open.track, pid: open.pid)
    }

    /// Wall-clock seconds since the recorder was made: the time base of the `.wall` timeline.
    public var wallNow: Seconds { wallClock() - wallStart }

    /// Runs `body` (a Lua callback or hook handler) and records what it cost on the wall-clock timeline, with
    /// `source` (`file:line`) and the virtual time it ran at. Nested calls nest in the trace.
    public func measure<T>(name: String, category: String = "lua", source: String? = nil,
                           virtualTime: Seconds? = nil, args: [String: TraceValue] = [:], track: String = "Lua",
                           _ body: () throws -> T) rethrows -> T {
        var args = args
        if let source { args["source"] = .string(source) }
        if let virtualTime { args["virtual_time_s"] = .number(virtualTime) }
        // Open while it runs: a trace written while the call is still under way (the script called os.exit)
        // shows it, unfinished.
        let span = beginSpan(name: name, category: category, start: wallNow, args: args, track: track, timeline: .wall)
        defer { endSpan(span, at: wallNow) }
        return try body()
    }

    // MARK: Animations

    /// Records every animation of `runtime` as spans, one per animated view on a track named after the view,
    /// from the end of its delay to its end (its end time if it finished, the cancel time if not), by listening to
    /// `animation.didStart` and `animation.didFinish`. An animation cancelled or removed gets no `didFinish` for its
    /// views from ScrimCore, so its span ends when the next animation event (or `json()`) notices it has ended.
    /// Spans still open at `json()` end at the runtime's now, marked unfinished.
    public func observeAnimations(of runtime: Runtime) {
        let clock = runtime.clock
        virtualNow = { [weak clock] in clock?.now ?? 0 }
        hooks.append(runtime.hooks.on("animation.didStart", group: "scrim.trace") { [weak self] event in
            self?.animationDidStart(event)
        })
        hooks.append(runtime.hooks.on("animation.didFinish", group: "scrim.trace") { [weak self, weak clock] event in
            self?.animationDidFinish(event, now: clock?.now ?? 0)
            self?.closeEndedAnimations()
        })
    }

    /// Stops listening to the hooks `observeAnimations` and `observeTransitions` registered.
    private func stopObserving() {
        for hook in hooks { hook.remove() }
        hooks = []
    }

    /// Goes on with a fresh runtime, observed next (a live window ran its script again): stops observing the
    /// previous one, whose spans still open on its virtual timeline (a running animation, a transition in flight)
    /// end at its clock's time, marked unfinished — that runtime's time ends there —; the next runtime's virtual time,
    /// which starts again from 0, is a process of its own. Calls under way on the wall clock go on.
    public func startNextRun() {
        stopObserving()
        closeEndedAnimations()
        let now = virtualNow?() ?? 0
        for (key, entry) in animationSpans {
            animationSpans[key] = nil
            endSpan(entry.span, at: min(now, entry.animation.endTime), args: ["unfinished": .bool(true)],
                    name: entry.animation.label ?? "animation")
        }
        let virtual = pid(.virtual)
        for (id, open) in openSpans.sorted(by: { $0.key < $1.key }) where open.pid == virtual {
            endSpan(TraceSpan(id: id), at: now, args: ["unfinished": .bool(true)])
        }
        viewTracks = [:]
        virtualNow = nil
        run += 1
    }

    private func animationDidStart(_ event: HookEvent) {
        closeEndedAnimations()
        guard let view = event.target as? View, let animation = event["animation"]?.objectValue as? Animation else {
            return
        }
        var args: [String: TraceValue] = [
            "properties": .string(animation.properties(of: view).map(\.rawValue).joined(separator: ", ")),
            "duration_s": .number(animation.duration),
            "delay_s": .number(animation.delay),
        ]
        if let spring = animation.spring {
            args["spring_damping"] = .number(spring.damping)
            args["spring_velocity"] = .number(spring.velocity)
        } else {
            let c = animation.curve
            args["curve"] = .string(c.name ?? "cubic-bezier(\(c.x1), \(c.y1), \(c.x2), \(c.y2))")
        }
        let start = animation.startTime + animation.delay
        let span = beginSpan(name: animation.label ?? "animation", category: "animation", start: start, args: args,
                             track: lane(for: view, from: start, to: animation.endTime))
        animationSpans[AnimationKey(animation, view)] = (span, animation, view)
    }

    /// Ends the spans of animations that ended without an `animation.didFinish` for their view (ScrimCore does not
    /// report the views of an animation removed by `cancel` or `removeAllAnimations`), at the time this is noticed.
    private func closeEndedAnimations() {
        guard !animationSpans.isEmpty else { return }
        let now = virtualNow?() ?? 0
        for (key, entry) in animationSpans where !entry.animation.isRunning {
            animationSpans[key] = nil
            endSpan(entry.span, at: min(now, entry.animation.endTime),
                    args: ["finished": .bool(entry.animation.finished ?? false)],
                    name: entry.animation.label ?? "animation")
        }
    }

    private func animationDidFinish(_ event: HookEvent, now: Seconds) {
        guard let view = event.target as? View, let animation = event["animation"]?.objectValue as? Animation else {
            return
        }
        let finished = event["finished"]?.boolValue ?? true
        let end = finished ? animation.endTime : min(now, animation.endTime)
        if let entry = animationSpans.removeValue(forKey: AnimationKey(animation, view)) {
            // The label may have been set after `animate` returned, when the span had already begun.
            endSpan(entry.span, at: end, args: ["finished": .bool(finished)], name: animation.label ?? "animation")
        } else if animation.duration <= 0 {
            // Applied at once: it never started running, so there was no didStart.
            recordSpan(name: animation.label ?? "animation", category: "animation", start: animation.startTime,
                       duration: 0, args: ["finished": .bool(finished), "duration_s": .number(animation.duration)],
                       track: track(for: view))
        }
    }

    private func track(for view: View) -> String {
        let id = ObjectIdentifier(view)
        if let known = viewTracks[id] { return known.name }
        let name = view.name ?? "\(view.className) #\(viewTracks.count + 1)"
        viewTracks[id] = (name, view, [])
        return name
    }

    /// The view's track, or another of its tracks (`sheet 2`) if an animation still runs on it from `start`: trace
    /// viewers only show spans on one track if they nest, and additive animations of a view overlap.
    private func lane(for view: View, from start: Seconds, to end: Seconds) -> String {
        let name = track(for: view)
        let id = ObjectIdentifier(view)
        var lanes = viewTracks[id]!.lanesBusyUntil
        let index = lanes.firstIndex { $0 <= start + 1e-9 } ?? lanes.count
        if index == lanes.count { lanes.append(end) } else { lanes[index] = end }
        viewTracks[id]!.lanesBusyUntil = lanes
        return index == 0 ? name : "\(name) \(index + 1)"
    }

    // MARK: Output

    /// The whole trace as JSON, `{"traceEvents":[…]}`: process and thread names first, then the events in time
    /// order (at equal times, longer spans first, so that they enclose the shorter ones). Spans still open end at
    /// `virtualNow` (virtual timeline) or now (wall timeline), marked `"unfinished": true`.
    public func json() -> String {
        closeEndedAnimations()
        for entry in animationSpans.values {
            openSpans[entry.span.id]?.name = entry.animation.label ?? "animation"
        }
        var all = events
        for (_, open) in openSpans.sorted(by: { $0.key < $1.key }) {
            // Every virtual span still open is the current runtime's (`startNextRun` ended the others').
            let end = open.pid == TraceTimeline.wall.rawValue ? wallNow : (virtualNow?() ?? open.start)
            var args = open.args
            args["unfinished"] = .bool(true)
            all.append(TraceEvent(name: open.name, category: open.category, phase: .complete,
                                  timestamp: microseconds(open.start), duration: microseconds(max(0, end - open.start)),
                                  pid: open.pid, tid: tid(open.track, open.pid), args: args))
        }
        let ordered = all.enumerated().sorted { a, b in
            if a.element.timestamp != b.element.timestamp { return a.element.timestamp < b.element.timestamp }
            let da = a.element.duration ?? 0, db = b.element.duration ?? 0
            if da != db { return da > db }
            return a.offset < b.offset
        }.map(\.element)
        var out = "{\"traceEvents\":[\n"
        var first = true
        func append(_ event: TraceEvent) {
            if !first { out += ",\n" }
            first = false
            out += event.json
        }
        for pid in Set(trackOrder.map(\.pid)).sorted() {
            append(TraceEvent(name: "process_name", category: "", phase: .metadata, timestamp: 0, duration: nil,
                              pid: pid, tid: 0, args: ["name": .string(processName(pid))]))
        }
        for track in trackOrder {
            append(TraceEvent(name: "thread_name", category: "", phase: .metadata, timestamp: 0, duration: nil,
                              pid: track.pid, tid: track.tid, args: ["name": .string(track.name)]))
        }
        for event in ordered { append(event) }
        out += "\n],\"displayTimeUnit\":\"ms\"}\n"
        return out
    }

    /// Writes `json()` to `path`.
    public func write(to path: String) throws {
        try writeTextFile(json(), to: path)
    }

    // MARK: Internals

    private func microseconds(_ seconds: Seconds) -> Double {
        (seconds * 1_000_000 * 1000).rounded() / 1000
    }

    /// The process of `timeline` for the runtime recorded now: pid 1 and 2 for the first, then 3, 4, … for the
    /// virtual time of the next ones (the wall clock goes on as one timeline).
    private func pid(_ timeline: TraceTimeline) -> Int {
        timeline == .virtual && run > 1 ? run + 1 : timeline.rawValue
    }

    /// `virtual time`, or `virtual time (run N)` once there were several runtimes; `wall clock (Lua callbacks)`.
    private func processName(_ pid: Int) -> String {
        if pid == TraceTimeline.wall.rawValue { return "wall clock (Lua callbacks)" }
        guard run > 1 else { return "virtual time" }
        return "virtual time (run \(pid == TraceTimeline.virtual.rawValue ? 1 : pid - 1))"
    }

    private func tid(_ track: String, _ pid: Int) -> Int {
        if let id = trackIDs[pid]?[track] { return id }
        let id = (trackIDs[pid]?.count ?? 0) + 1
        trackIDs[pid, default: [:]][track] = id
        trackOrder.append((pid, track, id))
        return id
    }

    private struct OpenSpan {
        var name: String
        var category: String
        var start: Seconds
        var args: [String: TraceValue]
        var track: String
        var pid: Int
    }

    private struct AnimationKey: Hashable {
        let animation: ObjectIdentifier
        let view: ObjectIdentifier
        init(_ animation: Animation, _ view: View) {
            self.animation = ObjectIdentifier(animation)
            self.view = ObjectIdentifier(view)
        }
    }
}

/// A span opened with `TraceRecorder.beginSpan`, to pass to `endSpan`.
public struct TraceSpan: Hashable {
    let id: Int
}
