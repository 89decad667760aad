/// `Clock.settle` ran out of time: `message` is `settle: still busy after N s: <what is pending>`.
public struct SettleError: Error, Equatable, CustomStringConvertible {
    /// The seconds settle advanced before giving up.
    public let elapsed: Seconds
    /// What was still pending, one entry each (animations, timers, pending work).
    public let pending: [String]

    /// How many pending entries the message lists before summarising the rest.
    public static let listedLimit = 10

    public init(elapsed: Seconds, pending: [String]) {
        self.elapsed = elapsed
        self.pending = pending
    }

    public var message: String {
        var listed = pending.prefix(SettleError.listedLimit).joined(separator: ", ")
        if pending.count > SettleError.listedLimit {
            listed += ", and \(pending.count - SettleError.listedLimit) more"
        }
        return "settle: still busy after \(NumberFormat.short(elapsed)) s: \(listed)"
    }

    public var description: String { message }
}
