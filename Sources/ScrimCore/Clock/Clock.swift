/// The run loop and its virtual clock: one scheduler for timers, frame steps, animation completions and
/// next-turn work, with time moved by hand (`advance`, `settle`) or from the wall clock (`advanceToWallClock`).
///
/// Within one `advance`, events run in time order. At equal times: due timers first (in scheduling order), then the
/// frame step, then the work it queued (completions of animations that ended in that frame). After every event the
/// run loop takes one turn: the next-turn work queued before the turn began runs, in order; work queued during a
/// turn waits for the next one. Frames fall at whole multiples of 1 / `frameRate` and are stepped only while
/// something animates or observes frames. An error thrown by any action goes to `onError` and the loop goes on.
///
/// Time stops at `maximumTime`: later times (a timer's due time, a target, a settle deadline) are clamped to it, so
/// that frame indices stay exact integers. A host's `budget` bounds the wall time of `advance` and `settle`.
public final class Clock {
    /// The latest virtual time, in seconds (about 31,700 years): at the highest frame rate its frame index is still
    /// an exact integer (below 2^53), and frames are several ulps apart.
    public static let maximumTime: Seconds = 1e12
    /// The highest frame rate the clock steps at; higher rates are ignored as other invalid rates are.
    public static let maximumFrameRate: Double = 1000

    /// The virtual time, in seconds since the clock was made.
    public private(set) var now: Seconds = 0

    /// Frames per second of the virtual display; values ≤ 0, not finite or above `maximumFrameRate` are ignored.
    public var frameRate: Double = 60 {
        didSet {
            if !Clock.isValidFrameRate(frameRate) { frameRate = oldValue }
            lastFrameIndex = frameIndex(at: now)
        }
    }

    /// Receives errors thrown by timers and next-turn work, with what was running (`timer due at 2 s`).
    public var onError: (Error, String) -> Void = { error, context in
        writeToStandardError("scrim: error in \(context): \(ErrorReport.message(of: error))\n")
    }

    /// Reads the wall clock, in seconds from an arbitrary start; replaceable for tests of real-time mode.
    public var wallClock: () -> Seconds = Clock.monotonicSeconds

    /// A time budget (the runtime's `TimeBudget`, a script's `--timeout`), called between the events of `advance`
    /// and `settle`, whose loops are otherwise unbounded (a timer re-arming itself at the same instant, a billion
    /// frame steps). When it throws, the clock stops where it is: `settle` rethrows the error, `advance` returns
    /// early and leaves it in `interruption`.
    public var budget: (() throws -> Void)?

    /// The error `budget` threw during the last outermost `advance` or `settle`, if it stopped one; cleared when
    /// the next begins.
    public private(set) var interruption: Error?

    /// Times closer than this are the same instant (sums of frame intervals drift by a few ulps).
    static let timeTolerance = 1e-9

    private var timers = MinHeap<ScheduledTask>()
    private var liveTimerCount = 0
    private var turnQueue: [(description: String, action: () throws -> Void)] = []
    private var pendingWork: [PendingWork] = []
    private var frameObservers: [FrameObservation] = []
    private var lastFrameIndex = 0
    private var sequence = 0
    private var realTimeAnchor: (wall: Seconds, virtual: Seconds)?
    /// Whether an `advance` or `settle` is running (an action may advance the clock itself).
    private var isMoving = false

    public init(frameRate: Double = 60) {
        if Clock.isValidFrameRate(frameRate) { self.frameRate = frameRate }
    }

    /// Whether the clock accepts `rate` as its frame rate: above 0 and at most `maximumFrameRate`.
    public static func isValidFrameRate(_ rate: Double) -> Bool {
        rate > 0 && rate <= maximumFrameRate
    }

    /// The latest delay a timer scheduled now can have: the time left before `maximumTime`.
    public var maximumDelay: Seconds { Clock.maximumTime - now }

