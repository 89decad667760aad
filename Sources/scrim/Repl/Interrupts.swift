import Glibc
import ScrimLua

/// Ctrl-C in the interactive REPL: while Lua runs it stops the chunk ("interrupted!"); while the line editor
/// waits it clears the line; while Swift works (`:play`, `:advance`) it is noted for the loop to see.
enum Interrupts {
    /// The state a Ctrl-C stops; unretained so that the signal handler neither retains nor releases. These are
    /// nonisolated(unsafe): the REPL runs on the main thread, and its signal handlers share them with it as C's
    /// sig_atomic_t flags (the target is set before the handlers are installed, and only read by them).
    nonisolated(unsafe) private static var target: Unmanaged<LuaState>?
    /// Set by the handler, cleared by whoever acts on it.
    nonisolated(unsafe) static var pending: sig_atomic_t = 0
    /// Whether a resize came (the line editor re-reads the terminal's size).
    nonisolated(unsafe) static var resized: sig_atomic_t = 0
    /// Whether Lua code may be running now (a chunk, a reload, a meta command that runs callbacks).
    nonisolated(unsafe) static var busy: sig_atomic_t = 0

    /// Installs the handlers (without SA_RESTART, so that a wait for input returns on Ctrl-C).
    static func install() {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in
            Interrupts.pending = 1
            if Interrupts.busy != 0 {
                Interrupts.target?._withUnsafeGuaranteedRef { $0.interrupt() }
            }
        }
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        sigaction(SIGINT, &action, nil)
        var resize = sigaction()
        resize.__sigaction_handler.sa_handler = { _ in Interrupts.resized = 1 }
        sigemptyset(&resize.sa_mask)
        resize.sa_flags = SA_RESTART
        sigaction(SIGWINCH, &resize, nil)
        // A parent (a test runner, a supervisor) may have blocked them; an interactive session needs them.
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGINT)
        sigaddset(&signals, SIGWINCH)
        sigprocmask(SIG_UNBLOCK, &signals, nil)
    }

    /// Makes `state` the one Ctrl-C stops (the runtime changes on `:reload`). The caller keeps it alive.
    static func setTarget(_ state: LuaState) {
        busy = 0
        target = Unmanaged.passUnretained(state)
    }

    /// Runs `body` with Ctrl-C aimed at the running Lua code; a Ctrl-C left over afterwards is forgotten.
    static func whileBusy<T>(_ body: () throws -> T) rethrows -> T {
        pending = 0
        busy = 1
        defer {
            busy = 0
            pending = 0
        }
        return try body()
    }
}
