import CLua
import ScrimCore
import Testing
@testable import ScrimLua

/// `scrim.emit` from Lua has two paths: C runs plain Lua handlers itself (Sources/CLua/emit.c), or the Swift bus
/// dispatches (any other handler, or a call observer). A script must not be able to tell them apart.
@Suite(.serialized) struct EmitPathTests {
    /// A script that goes through every rule of an emission and logs what its handlers see.
    static let script = """
        log = {}
        local function put(...) local parts = table.pack(...) for i = 1, parts.n do parts[i] = tostring(parts[i]) end log[#log + 1] = table.concat(parts, " ") end
        scrim.on("error", function(ev) put("error", ev.message, ev.context, ev.source, ev.traceback:match("^[^\\n]*\\n[^\\n]*")) end)
        scrim.on("p", function() put("low") end, { priority = -1 })
        scrim.on("p", function(ev) put("high", ev.name, ev.isCancellable, ev.isCancelled, ev.target) end, { priority = 3 })
        scrim.on("p", function(ev)
          put("mid", math.type(ev.n), math.type(ev.f), ev.n, ev.f, math.type(ev.target), ev.list and #ev.list, ev.s)
          local names = {}
          for k in pairs(ev.fields) do names[#names + 1] = k end
          table.sort(names)
          put("fields", table.concat(names, ","))
        end)
        local list = { 1, 2 }
        put("result", scrim.emit("p", { n = 3.0, f = 0.5, target = 2.0, list = list, s = "x\\0y" }))
        put("result", scrim.emit("p", nil, false))
        local kept
        scrim.on("c", function(ev) kept = ev; put("cancel", ev:cancel(), ev.isCancelled, ev:cancel()) end)
        scrim.on("c", function(ev) put("after", ev.isCancelled) end)
        put("result", scrim.emit("c"))
        put("kept", pcall(kept.cancel, kept))
        scrim.on("n", function(ev) put("refused", pcall(ev.cancel, ev)) end)
        put("result", scrim.emit("n", {}, false))
        scrim.on("e", function() error("broken") end)
        scrim.on("e", function() error({}) end)
        scrim.on("e", function() put("still runs") end)
        put("result", scrim.emit("e"))
        local removed, h
        scrim.on("r", function(ev)
          put("first")
          h:remove()
          scrim.on("r", function() put("added") end)
          scrim.off("g")
          ev.fields.extra = 1
        end, { priority = 1 })
        h = scrim.on("r", function() put("removed") end)
        scrim.on("r", function() put("group") end, { group = "g" })
        scrim.on("r", setmetatable({}, { __call = function(_, ev) put("callable", ev.name) end }))
        scrim.emit("r")
        scrim.emit("r")
        local shared = { a = 1 }
        scrim.on("m", function(ev) put("m1", ev.a, ev.b); shared.b = 2 end)
        scrim.on("m", function(ev) put("m2", ev.a, ev.b) end)
        scrim.emit("m", shared)
        scrim.on("b", function(ev) put("bytes", #ev.bin, ev.bin == "\\xff\\xfe", #ev.text) end)
        scrim.on("b", function(ev) put("bytes again", #ev.bin) end)
        scrim.emit("b", { bin = "\\xff\\xfe", text = "é" })
        put("bad", pcall(scrim.emit, "m", { [1] = 1 }))
        put("bad", pcall(scrim.emit, "m", 5))
        put("bad", pcall(scrim.emit, "m", {}, 1))
        put("bad", pcall(scrim.emit))
        local co = coroutine.wrap(function() scrim.on("y", function() coroutine.yield() end) return scrim.emit("y") end)
        put("yield", co())
        """

    /// Runs `script`; `observed`: with a call observer, which sends every emission down the Swift path.
    static func run(observed: Bool) throws -> [String] {
        let runtime = try LuaRuntime()
        var reports: [String] = []
        runtime.core.hooks.errorSink = { reports.append("sink: \($0.context): \($0.message)") }
        if observed { runtime.state.callObserver = { _, call in call() } }
        try runtime.runString(script, name: "@emit.lua")
        let L = runtime.state.L
        lua_getglobal(L, "log")
        defer { lua_settop(L, -2) }
        var log: [String] = []
        for index in 1...Int(lua_rawlen(L, -1)) {
            lua_rawgeti(L, -1, lua_Integer(index))
            log.append(runtime.state.string(at: -1))
            lua_settop(L, -2)
        }
        return log + reports
    }

    @Test func bothPathsShowAScriptTheSameEmissions() throws {
        let fast = try EmitPathTests.run(observed: false)
        let bus = try EmitPathTests.run(observed: true)
        #expect(fast == bus)
        #expect(fast.contains("mid integer float 3 0.5 float 2 x\0y"))
        #expect(fast.contains("first") && fast.contains("added") && !fast.contains("removed") && !fast.contains("group"))
        #expect(fast.contains("callable r"))
        #expect(fast.contains("m1 1 nil") && fast.contains("m2 1 nil"))
        #expect(fast.contains("bytes 2 true 2") && fast.contains("bytes again 2"))
        #expect(fast.contains { $0.hasPrefix("error emit.lua:23: broken hook handler for \"e\" nil stack traceback:") })
        #expect(fast.contains { $0.hasPrefix("error (error object is a table value) hook handler for \"e\"") })
        #expect(fast.contains("yield true"))
    }

    /// A handler that never ends: the emission reports it, and the script stops at the emitting line.
    static func runOutOfTime(observed: Bool) throws -> (error: String, reports: [String]) {
        let runtime = try LuaRuntime()
        runtime.state.timeBudget = 0.2
        var reports: [String] = []
        runtime.core.hooks.errorSink = { reports.append("\($0.context): \($0.message)") }
        if observed { runtime.state.callObserver = { _, call in call() } }
        do {
            try runtime.runString("""
                scrim.on("loop", function() while true do end end)
                scrim.on("loop", function() ran = true end)
                scrim.emit("loop")
                reached = true
                """, name: "@budget.lua")
        } catch {
            return ((error as? LuaError)?.message ?? "\(error)", reports)
        }
        return ("no error", reports)
    }

    @Test func aHandlerOutOfTimeStopsTheEmitterOnBothPaths() throws {
        let fast = try EmitPathTests.runOutOfTime(observed: false)
        #expect(fast.error == "budget.lua:1: exceeded the time budget of 0.2 s")
        #expect(fast.reports.count == 2 && fast.reports.allSatisfy { $0.hasSuffix("exceeded the time budget of 0.2 s") })
        let bus = try EmitPathTests.runOutOfTime(observed: true)
        #expect(fast.error == bus.error && fast.reports == bus.reports)
    }

    @Test func eventNamesWithoutHandlersLeaveNoList() throws {
        let runtime = try LuaRuntime()
        try runtime.runString("""
            for i = 1, 200 do scrim.on("once." .. i, function() end):remove() end
            scrim.on("kept", function() end)
            for i = 1, 50 do scrim.on("grouped." .. i, function() end, { group = "g" }) end
            scrim.off("g")
            """, name: "=lists")
        let L = runtime.state.L
        lua_rawgetp(L, scrim_registryindex(), HookBinding.listsKey.address)
        defer { lua_settop(L, -2) }
        var names: [String] = []
        lua_pushnil(L)
        while lua_next(L, -2) != 0 {
            lua_settop(L, -2)
            names.append(runtime.state.string(at: -1))
        }
        #expect(names == ["kept"])
    }
}