    // MARK: Scheduling

    /// Runs `action` once, `delay` seconds from now (negative or NaN counts as 0; the due time is clamped to
    /// `maximumTime`); `label` names it in `settle`.
    @discardableResult
    public func schedule(after delay: Seconds, label: String? = nil, _ action: @escaping () throws -> Void) -> ScheduledTask {
        sequence += 1
        let due = min(now + (delay > 0 ? delay : 0), Clock.maximumTime)
        let task = ScheduledTask(dueTime: due, label: label, sequence: sequence, clock: self, action: action)
        timers.insert(task)
        liveTimerCount += 1
        return task
    }

    /// Runs `action` on the next turn of the run loop, at the current time: at the start of the next `advance` or
    /// `settle` (even `advance(by: 0)`), or right after the event that is running now.
    public func runNextTurn(description: String = "next-turn work", _ action: @escaping () throws -> Void) {
        turnQueue.append((description, action))
    }

    /// Keeps `settle` from returning until `endPendingWork(work)`.
    public func beginPendingWork(_ work: PendingWork) {
        if !pendingWork.contains(where: { $0 === work }) { pendingWork.append(work) }
    }

    /// Ends what `beginPendingWork` started; does nothing if `work` is not pending.
    public func endPendingWork(_ work: PendingWork) {
        pendingWork.removeAll { $0 === work }
    }

    /// Steps `observer` at frame times while it needs frames, from the next frame on, after the observers registered
    /// before it. The clock holds it weakly: keep it (and the observation, to `cancel()` it) alive yourself.
    @discardableResult
    public func observeFrames(_ observer: FrameObserver) -> FrameObservation {
        let observation = FrameObservation(clock: self) { [weak observer] in observer }
        frameObservers.append(observation)
        return observation
    }

    /// Calls `body` after every frame step with the frame's time (for live rendering): an observer that needs every
    /// frame and keeps nothing pending. The clock keeps it until the observation's `cancel()`.
    public func observeFrames(_ body: @escaping (Seconds) -> Void) -> FrameObservation {
        let callback = FrameCallback(body)
        let observation = FrameObservation(clock: self) { callback }
        frameObservers.append(observation)
        return observation
    }

    func removeFrameObservation(_ observation: FrameObservation) {
        frameObservers.removeAll { $0 === observation }
    }

    func timerDidEnd() {
        liveTimerCount -= 1
    }

    // MARK: State

    /// Whether nothing is pending: no timers, no frame observer waiting (running animations), no next-turn work, no
    /// registered pending work.
    public var isIdle: Bool {
        turnQueue.isEmpty && liveTimerCount == 0 && pendingWork.isEmpty
            && !frameObservers.contains { $0.observer()?.isPending == true }
    }

    /// What keeps the clock from being idle, as `settle` names it: what frame observers wait for (animations), then
    /// timers (by due time), then pending work, then next-turn work.
    public var pendingDescriptions: [String] {
        var result = observers.flatMap(\.pendingDescriptions)
        let live = timers.elements.filter(\.isPending).sorted {
            $0.dueTime < $1.dueTime || ($0.dueTime == $1.dueTime && $0.sequence < $1.sequence)
        }
        result += live.map(\.description)
        result += pendingWork.map(\.pendingDescription)
        result += turnQueue.map(\.description)
        return result
    }

    /// The pending timers, earliest first.
    public var pendingTimers: [ScheduledTask] {
        timers.elements.filter(\.isPending).sorted {
            $0.dueTime < $1.dueTime || ($0.dueTime == $1.dueTime && $0.sequence < $1.sequence)
        }
    }

    // MARK: Moving time

    /// Moves time forward by `seconds` (negative counts as 0), running everything due on the way in time order.
    public func advance(by seconds: Seconds) {
        advance(to: now + (seconds > 0 ? seconds : 0))
    }

