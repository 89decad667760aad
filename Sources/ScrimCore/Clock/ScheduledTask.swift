/// A one-shot timer on a `Clock` (`scrim.after`); `cancel()` keeps it from running.
public final class ScheduledTask {
    /// When it runs, in clock time.
    public let dueTime: Seconds
    /// What `settle` calls it while it is pending, e.g. `scrim.after(20) at app.lua:3`; nil for a plain "timer".
    public let label: String?
    let sequence: Int
    var action: (() throws -> Void)?
    weak var clock: Clock?

    init(dueTime: Seconds, label: String?, sequence: Int, clock: Clock, action: @escaping () throws -> Void) {
        self.dueTime = dueTime
        self.label = label
        self.sequence = sequence
        self.clock = clock
        self.action = action
    }

    /// Whether it has neither run nor been cancelled.
    public var isPending: Bool { action != nil }

    /// Keeps it from running; does nothing once it has run or been cancelled.
    public func cancel() {
        guard action != nil else { return }
        action = nil
        clock?.timerDidEnd()
    }
}

extension ScheduledTask: HeapOrdered {}

extension ScheduledTask: CustomStringConvertible {
    /// `timer "label" due at 20 s`.
    public var description: String {
        "timer\(label.map { " \"\($0)\"" } ?? "") due at \(NumberFormat.short(dueTime)) s"
    }
}
