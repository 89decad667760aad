import ScrimCore

/// How the window's clock follows the wall clock: in real time (the clock's real-time mode, as `--realtime`),
/// paused, or slowed ten times (the iOS Simulator's Slow Animations), by feeding the clock a wall clock that runs
/// slower.
final class Playback {
    static let slowFactor = 10.0

    private(set) var isPaused = false
    private(set) var isSlow = false
    /// Where the slowed wall clock was when the speed last changed, and the real one then.
    private var anchor: (real: Seconds, slowed: Seconds)

    init() {
        let now = Clock.monotonicSeconds()
        anchor = (now, now)
    }

    /// The wall clock the runtime's clock follows: real seconds, divided by ten while slow.
    func wallClock() -> Seconds {
        anchor.slowed + (Clock.monotonicSeconds() - anchor.real) / (isSlow ? Playback.slowFactor : 1)
    }

    /// Makes `clock` follow this playback from now on (again, for a fresh runtime).
    func drive(_ clock: Clock) {
        clock.wallClock = { [weak self] in self?.wallClock() ?? Clock.monotonicSeconds() }
        if isPaused { clock.stopRealTime() } else { clock.startRealTime() }
    }

    /// Moves `clock` to where the wall clock says it should be, unless paused.
    func tick(_ clock: Clock) {
        if !isPaused { clock.advanceToWallClock() }
    }

    /// Space: stops or restarts the clock; it restarts where it stopped.
    func togglePause(_ clock: Clock) {
        isPaused.toggle()
        if isPaused { clock.stopRealTime() } else { clock.startRealTime() }
    }

    /// `.`: one frame of virtual time, while paused.
    func stepFrame(_ clock: Clock) {
        guard isPaused else { return }
        clock.advance(by: 1 / clock.frameRate)
    }

    /// S: slow animations on or off; virtual time goes on from where it is.
    func toggleSlow() {
        let now = Clock.monotonicSeconds()
        anchor = (now, wallClock())
        isSlow.toggle()
    }
}
