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
    /// the trace is of the whole session, every runtime in it. The new runtime's virtual time, starting again from 0,
    /// is a process of its own (`virtual time (run 2)`), and what the previous one left under way on its own ends
    /// at its time, unfinished. The moment is marked on both: on the wall clock, which goes on (the calls after the
    /// mark are the new runtime's), and at 0 on the new virtual timeline (which shows even if nothing animates).
    func follow(_ runtime: LuaRuntime) {
        recorder.startNextRun()
        let mark = "the script ran again in a fresh runtime"
        let run: [String: TraceValue] = ["run": .number(Double(recorder.run))]
        recorder.recordInstant(name: mark, category: "session", at: recorder.wallNow, args: run, track: "Lua",
                               timeline: .wall)
        recorder.recordInstant(name: mark, category: "session", at: 0, args: run, track: "session")
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
