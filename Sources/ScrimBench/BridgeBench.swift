// Raw C API kept for the delegate-call loop: it reads each result off the stack as the bridge's own delegate adapters
// do, so the figure set against the plain C host is the bridge's cost, not that of a typed reader around it.
import CLua
import Glibc
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

/// The bridge as a script and a host meet it, in a runtime made as `scrim run` makes one (default budgets on): a View
/// property read and written from Lua, a bound Swift method, `scrim.emit` to one `scrim.on` handler, a Swift → Lua
/// delegate call and a hook dispatched from Swift. Each is measured against the outside baseline, a plain C host over
/// liblua5.4 run as its own process with no hook (scripts/bench_host.c, built by scripts/bench, its path in
/// SCRIM_BENCH_HOST) doing the same with hand-written C objects; the same loops in plain lua5.4 over a table
/// (scripts/bench_plain.lua), where Lua has an equivalent, are shown beside them. Both sides are timed in thread CPU
/// time, best of 15 rounds on one CPU. A round times each side once in turn, so that a spell of load from the
/// machine's neighbours falls on both sides alike, and each side starts afresh in it, after an untimed warm-up run:
/// the host and lua5.4 as new processes, Scrim in a new runtime (a layout of the heap that happens to be slow then
/// weighs on one round, not on every round of one side).
func bridgeBenchmarks() -> [BenchRow] {
    guard let hostPath = getenv("SCRIM_BENCH_HOST").map({ String(cString: $0) }) else {
        fputs("bench: SCRIM_BENCH_HOST (the C host scripts/bench builds) is not set: run scripts/bench\n", standardErrorStream)
        exit(2)
    }
    let calls = 200_000
    var host: [String: Double] = [:], lua: [String: Double] = [:], scrim: [String: Double] = [:]
    onOneCPU {
        for _ in 0..<15 {
            keepBest(&host, runJSON(["\(hostPath) \(calls) 1"]))
            keepBest(&lua, runJSON(["lua5.4 scripts/bench_plain.lua \(calls) 1"]))
            keepBest(&scrim, scrimRound(calls: calls))
        }
    }
    func row(_ name: String, _ key: String, _ bar: Double) -> BenchRow {
        BenchRow(name: name, scrim: scrim[key]!, baseline: host[key]!, baselineName: "C host", unit: "ns",
                 bar: .ratioAtMost(bar))
    }
    func plainRow(_ name: String, _ key: String) -> BenchRow {
        BenchRow(name: name, scrim: scrim[key]!, baseline: lua[key]!, baselineName: "lua5.4", unit: "ns", bar: .none)
    }
    return [
        row("Lua: v.alpha get", "get", 1.5),
        plainRow("  the same against a table field read", "get"),
        row("Lua: v.alpha set", "set", 1.5),
        plainRow("  the same against a table field write", "set"),
        row("Lua: bound Swift method p:scale(1.0)", "method", 2),
        plainRow("  the same against a Lua method", "method"),
        row("Lua: scrim.emit, one Lua handler", "emit", 2),
        plainRow("  the same against an emit written in Lua", "emit"),
        row("Lua: scrim.emit with {x = 1}, one Lua handler", "emit_fields", 2),
        plainRow("  the same against an emit written in Lua", "emit_fields"),
        row("Swift → Lua delegate call (1 arg, 1 result)", "delegate", 1.5),
        row("hook dispatch from Swift, one Lua handler", "dispatch", 2),
    ]
}

/// Scrim's side of one round, by the key the host and bench_plain.lua print theirs under: nanoseconds per operation,
/// each row timed once after an untimed warm-up run, in a runtime of its own.
private func scrimRound(calls: Int) -> [String: Double] {
    let runtime = try! LuaRuntime()
    let state = runtime.state
    defer { state.close() }
    let L = state.L
    state.register(probeClass, for: BenchProbe.self)
    state.setGlobal("probe", LuaValue.object(BenchProbe()))
    try! state.run("""
        view = scrim.View{ name = "probe" }
        count = 0
        scrim.on("bench.lua", function(ev) count = count + 1 end)
        scrim.on('bench.event', function(ev) count = count + 1 end)
        delegate = {} function delegate:m(x) return x + 1 end
        """)
    func loop(_ setup: String, _ body: String) -> () -> Void {
        try! state.load("\(setup) for i = 1, \(calls) do \(body) end return x", name: "=bench")
        let chunk = state.popRef()
        return {
            chunk.push(L)
            try! state.call(nargs: 0, nresults: 0)
        }
    }
    guard case .table(let delegate) = state.global("delegate") else { fatalError("bench: no delegate table") }
    let hooks = runtime.core.hooks
    let channel = hooks.channel("bench.event")
    let target = View(name: "target")
    let sides: [(String, () -> Void)] = [
        ("get", loop("local v, x = view", "x = v.alpha")),
        ("set", loop("local v, x = view", "v.alpha = 0.5")),
        ("method", loop("local p, x = probe", "x = p:scale(1.0)")),
        ("emit", loop("local emit, x, f = scrim.emit, nil, { x = 1 }", "x = emit('bench.lua')")),
        ("emit_fields", loop("local emit, x, f = scrim.emit, nil, { x = 1 }", "x = emit('bench.lua', f)")),
        ("delegate", {
            var sum = 0
            for i in 0..<calls {
                try! state.callMethod(delegate, static: "m", i)
                sum += Int(scrim_tointeger(L, -1))
                lua_settop(L, -2)
            }
            precondition(sum > 0)
        }),
        ("dispatch", { for _ in 0..<calls { hooks.emit(channel, target: target) } }),
    ]
    let nanos = 1e9 / Double(calls)
    return Dictionary(uniqueKeysWithValues: sides.map { key, body in
        body()
        return (key, cpuSeconds(body) * nanos)
    })
}
