import CLua
import ScrimBenchC
import ScrimCore
import ScrimLua

final class BenchProbe {
    var value = 1.5
}

private let probeClass = LuaClass<BenchProbe>("BenchProbe")
    .property("value", get: { $0.value }, set: { $0.value = $1 })
    .method("scale") { probe, call in
        probe.value *= try call.number(2)
        return call.push(probe.value)
    }

/// Swift → Lua delegate calls and Lua → Swift property/method access, each against the raw C API
/// doing the same in the same state.
func bridgeBenchmarks() -> [BenchRow] {
    let state = try! LuaState(memoryLimit: nil, timeBudget: 30)
    let L = state.L
    state.register(probeClass, for: BenchProbe.self)
    try! state.run("delegate = {} function delegate:m(x) return x + 1 end")
    lua_getglobal(L, "delegate")
    let delegate = state.popRef()

    let calls = 200_000
    let (bridged, raw) = bestOfAlternating(15, scrim: {
        var sum = 0
        for i in 0..<calls {
            try! state.callMethod(delegate, static: "m", i)
            sum += Int(scrim_tointeger(L, -1))
            lua_settop(L, -2)
        }
        precondition(sum > 0)
    }, baseline: {
        precondition(scrimbench_raw_delegate_calls(L, delegate.ref, "m", Int32(calls)) > 0)
    })

    state.push(any: BenchProbe())
    lua_setglobal(L, "probe")
    scrimbench_push_cprobe(L)
    lua_setglobal(L, "cprobe")
    /// The same loop over the bound object and over the hand-written C one, timed alternately.
    func loop(_ body: String) -> (scrim: Double, baseline: Double) {
        func compile(_ object: String) -> LuaRef {
            try! state.load("local p, x = \(object) for i = 1, \(calls) do \(body) end return x", name: "=bench")
            return state.popRef()
        }
        let bound = compile("probe"), handwritten = compile("cprobe")
        return bestOfAlternating(15, scrim: {
            bound.push(L)
            try! state.call(nargs: 0, nresults: 0)
        }, baseline: {
            handwritten.push(L)
            try! state.call(nargs: 0, nresults: 0)
        })
    }
    let nanos = 1e9 / Double(calls)
    let get = loop("x = p.value"), set = loop("p.value = i"), method = loop("x = p:scale(1.0)")
    return [
        BenchRow(name: "Swift → Lua delegate call (method, 1 arg, 1 result)", scrim: bridged * nanos, baseline: raw * nanos,
                 baselineName: "raw lua_pcall", unit: "ns", bar: .ratioAtMost(1.5)),
        BenchRow(name: "Lua → Swift property get", scrim: get.scrim * nanos, baseline: get.baseline * nanos,
                 baselineName: "lua_CFunction", unit: "ns", bar: .ratioAtMost(2)),
        BenchRow(name: "Lua → Swift property set", scrim: set.scrim * nanos, baseline: set.baseline * nanos,
                 baselineName: "lua_CFunction", unit: "ns", bar: .ratioAtMost(2)),
        BenchRow(name: "Lua → Swift method call", scrim: method.scrim * nanos, baseline: method.baseline * nanos,
                 baselineName: "lua_CFunction", unit: "ns", bar: .ratioAtMost(2)),
    ]
}

