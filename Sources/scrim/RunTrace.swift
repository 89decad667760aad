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
