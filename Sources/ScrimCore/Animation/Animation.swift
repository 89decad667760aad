/// One `animate` call: its timing, the property animations its block captured, and its completion.
///
/// It runs from `startTime` to `endTime` (start + delay + duration); its end is noticed at the first frame step at
/// or after `endTime`, and the completion runs right after that frame. It finishes with `true` unless one of its
/// property animations was removed (`cancel`, `View.removeAllAnimations`, or replaced by a `beginFromCurrentState`
/// animation), in which case it finishes with `false`.
public final class Animation {
    /// The seconds from the end of the delay to the end of the animation.
    public let duration: Seconds
    /// The seconds before values start to move (they show their starting values meanwhile).
    public let delay: Seconds
    /// The timing curve (ignored when `spring` is set).
    public let curve: TimingCurve
    /// When set, the animation follows the spring and `curve` is ignored.
    public let spring: Spring?
    /// `allowUserInteraction`, `beginFromCurrentState`.
    public let options: AnimationOptions
    /// The clock's time when `animate` was called.
    public let startTime: Seconds
    /// A name for messages (`settle`, traces); nil unless set.
    public var label: String?

    enum State { case capturing, running, done }
    var state = State.capturing
    weak var engine: AnimationEngine?
    var completion: ((Bool) throws -> Void)?
    var properties: [PropertyAnimation] = []
    var liveCount = 0
    var removedAny = false
    var cancelRequested = false
    let sequence: Int
    private var cachedTime = -Double.infinity
    private var cachedProgress = 0.0

    init(engine: AnimationEngine, duration: Seconds, delay: Seconds, curve: TimingCurve, spring: Spring?,
         options: AnimationOptions, startTime: Seconds, sequence: Int, completion: ((Bool) throws -> Void)?) {
        self.engine = engine
        self.duration = duration
        self.delay = max(0, delay)
        self.curve = curve
        self.spring = spring
        self.options = options
        self.startTime = startTime
        self.sequence = sequence
        self.completion = completion
    }

    /// When the animation reaches its final values: start + delay + duration (just the start for duration ≤ 0).
    public var endTime: Seconds { duration > 0 ? startTime + delay + duration : startTime }

    /// Whether it is still running (its completion has not been scheduled yet).
    public var isRunning: Bool { state != .done }

    /// The flag its completion got or will get, once it has ended; nil while running.
    public private(set) var finished: Bool?

    /// The views it animates now, each once, in the order their first property was captured.
    public var views: [View] {
        var seen = Set<ObjectIdentifier>()
        var result: [View] = []
        for p in properties where p.isAttached && seen.insert(ObjectIdentifier(p.view)).inserted {
            result.append(p.view)
        }
        return result
    }

    /// The properties it animates on `view` now.
    public func properties(of view: View) -> [AnimatableProperty] {
        var result: [AnimatableProperty] = []
        for p in properties where p.isAttached && p.view === view && !result.contains(p.property) {
            result.append(p.property)
        }
        return result
    }

    /// Stops it: its views show their model values at once and its completion runs on the next turn with `false`.
    /// Does nothing once it has ended.
    public func cancel() {
        guard state != .done else { return }
        if state == .capturing {
            cancelRequested = true
            return
        }
        engine?.cancel(self)
    }

    /// Curve (or spring) progress at `now`: 0 before the delay has passed, 1 at and after the end.
    func progress(at now: Seconds) -> Double {
        if now == cachedTime { return cachedProgress }
        let elapsed = now - startTime - delay
        let value: Double
        if duration <= 0 || elapsed >= duration {
            value = 1
        } else if elapsed <= 0 {
            value = 0
        } else if let spring {
            value = spring.progress(at: elapsed, duration: duration)
        } else {
            value = curve.progress(elapsed / duration)
        }
        cachedTime = now
        cachedProgress = value
        return value
    }

    func markEnded(finished: Bool) {
        state = .done
        self.finished = finished
    }
}

extension Animation: HeapOrdered {
    var dueTime: Seconds { endTime }
}

extension Animation: CustomStringConvertible {
    /// What `settle` names while it runs, e.g. `animation of "box" (frame, alpha) until 0.3 s`; one entry per view.
    var pendingEntries: [String] {
        let labelPart = label.map { " \"\($0)\"" } ?? ""
        let ends = "until \(NumberFormat.short(endTime)) s"
        let animated = views
        if animated.isEmpty { return ["animation\(labelPart) with no changes \(ends)"] }
        return animated.map { view in
            let names = properties(of: view).map(\.rawValue).joined(separator: ", ")
            return "animation\(labelPart) of \(view.displayName) (\(names)) \(ends)"
        }
    }

    /// The `settle` entries, joined with commas.
    public var description: String {
        pendingEntries.joined(separator: ", ")
    }
}