    /// Moves time forward to `time` (nothing moves back; a time that is not finite counts as now; past
    /// `maximumTime` counts as `maximumTime`), running everything due on the way in time order. Stops early if
    /// `budget` throws (see `interruption`).
    public func advance(to time: Seconds) {
        let target = time.isFinite ? min(max(now, time), max(now, Clock.maximumTime)) : now
        let outermost = beginMoving()
        defer { if outermost { isMoving = false } }
        runTurn()
        while let next = nextEvent(), next.time <= target + Clock.timeTolerance {
            if !withinBudget() { return }
            now = max(now, min(next.time, target))
            if let task = next.timer {
                timers.removeFirst()
                run(task)
            } else {
                lastFrameIndex = next.frame
                stepFrame()
            }
            runTurn()
        }
        // An action may have advanced the clock itself (a nested `settle`); time never goes back.
        now = max(now, target)
    }

    /// Advances until nothing is pending and returns the seconds advanced; throws `SettleError` (naming what is
    /// still pending) if that takes longer than `timeout`, leaving the clock `timeout` seconds later. A timeout that
    /// is not finite counts as the default 10 s, so that settle always ends; the deadline is at most `maximumTime`.
    /// Rethrows what `budget` throws.
    @discardableResult
    public func settle(timeout: Seconds = 10) throws -> Seconds {
        let timeout = timeout.isFinite ? max(0, timeout) : 10
        let start = now
        let deadline = max(now, min(now + timeout, Clock.maximumTime))
        var turnsAtSameTime = 0
        let outermost = beginMoving()
        defer { if outermost { isMoving = false } }
        while true {
            if !withinBudget(), let interruption { throw interruption }
            if !turnQueue.isEmpty {
                runTurn()
                turnsAtSameTime += 1
                if turnsAtSameTime > 100_000 {
                    throw SettleError(elapsed: now - start, pending: pendingDescriptions)
                }
                continue
            }
            if isIdle { return now - start }
            guard let next = nextEvent(forSettling: true), next.time <= deadline + Clock.timeTolerance else {
                advance(to: deadline)
                if let interruption { throw interruption }
                if isIdle { return now - start }
                throw SettleError(elapsed: min(timeout, deadline - start), pending: pendingDescriptions)
            }
            turnsAtSameTime = 0
            advance(to: next.time)
        }
    }

    // MARK: Real time

    /// Starts (or restarts) tying virtual time to the wall clock from now on.
    public func startRealTime() {
        realTimeAnchor = (wallClock(), now)
    }

    /// Stops tying virtual time to the wall clock.
    public func stopRealTime() {
        realTimeAnchor = nil
    }

    /// Whether `startRealTime` is in effect.
    public var isRealTime: Bool { realTimeAnchor != nil }

    /// Advances to where the wall clock says virtual time should be (starting real time first if needed) and
    /// returns the seconds advanced; the same scheduler runs everything, as in `advance`. If virtual time has been
    /// moved past the wall clock (an explicit `advance`), the anchor moves up instead of time going back.
    @discardableResult
    public func advanceToWallClock() -> Seconds {
        guard let anchor = realTimeAnchor else {
            startRealTime()
            return 0
        }
        let wall = wallClock()
        let target = anchor.virtual + (wall - anchor.wall)
        if target < now {
            realTimeAnchor = (wall, now)
            return 0
        }
        let before = now
        advance(to: target)
        return now - before
    }

    /// Seconds on the process's monotonic clock.
    public static func monotonicSeconds() -> Seconds {
        let elapsed = ContinuousClock.now - processStart
        let parts = elapsed.components
        return Double(parts.seconds) + Double(parts.attoseconds) * 1e-18
    }

    private static let processStart = ContinuousClock.now

    // MARK: Internals

