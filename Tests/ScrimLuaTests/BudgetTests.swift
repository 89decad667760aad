import CLua
import Foundation
import Testing
@testable import ScrimLua
import ScrimCore

/// The time and memory budgets hold against what Lua runs with hooks off, a script's own hooks, Swift loops and what
/// Swift builds for a script.
@Suite struct BudgetTests {
    func expectBudgetError(_ state: LuaState, _ code: String, _ message: String) {
        do {
            try state.run(code, name: "@budget.lua")
            Issue.record("expected \(message)")
        } catch let error as LuaError {
            #expect(error.message == message)
        } catch {
            Issue.record("\(error)")
        }
    }

    @Test func theScriptsHookIsItsOwnAndTheBudgetStillHolds() throws {
        let state = makeState(budget: 0.3)
        expectBudgetError(state, "debug.sethook()\nwhile true do end", "budget.lua:2: exceeded the time budget of 0.3 s")
        state.restartTimeBudget()
        #expect(try eval(state, "return debug.gethook()") == "nil")
        // A hook on every line runs while the budget fires, and the loop it hooks is still stopped.
        expectBudgetError(state, "lines = 0\ndebug.sethook(function() lines = lines + 1 end, 'l')\nwhile true do end",
                          "budget.lua:3: exceeded the time budget of 0.3 s")
        state.restartTimeBudget()
        #expect(try eval(state, "return lines > 0, type(debug.gethook()), select(2, debug.gethook())") == "true,function,l,0")
        #expect(try eval(state, "debug.sethook() return debug.gethook()") == "nil")
        // The count is the script's: every 7 instructions, as asked.
        #expect(try eval(state, """
            local n = 0 debug.sethook(function() n = n + 1 end, '', 7)
            local x = 0 for i = 1, 700 do x = x + i end
            local count = select(3, debug.gethook()) debug.sethook() return n > 100 and n < 1000, count
            """) == "true,7")
        // On a coroutine, the hook is that thread's, and a loop there is stopped too.
        expectBudgetError(state, "local co = coroutine.create(function() while true do end end)\n"
                          + "debug.sethook(co, function() end, 'c')\nassert(coroutine.resume(co))",
                          "budget.lua:1: exceeded the time budget of 0.3 s")
    }

    /// The memory budget's stop hook comes and goes without raising (each time an allocation goes past the budget,
    /// the collection it runs frees the garbage): the script's count hook still sees every `count`th instruction,
    /// those its hook function runs included, as with no budget (and as in lua5.4).
    @Test func theScriptsCountEventsSurviveAStopHookThatFindsNothingToRaise() throws {
        let code = """
            collectgarbage("stop")
            local probe = setmetatable({}, {__mode = "k"}) probe[{}] = true
            local events = 0
            debug.sethook(function() events = events + 1 local x = events * 2 x = x + 1 end, "", 7)
            local keep
            for i = 1, 400000 do keep = {i} end
            debug.sethook()
            return events, next(probe) == nil
            """
        let unwatched = try eval(makeState(memory: nil, budget: nil), code)
        let watched = try eval(makeState(memory: 4 << 20), code)
        #expect(unwatched.hasSuffix(",false")) // nothing collected: the collector is stopped
        #expect(watched.hasSuffix(",true")) // the budget's checks collected (the stop hook was set)
        #expect(watched.split(separator: ",").first == unwatched.split(separator: ",").first)
    }

    @Test func aMessageHandlerThatLoopsIsStopped() throws {
        let state = makeState(budget: 0.3)
        expectBudgetError(state, "return xpcall(error, function() while true do end end)", "budget.lua:1: exceeded the time budget of 0.3 s")
    }

    @Test func theBudgetCoversTheWholeRunUntilRestarted() throws {
        let state = makeState(budget: 1)
        setGlobal(state, "wall", HostFunction("wall") { call in call.push(scrim_monotonic()) })
        try state.run("local t = wall() while wall() - t < 0.6 do end")
        expectBudgetError(state, "local t = wall()\nwhile wall() - t < 0.6 do end", "budget.lua:2: exceeded the time budget of 1 s")
        state.restartTimeBudget()
        #expect(try eval(state, "return 'again'") == "again")
    }

    @Test func swiftLoopsSeeTheBudgetAndTheScriptStopsWhenTheyReturn() throws {
        let state = makeState(budget: 0.2)
        var turns = 0
        setGlobal(state, "spin", HostFunction(oneState: "spin") { call in
            while !call.state.isOverTimeBudget { turns += 1 }
            return 0
        })
        expectBudgetError(state, "\nspin()\nreturn 'went on'", "budget.lua:2: exceeded the time budget of 0.2 s")
        #expect(turns > 0)
        let runtime = try LuaRuntime(options: { var o = RuntimeOptions(); o.timeBudget = 0.1; return o }())
        #expect(runtime.core.timeBudget.exceeded() == nil)
        usleep(150_000)
        #expect(runtime.core.timeBudget.exceeded()?.message == "exceeded the time budget of 0.1 s")
    }

    @Test func stringsSwiftPushesCountAgainstTheMemoryBudget() throws {
        let state = makeState(memory: 4 << 20)
        let big = String(repeating: "x", count: 3 << 20)
        setGlobal(state, "big", HostFunction("big") { call in call.push(big) })
        let error = #expect(throws: LuaError.self) {
            try state.run("local kept = {}\nfor i = 1, 10 do kept[i] = big() end", name: "@strings.lua")
        }
        #expect(error?.message == "strings.lua:2: not enough memory")
        state.collectGarbage()
        #expect(state.memoryInUse < 8 << 20)
        #expect(try eval(state, "return #big()") == "3145728")
    }

    @Test func runawayRecursionUnderAMemoryBudgetNamesItsPlace() throws {
        let state = makeState(memory: 8 << 20)
        let error = #expect(throws: LuaError.self) {
            try state.run("local function f(n) return 1 + f(n + 1) end\nlocal x = f(1)", name: "@deep.lua")
        }
        #expect(error?.message == "deep.lua:1: not enough memory")
        #expect(error?.traceback.contains("deep.lua:2: in main chunk") == true)
    }

    @Test func requireLoadsSourceTextOnlyWithoutBytecode() throws {
        let state = makeState()
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("scrim-require-\(getpid()).lua").path
        defer { unlink(path) }
        lua_pushstring(state.L, path)
        lua_setglobal(state.L, "modulePath")
        try state.run("local f = io.open(modulePath, 'wb') f:write(string.dump(function() return 1 end)) f:close()")
        #expect(try eval(state, "package.path = modulePath return require('trusted')") == "1,\(path)")
        state.refuseBytecode()
        let result = try eval(state, "package.path = modulePath return select(2, pcall(require, 'crafted'))")
        #expect(result.contains("attempt to load a binary chunk (mode is 't')"))
        try state.run("local f = io.open(modulePath, 'w') f:write('return 42') f:close()")
        #expect(try eval(state, "return require('plain')") == "42,\(path)")
    }
}
