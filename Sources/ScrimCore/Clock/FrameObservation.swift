/// A frame observer registered with `Clock.observeFrames`; `cancel()` unregisters it.
public final class FrameObservation {
    weak var clock: Clock?
    let observer: (Seconds) -> Void

    init(clock: Clock, observer: @escaping (Seconds) -> Void) {
        self.clock = clock
        self.observer = observer
    }

    /// Stops the observation.
    public func cancel() {
        clock?.removeFrameObservation(self)
    }
}
