/// The run's wall-clock budget (`--timeout`) as Swift loops see it. Whoever runs scripts in a runtime (the Lua bridge)
/// sets `Runtime.timeBudget`; loops that can run long on a script's behalf — advancing the clock, stepping frames,
/// settling, rendering many frames — ask `exceeded()` every turn and stop early when it returns an error, which they
/// throw or report. The script that started them is stopped when they return to it.
public struct TimeBudget {
    private let check: () -> TimeBudgetExceeded?

    /// A budget that `check` answers: nil while time is left, else the error to stop with.
    public init(_ check: @escaping () -> TimeBudgetExceeded?) {
        self.check = check
    }

    /// No budget: never exceeded.
    public static var unlimited: TimeBudget { TimeBudget { nil } }

    /// Nil while time is left; once it is spent (or the run was interrupted), the error to stop with.
    public func exceeded() -> TimeBudgetExceeded? { check() }
}

/// The time budget ran out while Swift was looping (`exceeded the time budget of 2 s`, or `interrupted`).
public struct TimeBudgetExceeded: Error, CustomStringConvertible {
    public let message: String
    public init(message: String) { self.message = message }
    public var description: String { message }
}
