import ScrimCore

/// What the `F` overlay shows of the window's own work: how long the last frames took to draw, the 95th percentile
/// of the last 120, and how many refreshes went by without a frame because one was late.
struct FrameStats {
    private var recent: [Double] = []
    private var next = 0
    /// Milliseconds the last frame drawn took (the scene and what is laid over it).
    private(set) var last = 0.0
    /// Refreshes missed since the window opened.
    private(set) var dropped = 0

    mutating func record(milliseconds: Double) {
        last = milliseconds
        if recent.count < 120 {
            recent.append(milliseconds)
        } else {
            recent[next] = milliseconds
            next = (next + 1) % recent.count
        }
    }

    mutating func missed(_ refreshes: Int) { dropped += refreshes }

    var p95: Double {
        guard !recent.isEmpty else { return 0 }
        let sorted = recent.sorted()
        return sorted[min(sorted.count - 1, Int((Double(sorted.count) * 0.95).rounded(.down)))]
    }

    /// The overlay's lines: `frame 1.2 ms · p95 2.0 ms`, `dropped 3`, then the clock.
    func lines(now: Seconds, paused: Bool, slow: Bool) -> [String] {
        var clock = "t \(FrameStats.format(now)) s"
        if paused { clock += " · paused" }
        if slow { clock += " · slow ×10" }
        return ["frame \(FrameStats.format(last)) ms · p95 \(FrameStats.format(p95)) ms", "dropped \(dropped)", clock]
    }

    /// One decimal place.
    static func format(_ value: Double) -> String {
        guard value.isFinite else { return "-" }
        let tenths = Int((min(max(value, -1e12), 1e12) * 10).rounded())
        return "\(tenths < 0 ? "-" : "")\(abs(tenths) / 10).\(abs(tenths) % 10)"
    }
}