    /// The observers still alive, in registration order; registrations of observers that went away are dropped.
    private var observers: [FrameObserver] {
        var alive: [FrameObserver] = []
        alive.reserveCapacity(frameObservers.count)
        var dead = false
        for observation in frameObservers {
            if let observer = observation.observer() { alive.append(observer) } else { dead = true }
        }
        if dead { frameObservers.removeAll { $0.observer() == nil } }
        return alive
    }

    private func frameIndex(at time: Seconds) -> Int {
        Int(clamping: (time * frameRate + Clock.timeTolerance).rounded(.down), to: 0...Int.max / 2)
    }

    /// Notes the start of an `advance` or `settle`; true for the outermost one, which clears the last
    /// `interruption`.
    private func beginMoving() -> Bool {
        guard !isMoving else { return false }
        isMoving = true
        interruption = nil
        return true
    }

    /// Asks `budget` whether the clock may go on; false (with `interruption` set) once it threw.
    private func withinBudget() -> Bool {
        if interruption != nil { return false }
        guard let budget else { return true }
        do {
            try budget()
            return true
        } catch {
            interruption = error
            return false
        }
    }

    /// The earliest pending event: a live timer, or the next frame if frames are wanted. Timers win ties.
    private func nextEvent(forSettling: Bool = false) -> (time: Seconds, timer: ScheduledTask?, frame: Int)? {
        while let top = timers.first, !top.isPending { timers.removeFirst() }
        var frameTime = Double.infinity
        var frame = lastFrameIndex + 1
        // Frames are stepped while an observer needs them; `settle` only waits for them while one is also pending.
        let framing = framingObservers()
        if forSettling ? framing.pending : framing.any {
            // Frames skipped while nothing wanted them are past; one falling exactly on `now` is still due.
            let due = Int(clamping: (now * frameRate - Clock.timeTolerance).rounded(.up), to: 0...Int.max / 2)
            lastFrameIndex = max(lastFrameIndex, due - 1)
            frame = lastFrameIndex + 1
            if let end = framing.earliestRequired {
                // A frame no observer requires changes nothing: go straight to the frame before the one where the
                // earliest requirement falls (one early, whichever way the products round). Only looked ahead, not
                // kept: a requirement added before that frame (an animation a timer or a touch starts) may be sooner.
                let ending = Int(clamping: (end * frameRate - Clock.timeTolerance).rounded(.up), to: 0...Int.max / 2)
                frame = max(frame, ending - 1)
            }
            frameTime = Double(frame) / frameRate
        }
        if let top = timers.first, top.dueTime <= frameTime + Clock.timeTolerance {
            return (top.dueTime, top, frame)
        }
        return frameTime.isFinite ? (frameTime, nil, frame) : nil
    }

    private func run(_ task: ScheduledTask) {
        guard let action = task.action else { return }
        task.action = nil
        liveTimerCount -= 1
        do { try action() } catch { onError(error, task.description) }
    }

    /// What the observers that need frames ask for: whether there is one, whether one is pending, and the earliest
    /// time one requires a frame (nil if one requires every frame). One pass, no allocation: it runs at every event.
    private func framingObservers() -> (any: Bool, pending: Bool, earliestRequired: Seconds?) {
        var any = false, pending = false, everyFrame = false
        var earliest = Double.infinity
        for observation in frameObservers {
            guard let observer = observation.observer(), observer.needsFrames else { continue }
            any = true
            if observer.isPending { pending = true }
            if let time = observer.nextRequiredFrameTime { earliest = min(earliest, time) } else { everyFrame = true }
        }
        return (any, pending, everyFrame || !earliest.isFinite ? nil : earliest)
    }

    private func stepFrame() {
        for observer in observers { observer.stepFrame(at: now) }
    }

    /// One turn of the run loop: the work queued before it started.
    private func runTurn() {
        guard !turnQueue.isEmpty else { return }
        let batch = turnQueue
        turnQueue.removeAll(keepingCapacity: true)
        for item in batch {
            do { try item.action() } catch { onError(error, item.description) }
        }
    }
}
