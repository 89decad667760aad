import CLua
import ScrimCore

extension LuaRuntime {
    /// Makes the time budget (`--timeout`) cover the clock's own loops, which run in Swift where the count hook
    /// cannot see them (a billion frame steps, a timer that re-arms itself at the same instant).
    func installClockBudget() {
        core.clock.budget = { [weak state] elapsed in try state?.checkTimeBudget(clockElapsed: elapsed) }
    }
}

extension LuaState {
    /// Throws "exceeded the time budget of N s" once the budget is spent: inside an entry into Lua, by that entry's
    /// deadline (the count hook's; the entry then stops as it would in Lua code); outside any (the final settle,
    /// the REPL), once the clock has been busy longer than the budget.
    func checkTimeBudget(clockElapsed: Seconds) throws {
        if limits.pointee.depth > 0, limits.pointee.interrupted != 0 || limits.pointee.stopping == 2 {
            limits.pointee.stopping = 2
            throw LuaError(message: "interrupted")
        }
        let budget = limits.pointee.budget
        guard budget > 0 else { return }
        if limits.pointee.depth > 0 {
            let now = scrim_monotonic()
            if limits.pointee.deadline == 0 { limits.pointee.deadline = now + budget }
            guard limits.pointee.stopping != 0 || now > limits.pointee.deadline else { return }
            if limits.pointee.stopping == 0 { limits.pointee.stopping = 1 }
            throw LuaError(message: "exceeded the time budget of \(String(cFormat: "%g", budget)) s")
        }
        guard clockElapsed > budget else { return }
        throw LuaError(message: "exceeded the time budget of \(String(cFormat: "%g", budget)) s advancing the clock")
    }
}
