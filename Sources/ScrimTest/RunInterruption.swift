import Glibc

/// SIGINT, SIGTERM and SIGHUP while `scrim test` runs: the handler only notes the signal; the run then stops
/// starting files, reports what had finished (and what the files under way had sent), writes its closing line and
/// exits with 128 + the signal — so a JUnit or JSON report is whole however the run ends.
enum RunInterruption {
    static let signals = [SIGINT, SIGTERM, SIGHUP]
    /// The signal that came, 0 while none has. nonisolated(unsafe): a sig_atomic_t written by the handler and read by
    /// the thread running the tests, as C allows (Swift has no other way to share a value with a signal handler).
    nonisolated(unsafe) static var caught: sig_atomic_t = 0

    /// Installs the handler (without SA_RESTART, so that a wait for workers returns at once); returns what it
    /// replaced, for `restore`.
    static func install() -> [sigaction] {
        caught = 0
        // A parent (a test runner, a supervisor) may have blocked them, and the process inherited its mask.
        var mask = sigset_t()
        sigemptyset(&mask)
        for signal in signals { sigaddset(&mask, signal) }
        sigprocmask(SIG_UNBLOCK, &mask, nil)
        return signals.map { signal in
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { RunInterruption.caught = $0 }
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0
            var previous = sigaction()
            sigaction(signal, &action, &previous)
            return previous
        }
    }

    static func restore(_ previous: [sigaction]) {
        for (signal, action) in zip(signals, previous) {
            var action = action
            sigaction(signal, &action, nil)
        }
    }

    /// The signal, if one came.
    static var signal: Int32? { caught == 0 ? nil : caught }

    /// What a file under way when the run was stopped gets after the results it had sent.
    static func result(for path: String, signal: Int32) -> TestResult {
        TestResult(status: .error, names: [], file: path, line: 0,
                   message: "the run was interrupted (\(WorkerPool.describe(signal: signal))) before this file finished")
    }
}
