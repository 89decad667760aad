import Glibc
import ScrimCore
import ScrimLua

/// The files a command promised (`--trace FILE`, the picture of `scrim snapshot`, the animation of `scrim record`),
/// written on every way out: the normal end and an error write them where the command ends; `os.exit` (C's exit,
/// from inside the script) writes them from an exit handler; SIGINT and SIGTERM stop the script (`interrupted`), so
/// the command ends the normal way, writes them, and exits with 128 + the signal.
enum PromisedOutputs {
    /// Seconds at most that drawing what there is may take once the run has stopped (see `closingBudget`).
    static let closingAllowance = 2.0

    /// The budget of what a command draws after its run stopped early (an error, the budget, a signal, `os.exit`):
    /// one of its own, since the run's may be spent (or its interruption would stop the drawing at once), yet short,
    /// so that the process still ends soon after the stop — the run's `--timeout`, at most `closingAllowance`
    /// (none without a timeout).
    static func closingBudget(timeout: Double?) -> TimeBudget {
        guard let timeout, timeout > 0 else { return .unlimited }
        let allowance = min(timeout, closingAllowance)
        let deadline = Clock.monotonicSeconds() + allowance
        let shown = allowance == allowance.rounded() ? "\(Int(allowance))" : "\(allowance)"
        return TimeBudget {
            Clock.monotonicSeconds() <= deadline ? nil : TimeBudgetExceeded(
                message: "exceeded the \(shown) s allowed for writing what there was after the stop")
        }
    }

    // nonisolated(unsafe): a command runs on the main thread, which alone promises, withdraws and (at exit) writes;
    // no other thread of the process touches these.
    nonisolated(unsafe) private static var writers: [Int: () -> Void] = [:]
    nonisolated(unsafe) private static var nextToken = 0
    nonisolated(unsafe) private static var exitHandlerInstalled = false

    /// Registers `write`, run at process exit unless `withdraw(token)` came first (the command wrote it itself).
    static func promise(_ write: @escaping () -> Void) -> Int {
        if !exitHandlerInstalled {
            exitHandlerInstalled = true
            atexit { PromisedOutputs.writeAll() }
        }
        nextToken += 1
        writers[nextToken] = write
        return nextToken
    }

    static func withdraw(_ token: Int) {
        writers[token] = nil
    }

    private static func writeAll() {
        let pending = writers.sorted { $0.key < $1.key }.map(\.value)
        writers = [:]
        for write in pending { write() }
        fflush(standardOutput)
    }

    // MARK: Signals

    /// The state a signal stops; unretained, so that the handler neither retains nor releases. nonisolated(unsafe):
    /// set on the main thread before the handlers are installed; the handlers only read it and write `caught`, a
    /// sig_atomic_t as C allows a handler to (Swift has no other way to share a value with a signal handler).
    nonisolated(unsafe) private static var target: Unmanaged<LuaState>?
    /// The signal that came, 0 while none has.
    nonisolated(unsafe) private static var caught: sig_atomic_t = 0

    /// From now on SIGINT and SIGTERM stop `state`'s script (and Swift loops on its behalf) as `interrupted`; a second
    /// one (not the same one sent twice, see `LuaState.takeSignal`) ends the process at once, as it would have. The
    /// caller keeps `state` alive while it runs.
    static func stopOnSignals(_ state: LuaState) {
        target = Unmanaged.passUnretained(state)
        caught = 0
        for signal in [SIGINT, SIGTERM] {
            LuaState.handle(signal) { number in
                guard LuaState.takeSignal(number) else { return }
                PromisedOutputs.caught = number
                PromisedOutputs.target?._withUnsafeGuaranteedRef { $0.interrupt() }
            }
        }
    }

    /// From now on a signal stops `state` instead (a live window runs its script again in a fresh runtime): called
    /// before the previous state goes, which the handler must no longer reach.
    static func follow(_ state: LuaState) {
        target = Unmanaged.passUnretained(state)
    }

    /// Whether SIGINT or SIGTERM came (a live window, which waits for events rather than running Lua, ends then).
    static var signalled: Bool { caught != 0 }

    /// `status`, or 128 + the signal that stopped the run.
    static func exitStatus(_ status: Int32) -> Int32 {
        caught == 0 ? status : 128 + caught
    }
}
