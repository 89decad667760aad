import CLua
import ScrimCore

/// docs/API.md §1: the virtual clock — `scrim.now`, `advance`, `settle`, `after` and its Timer.
enum ClockBinding {
    static let timerClass = LuaClass<ScheduledTask>("Timer")
        .readonly("dueTime") { $0.dueTime }
        .readonly("isPending") { $0.isPending }
        .action("cancel") { task, _ in task.cancel() }
        .description { $0.description }

    static let now = HostFunction("now") { call in call.push(call.runtime.core.now) }

    static let advance = HostFunction("advance") { call in
        let seconds = try call.delay("seconds")
        let clock = call.runtime.core.clock
        // Errors in what runs meanwhile (timers, completions, handlers) are reported, not raised here:
        // they are not the caller's, as on a real run loop. Running out of the time budget is.
        clock.advance(by: seconds)
        if let interruption = clock.interruption { throw ScriptError(ErrorReport.message(of: interruption)) }
        return 0
    }

    static let settle = HostFunction("settle") { call in
        let timeout = call.isNil(1) ? 10 : try call.duration(1)
        do {
            return call.push(try call.runtime.core.settle(timeout: timeout))
        } catch let error as SettleError {
            throw ScriptError(String(describing: error))
        } catch let error as TimeBudgetExceeded {
            // The time budget, spent while settling: raised here, where the script asked to settle.
            throw ScriptError(error.message)
        }
    }

    static let after = HostFunction("after") { call in
        let delay = try call.delay("delay")
        let function = try call.function(2)
        weak let state = call.state
        let task = call.runtime.core.after(delay, label: call.runtime.callerPosition(call)) {
            try state?.call(function)
        }
        return call.push(task)
    }
}

extension LuaCall {
    /// Argument 1 as a duration the clock can still reach (past `maximumTime` it is refused, naming `what`).
    func delay(_ what: String) throws -> Seconds {
        let seconds = try duration(1), clock = runtime.core.clock
        guard seconds <= clock.maximumDelay else {
            let most = String(cFormat: "%g", clock.maximumDelay), stop = String(cFormat: "%g", Clock.maximumTime)
            throw argumentError(1, "\(what) must be at most \(most): the clock stops at \(stop) s")
        }
        return seconds
    }
}