/// Hook dispatch to one Lua handler: events emitted by Swift through the hook bus, against a raw C-API
/// dispatcher calling the same handler with a table per event.
func hookBenchmarks() -> [BenchRow] {
    let runtime = try! LuaRuntime()
    let state = runtime.state
    let L = state.L
    let events = 300_000
    try! state.run("count = 0 scrim.on('bench.event', function(ev) count = count + 1 end)")
    let hooks = runtime.core.hooks
    let channel = hooks.channel("bench.event")
    let target = View(name: "target")
    try! state.run("handler = function(ev) count = count + 1 end")
    lua_getglobal(L, "handler")
    let handler = state.popRef()
    let (bridged, raw) = bestOfAlternating(9, scrim: {
        for _ in 0..<events { hooks.emit(channel, target: target) }
    }, baseline: {
        precondition(scrimbench_raw_dispatch(L, handler.ref, Int32(events)) == 0)
    })
    let nanos = 1e9 / Double(events)
    return [
        BenchRow(name: "hook dispatch, one Lua handler (per event)", scrim: bridged * nanos, baseline: raw * nanos,
                 baselineName: "raw C dispatcher", unit: "ns", bar: .ratioAtMost(2.5)),
        BenchRow(name: "hook dispatch, one Lua handler (throughput)", scrim: Double(events) / bridged / 1e6,
                 baseline: Double(events) / raw / 1e6, baselineName: "raw C dispatcher", unit: "M/s",
                 bar: .ratioAtLeast(1 / 2.5)),
    ]
}

/// The paths a script takes, timed from Lua in one state: a View property read and written through the bound
/// class, and `scrim.emit` to one `scrim.on` handler, against the raw C API host doing the same (`cprobe`, a
/// userdata with hand-written __index/__newindex; `cemit`, which pcalls one registered handler with a fresh
/// {name = …} table holding the fields). The handler is a plain Lua function, so `scrim.emit` runs it from C
/// (Sources/CLua/emit.c); `hookBenchmarks` times the path of Swift's emitters.
func luaPathBenchmarks() -> [BenchRow] {
    let runtime = try! LuaRuntime()
    let state = runtime.state
    let L = state.L
    scrimbench_push_cprobe(L)
    lua_setglobal(L, "cprobe")
    scrimbench_register_cemit(L)
    try! state.run("""
        view = scrim.View{ name = "probe" }
        count = 0
        scrim.on("bench.lua", function(ev) count = count + 1 end)
        con(function(ev) count = count + 1 end)
        """)
    let calls = 200_000
    func loop(_ setup: String, _ scrimBody: String, _ rawBody: String) -> (scrim: Double, baseline: Double) {
        func compile(_ body: String) -> LuaRef {
            try! state.load("\(setup) for i = 1, \(calls) do \(body) end return x", name: "=bench")
            return state.popRef()
        }
        let bound = compile(scrimBody), handwritten = compile(rawBody)
        return bestOfAlternating(11, scrim: {
            bound.push(L)
            try! state.call(nargs: 0, nresults: 0)
        }, baseline: {
            handwritten.push(L)
            try! state.call(nargs: 0, nresults: 0)
        })
    }
    let get = loop("local v, p, x = view, cprobe", "x = v.alpha", "x = p.value")
    let set = loop("local v, p, x = view, cprobe", "v.alpha = 0.5", "p.value = 0.5")
    let emit = loop("local emit, cemit, x = scrim.emit, cemit", "x = emit('bench.lua')", "x = cemit('bench.lua')")
    let emitFields = loop("local emit, cemit, x, f = scrim.emit, cemit, nil, { x = 1 }",
                          "x = emit('bench.lua', f)", "x = cemit('bench.lua', f)")
    let nanos = 1e9 / Double(calls)
    return [
        BenchRow(name: "Lua: v.alpha get", scrim: get.scrim * nanos, baseline: get.baseline * nanos,
                 baselineName: "C __index", unit: "ns", bar: .ratioAtMost(1.5)),
        BenchRow(name: "Lua: v.alpha set", scrim: set.scrim * nanos, baseline: set.baseline * nanos,
                 baselineName: "C __newindex", unit: "ns", bar: .ratioAtMost(2)),
        BenchRow(name: "Lua: scrim.emit, one Lua handler", scrim: emit.scrim * nanos, baseline: emit.baseline * nanos,
                 baselineName: "C emit + lua_pcall", unit: "ns", bar: .ratioAtMost(2.5)),
        BenchRow(name: "Lua: scrim.emit with {x = 1}, one Lua handler", scrim: emitFields.scrim * nanos,
                 baseline: emitFields.baseline * nanos, baselineName: "C emit + lua_pcall", unit: "ns", bar: .ratioAtMost(2.5)),
    ]
}
