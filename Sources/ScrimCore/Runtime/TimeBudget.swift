/// The run's wall-clock budget (`--timeout`) as Swift loops see it. Whoever runs scripts in a runtime (the Lua bridge)
/// sets `Runtime.timeBudget`; loops that can run long on a script's behalf — advancing the clock, stepping frames,
/// settling, rendering many frames — ask `exceeded()` every turn and stop early when it returns an error, which they
/// throw or report. The script that started them is stopped when they return to it.
public struct TimeBudget {
    private let check: () -> TimeBudgetExceeded?
    private let scriptIsRunning: () -> Bool

    /// A budget that `check` answers: nil while time is left, else the error to stop with. `scriptIsRunning` says
    /// whether a call into the script is under way below the Swift code asking (a callback run from inside
    /// `scrim.advance`): the stop is then raised at the script's line when that call returns.
    public init(_ check: @escaping () -> TimeBudgetExceeded?, scriptIsRunning: @escaping () -> Bool = { false }) {
        self.check = check
        self.scriptIsRunning = scriptIsRunning
    }

    /// Whether a spent budget will be raised in the script by the call under way (see `init`); false when the Swift
    /// code asking is itself the outermost entry (a live window's event, a real-time wait, the final settle).
    public var raisesInScript: Bool { scriptIsRunning() }

    /// No budget: never exceeded.
    public static var unlimited: TimeBudget { TimeBudget({ nil }) }

    /// Nil while time is left; once it is spent (or the run was interrupted), the error to stop with.
    public func exceeded() -> TimeBudgetExceeded? { check() }
}

/// The time budget ran out while Swift was looping (`exceeded the time budget of 2 s`, or `interrupted`).
public struct TimeBudgetExceeded: Error, CustomStringConvertible {
    public let message: String
    public init(message: String) { self.message = message }
    public var description: String { message }
}
