import ScrimCore
import ScrimLua
import ScrimRender

/// `scrim run --trace FILE`: a Chrome trace-event timeline of one run — animations per view and transition phases on
/// the virtual clock, every call from Swift into Lua (callbacks, hook handlers, the main chunk) with its wall-clock
/// cost and source — written when the run ends, however it ends.
final class RunTrace {
    let path: String
    let recorder = TraceRecorder()

    /// Starts recording `runtime`.
    init(runtime: LuaRuntime, path: String) {
        self.path = path
        observe(runtime)
    }

    /// Records `runtime` from now on, in the same trace (a live window ran the script again in a fresh runtime):
    /// the moment is marked on the wall-clock timeline; the new run's virtual time starts again from 0.
    func follow(_ runtime: LuaRuntime) {
        recorder.stopObserving()
        recorder.recordInstant(name: "the script ran again in a fresh runtime", category: "session",
                               at: recorder.wallNow, track: "Lua", timeline: .wall)
        observe(runtime)
    }

    private func observe(_ runtime: LuaRuntime) {
        let core = runtime.core
        recorder.observeAnimations(of: core)
        recorder.observeTransitions(of: core)
        runtime.state.callObserver = { [recorder, weak core] callee, call in
            recorder.measure(name: callee.name, source: callee.source, virtualTime: core?.now) { call() }
        }
    }

    /// Writes the trace; false (after saying why on standard error) if it cannot be written.
    func write() -> Bool {
        do {
            try recorder.write(to: path)
            return true
        } catch {
            printError("scrim: \(error) (the trace)")
            return false
        }
    }
}
