/// An observer's registration with `Clock.observeFrames`, kept by the clock until `cancel()`.
public final class FrameObservation {
    weak var clock: Clock?
    /// The observer: held weakly when it registered itself (it usually keeps its observation, and an observer that
    /// went away observes nothing), strongly when it is a closure the clock wrapped.
    let observer: () -> FrameObserver?

    init(clock: Clock, observer: @escaping () -> FrameObserver?) {
        self.clock = clock
        self.observer = observer
    }

    /// Stops the observation.
    public func cancel() {
        clock?.removeFrameObservation(self)
    }
}

/// A closure called at every frame step (`Clock.observeFrames { time in … }`): a display that needs every frame and
/// keeps nothing pending.
final class FrameCallback: FrameObserver {
    let body: (Seconds) -> Void
    init(_ body: @escaping (Seconds) -> Void) { self.body = body }
    var needsFrames: Bool { true }
    func stepFrame(at time: Seconds) { body(time) }
}
