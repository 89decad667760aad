import CLua
import ScrimCore

/// docs/API.md §1: the virtual clock — `scrim.now`, `advance`, `settle`, `after` and its Timer.
enum ClockBinding {
    static let timerClass = LuaClass<ScheduledTask>("Timer")
        .readonly("dueTime") { $0.dueTime }
        .readonly("isPending") { $0.isPending }
        .method("cancel") { task, _ in
            task.cancel()
            return 0
        }
        .description { $0.description }

    static let now = HostFunction("now") { call in call.push(call.runtime.core.now) }

    static let advance = HostFunction("advance") { call in
        let seconds = try call.duration(1)
        // Errors in what runs meanwhile (timers, completions, handlers) are reported, not raised here:
        // they are not the caller's, as on a real run loop.
        call.runtime.core.advance(by: seconds)
        return 0
    }

    static let settle = HostFunction("settle") { call in
        let timeout = call.isNil(1) ? 10 : try call.duration(1)
        do {
            return call.push(try call.runtime.core.settle(timeout: timeout))
        } catch let error as SettleError {
            throw ScriptError(String(describing: error))
        }
    }

    static let after = HostFunction("after") { call in
        let delay = try call.duration(1)
        let function = try call.function(2)
        weak let state = call.state
        let task = call.runtime.core.after(delay, label: call.runtime.callerPosition(call)) {
            try state?.call(function)
        }
        return call.push(task)
    }
}

extension ScheduledTask: LuaPushable {
    public func push(_ state: LuaState) { state.push(any: self) }
}
