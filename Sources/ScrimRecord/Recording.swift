import ScrimCore
import ScrimRender

/// A stretch of a run written as an animation at a constant frame rate: frame k is what a display refreshed at
/// the run's frame steps shows at `start + k / framesPerSecond`, shown for 1 / framesPerSecond, except the last,
/// which is the end itself (so a recording to the end of a settled run ends on the settled picture) and lasts until
/// the end: the file is as long as the stretch (one frame long for a stretch of no length). Everything is taken
/// from the virtual clock, so the file is the same whatever the machine's speed.
public struct Recording {
    /// How a count of frames reads in what the commands print: `1 frame`, `24 frames`.
    public static func frames(_ count: Int) -> String { count == 1 ? "1 frame" : "\(count) frames" }

    /// Frames a second (1 to 120).
    public var framesPerSecond: Double
    /// Pixels a point.
    public var scale: Double

    public static let framesPerSecondRange: ClosedRange<Double> = 1...120

    public init(framesPerSecond: Double = 30, scale: Double = 1) {
        self.framesPerSecond = framesPerSecond
        self.scale = scale
    }

    /// The frame times from `start` to `end`: `start + k / framesPerSecond` for each frame that starts before
    /// `end`, the last one moved to `end` itself.
    public func times(from start: Seconds, to end: Seconds) -> [Seconds] {
        let count = max(1, Int((duration(from: start, to: end) * framesPerSecond - 1e-6).rounded(.up)))
        return (0..<count).map { $0 == count - 1 ? max(start, end) : start + Double($0) / framesPerSecond }
    }

    /// How long the file plays: the stretch, or one frame for a stretch of no length.
    public func duration(from start: Seconds, to end: Seconds) -> Seconds {
        let span = end - start
        return span.isFinite && span > 0 ? span : 1 / framesPerSecond
    }

    /// Writes the frames `frame(time)` gives for `times(from:to:)` to `path` (its extension picks the format) and
    /// returns how many there were. Drawing and encoding are work a script caused: once `budget` is spent the
    /// recording stops with its error, before the file is completed — or, `partial`, the frames done by then are
    /// completed into a shorter file (the budget is looked at between frames and while one is drawn, not while one
    /// is encoded), and their count returned: what there is after a run stopped early, written under an allowance.
    @discardableResult
    public func write(to path: String, size: Size, from start: Seconds, to end: Seconds,
                      budget: TimeBudget = .unlimited, partial: Bool = false,
                      frame: (Seconds) -> RenderTree) throws -> Int {
        let format = try AnimationFormat(path: path)
        let buffer = try FrameBuffer(size: size, scale: scale)
        let writer = try format.writer(path: path, width: buffer.width, height: buffer.height,
                                       framesPerSecond: framesPerSecond, budget: partial ? .unlimited : budget)
        let times = times(from: start, to: end)
        for (index, time) in times.enumerated() {
            do {
                if let exceeded = budget.exceeded() { throw exceeded }
                try buffer.draw(frame(time), budget: budget)
            } catch is TimeBudgetExceeded where partial && index > 0 {
                try writer.finish(at: Double(index) / framesPerSecond)
                return index
            }
            try writer.add(buffer, at: Double(index) / framesPerSecond)
        }
        try writer.finish(at: duration(from: start, to: end))
        return times.count
    }

    /// Records `seconds` of `runtime` from now, advancing its clock through them (what the REPL's `:record` does),
    /// and returns how many frames were written.
    @discardableResult
    public func record(_ runtime: Runtime, seconds: Seconds, to path: String,
                       background: Color = .white) throws -> Int {
        _ = try AnimationFormat(path: path)
        let start = runtime.now
        let film = FilmRecorder(runtime: runtime, background: background)
        runtime.clock.advance(to: start + seconds)
        film.stop()
        if let interruption = runtime.clock.interruption { throw interruption }
        return try write(to: path, size: runtime.screen.bounds.size, from: start, to: start + seconds,
                         budget: runtime.timeBudget, frame: film.frame(at:))
    }
}
