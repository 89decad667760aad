import ScrimCore

/// One Chrome trace event (the format Perfetto and chrome://tracing read).
public struct TraceEvent: Equatable {
    /// `X` complete (a span), `i` instant, `M` metadata (process and thread names).
    public enum Phase: String {
        case complete = "X"
        case instant = "i"
        case metadata = "M"
    }

    public var name: String
    public var category: String
    public var phase: Phase
    /// Start, in microseconds of its timeline.
    public var timestamp: Double
    /// Length in microseconds (complete events only).
    public var duration: Double?
    /// The process: one per timeline (`TraceTimeline`; each runtime's virtual time its own, see `TraceRecorder`).
    public var pid: Int
    /// The thread: one per track within a timeline.
    public var tid: Int
    public var args: [String: TraceValue]

    /// The event as one JSON object; args in key order, so that output is stable.
    public var json: String {
        var out = "{\"name\":"
        JSON.writeString(name, to: &out)
        if !category.isEmpty {
            out += ",\"cat\":"
            JSON.writeString(category, to: &out)
        }
        out += ",\"ph\":\"\(phase.rawValue)\",\"ts\":"
        JSON.writeNumber(timestamp, to: &out)
        if let duration {
            out += ",\"dur\":"
            JSON.writeNumber(duration, to: &out)
        }
        if phase == .instant { out += ",\"s\":\"t\"" }
        out += ",\"pid\":\(pid),\"tid\":\(tid)"
        if !args.isEmpty {
            out += ",\"args\":{"
            for (i, key) in args.keys.sorted().enumerated() {
                if i > 0 { out += "," }
                JSON.writeString(key, to: &out)
                out += ":"
                args[key]!.write(to: &out)
            }
            out += "}"
        }
        out += "}"
        return out
    }
}

/// Which clock a trace event's times are on; each is a process in the trace.
public enum TraceTimeline: Int {
    /// The runtime's virtual clock (animations, transitions): pid 1.
    case virtual = 1
    /// The wall clock since the recorder was made (what Lua callbacks cost): pid 2.
    case wall = 2
}
