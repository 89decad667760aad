/// Something the clock steps at frame times: the animation engine, a film recorder, a live window. The clock asks
/// every observer the same questions, so that frames are stepped only while one needs them, `settle` waits for (and
/// names) what an observer is waiting for, and frames nobody needs are skipped.
public protocol FrameObserver: AnyObject {
    /// Whether the clock must step frames for this observer now. While no observer needs frames, none are stepped.
    var needsFrames: Bool { get }
    /// Whether `settle` must wait for this observer (it is waiting for something a frame step will end).
    var isPending: Bool { get }
    /// What this observer is waiting for, one entry each, as `settle` names it when it runs out of time.
    var pendingDescriptions: [String] { get }
    /// The earliest time a frame step can change anything for this observer, or nil if every frame does (a display).
    /// Frames before it are skipped unless another observer needs them.
    var nextRequiredFrameTime: Seconds? { get }
    /// Steps one frame at `time`.
    func stepFrame(at time: Seconds)
}

extension FrameObserver {
    public var isPending: Bool { false }
    public var pendingDescriptions: [String] { [] }
    public var nextRequiredFrameTime: Seconds? { nil }
}
