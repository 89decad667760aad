import ScrimCore

/// Records what a runtime's window shows at every frame step while it runs (for `scrim snapshot --film N`, whose
/// transition's length is only known once it has settled): start it, settle, stop it, pick `frames(count:)`.
public final class FilmRecorder {
    /// The recorded frames in time order, one a time; the first is the state when recording started (or, at the
    /// same time, just before time first moved).
    public private(set) var recorded: [RenderTree] = []
    private let runtime: Runtime
    private let background: Color
    private var observation: FrameObservation?

    /// Starts recording `runtime`, with the window as it is now as the first frame.
    public init(runtime: Runtime, background: Color = .white) {
        self.runtime = runtime
        self.background = background
        recorded.append(RenderTree(runtime: runtime, background: background))
        observation = runtime.clock.observeFrames { [weak self] _ in self?.capture() }
        // The clock counts the frame at time 0 as drawn, so the first stepped frame is 1/frameRate later; what a
        // script sets up before time first moves is taken when it does (at the start of the next turn).
        runtime.clock.runNextTurn(description: "film frame") { [weak self] in
            guard let self, self.observation != nil else { return }
            self.capture()
        }
    }

    deinit { observation?.cancel() }

    /// Stops recording, after one last frame of the window as it is now.
    public func stop() {
        guard let observation else { return }
        observation.cancel()
        self.observation = nil
        capture()
    }

    /// What a display refreshed at every frame step shows at `time`: the last frame recorded at or before it (the
    /// first frame if none), labelled with `time`.
    public func frame(at time: Seconds) -> RenderTree {
        var index = 0
        while index + 1 < recorded.count, recorded[index + 1].time <= time + 1e-9 { index += 1 }
        var frame = recorded[index]
        frame.time = time
        return frame
    }

    /// `count` recorded frames evenly spaced in time from the first to the last (the nearest recorded frame to
    /// each instant; fewer if fewer were recorded).
    public func frames(count: Int) -> [RenderTree] {
        guard count > 0, let first = recorded.first, let last = recorded.last else { return [] }
        guard count > 1, recorded.count > 1 else { return [last] }
        var result: [RenderTree] = []
        var index = 0
        for k in 0..<count {
            let time = first.time + (last.time - first.time) * Double(k) / Double(count - 1)
            while index + 1 < recorded.count,
                  abs(recorded[index + 1].time - time) <= abs(recorded[index].time - time) { index += 1 }
            if result.last.map({ $0.time != recorded[index].time }) ?? true { result.append(recorded[index]) }
        }
        return result
    }

    /// What `runtime` shows at each of `times` (ascending, at or after now), advancing its clock to each in turn.
    public static func frames(of runtime: Runtime, at times: [Seconds], background: Color = .white) -> [RenderTree] {
        times.map { time in
            runtime.clock.advance(to: time)
            return RenderTree(runtime: runtime, background: background)
        }
    }

    /// Takes a frame; one taken earlier at the same time is replaced (it may predate what was done since at that
    /// instant).
    private func capture() {
        if let last = recorded.last, last.time >= runtime.now { recorded.removeLast() }
        recorded.append(RenderTree(runtime: runtime, background: background))
    }
}
