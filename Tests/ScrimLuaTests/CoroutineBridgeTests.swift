import CLua
import Testing
@testable import ScrimLua
import ScrimCore

/// Host functions called from a coroutine push onto that coroutine's stack, and what Swift calls back into Lua from
/// there runs on it too.
@Suite struct CoroutineBridgeTests {
    @Test func resultsGoToTheCallingThread() throws {
        let runtime = try LuaRuntime()
        let result = try runtime.state.run("""
            local now, tree = scrim.now, scrim.tree
            return coroutine.wrap(function()
              local n = 0
              for i = 1, 100000 do if type(now()) == "number" then n = n + 1 end end
              return n, type(tree())
            end)()
            """)
        #expect(result.map(\.description) == ["100000", "string"])
        // The main thread's stack is where it was: nothing was left on it.
        #expect(lua_gettop(runtime.state.L) == 1)
    }

    @Test func gettersAndMethodsInsideACoroutine() throws {
        let runtime = try LuaRuntime()
        let result = try runtime.state.run("""
            local v = scrim.View{name = "a", frame = {0, 0, 10, 20}}
            return coroutine.wrap(function()
              local sum = 0
              for i = 1, 20000 do sum = sum + v.frame.height end
              sum = math.tointeger(sum)
              coroutine.yield(sum)
            end)()
            """)
        #expect(result.map(\.description) == ["400000"])
    }

    @Test func callbacksFiredFromACoroutineRunOnIt() throws {
        let runtime = try LuaRuntime()
        let result = try runtime.state.run("""
            local log = {}
            scrim.on("ping", function(e) log[#log + 1] = "hook" end)
            local co = coroutine.wrap(function()
              scrim.after(0.1, function() log[#log + 1] = "timer" end)
              local v = scrim.View{}
              scrim.animate(0.1, function() v.alpha = 0 end, function() log[#log + 1] = "done" end)
              scrim.emit("ping")
              scrim.advance(0.5)
              coroutine.yield(table.concat(log, " "))
            end)
            return co()
            """)
        #expect(result.map(\.description) == ["hook timer done"])
        #expect(runtime.reportedErrors == 0)
    }

    @Test func yieldingFromACallbackIsAClearError() throws {
        let runtime = try LuaRuntime()
        var reports: [String] = []
        runtime.errorOutput = { reports.append($0) }
        let result = try runtime.state.run("""
            scrim.on("ping", function() coroutine.yield(1) end)
            return coroutine.wrap(function() scrim.emit("ping") return "went on" end)()
            """)
        #expect(result.map(\.description) == ["went on"])
        #expect(reports.count == 1)
        #expect(reports.first?.contains("hook handler for \"ping\"") == true)
        #expect(reports.first?.contains("attempt to yield across a C-call boundary") == true)
    }

    @Test func finalizersThatCallScrimWhileTheStateClosesFailSoftly() throws {
        var runtime: LuaRuntime? = try LuaRuntime()
        try runtime?.state.run("""
            X = setmetatable({}, {__gc = function() RESULT = {pcall(scrim.now)} end})
            local now = scrim.now
            Y = setmetatable({}, {__gc = function() local ok, message = pcall(now) assert(not ok) end})
            """)
        let state = try #require(runtime?.state)
        runtime = nil
        #expect(state.isClosed)
    }
}
