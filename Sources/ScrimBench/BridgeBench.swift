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
    let state = LuaState(memoryLimit: nil, timeBudget: 30)
    let L = state.L
    state.register(probeClass, for: BenchProbe.self)
    try! state.run("delegate = {} function delegate:m(x) return x + 1 end")
    lua_getglobal(L, "delegate")
    let delegate = state.popRef()
    let calls = 1_000_000

    let raw = bestOf(5) {
        delegate.push(L)
        precondition(scrimbench_raw_delegate_calls(L, -1, "m", Int32(calls)) > 0)
        lua_settop(L, -2)
    }
    let bridged = bestOf(5) {
        var sum = 0
        for i in 0..<calls {
            delegate.push(L)
            lua_pushinteger(L, lua_Integer(i))
            try! state.callMethod(-2, static: "m", nargs: 1, nresults: 1)
            sum += Int(scrim_tointeger(L, -1))
            lua_settop(L, -3)
        }
        precondition(sum > 0)
    }

    state.push(any: BenchProbe())
    lua_setglobal(L, "probe")
    scrimbench_push_cprobe(L)
    lua_setglobal(L, "cprobe")
    func loop(_ body: String, on object: String) -> Double {
        let code = "local p, x = \(object) for i = 1, \(calls) do \(body) end return x"
        try! state.load(code, name: "=bench")
        let function = state.popRef()
        return bestOf(5) {
            function.push(L)
            try! state.call(nargs: 0, nresults: 0)
        }
    }
    let nanos = 1e9 / Double(calls)
    return [
        BenchRow(name: "Swift → Lua delegate call (method, 1 arg, 1 result)", scrim: bridged * nanos, baseline: raw * nanos,
                 baselineName: "raw lua_pcall", unit: "ns", bar: .ratioAtMost(1.5)),
        BenchRow(name: "Lua → Swift property get", scrim: loop("x = p.value", on: "probe") * nanos,
                 baseline: loop("x = p.value", on: "cprobe") * nanos, baselineName: "lua_CFunction", unit: "ns", bar: .ratioAtMost(2)),
        BenchRow(name: "Lua → Swift property set", scrim: loop("p.value = i", on: "probe") * nanos,
                 baseline: loop("p.value = i", on: "cprobe") * nanos, baselineName: "lua_CFunction", unit: "ns", bar: .ratioAtMost(2)),
        BenchRow(name: "Lua → Swift method call", scrim: loop("x = p:scale(1.0)", on: "probe") * nanos,
                 baseline: loop("x = p:scale(1.0)", on: "cprobe") * nanos, baselineName: "lua_CFunction", unit: "ns", bar: .ratioAtMost(2)),
    ]
}

/// Hook dispatch to one Lua handler: events emitted by Swift through the hook bus, against a raw C-API
/// dispatcher calling the same handler with a table per event.
func hookBenchmarks() -> [BenchRow] {
    let runtime = LuaRuntime()
    let state = runtime.state
    let L = state.L
    let events = 1_000_000
    try! state.run("count = 0 scrim.on('bench.event', function(ev) count = count + 1 end)")
    let hooks = runtime.core.hooks
    let channel = hooks.channel("bench.event")
    let target = View(name: "target")
    let bridged = bestOf(3) {
        for _ in 0..<events { hooks.emit(channel, target: target) }
    }
    try! state.run("handler = function(ev) count = count + 1 end")
    lua_getglobal(L, "handler")
    let handler = state.popRef()
    let raw = bestOf(3) {
        precondition(scrimbench_raw_dispatch(L, handler.ref, Int32(events)) == 0)
    }
    let nanos = 1e9 / Double(events)
    return [
        BenchRow(name: "hook dispatch, one Lua handler (per event)", scrim: bridged * nanos, baseline: raw * nanos,
                 baselineName: "raw C dispatcher", unit: "ns", bar: .ratioAtMost(2.5)),
        BenchRow(name: "hook dispatch, one Lua handler (throughput)", scrim: Double(events) / bridged / 1e6,
                 baseline: Double(events) / raw / 1e6, baselineName: "raw C dispatcher", unit: "M/s", bar: .valueAtLeast(2)),
    ]
}
