import Glibc
import ScrimLua

/// 100,000 popup create/select/cancel cycles from Lua, with a delegate that captures the popup (a cycle through
/// the bridge): resident memory between cycle 20,000 and cycle 100,000 must not grow more than 1 MB. The baseline
/// is the same loop making the same Lua tables without a popup, for the GC's own drift.
func popupBenchmarks() -> [BenchRow] {
    let cycles = 100_000, warmUp = 20_000
    func run(_ body: String) -> (growth: Double, perCycle: Double) {
        let runtime = try! LuaRuntime()
        let state = runtime.state
        try! state.run("""
        function cycle(i)
          \(body)
        end
        """)
        guard case .function(let cycle) = state.global("cycle") else { fatalError("bench: no cycle function") }
        var atWarmUp = 0.0
        let start = monotonicSeconds()
        for i in 1...cycles {
            _ = try! state.call(cycle, [i])
            if i == warmUp {
                state.collectGarbage()
                atWarmUp = residentMegabytes()
            }
        }
        state.collectGarbage()
        return (residentMegabytes() - atWarmUp, (monotonicSeconds() - start) / Double(cycles))
    }
    let popup = run("""
          local delegate = {}
          local popup = scrim.PopupWindow{ items = {"attach", "detach", "rename", "delete", "control"}, delegate = delegate }
          delegate.popup = popup
          function delegate:rename(p) self.count = (self.count or 0) + 1 end
          popup:create()
          scrim.advance(0.3)
          popup:select("rename")
          scrim.advance(0.3)
    """)
    let plain = run("""
          local delegate = {}
          local popup = { items = {"attach", "detach", "rename", "delete", "control"}, delegate = delegate }
          delegate.popup = popup
          function delegate:rename(p) self.count = (self.count or 0) + 1 end
    """)
    return [
        BenchRow(name: "popup cycles 20k→100k: resident growth", scrim: popup.growth, baseline: plain.growth,
                 baselineName: "same Lua tables, no popup", unit: "MB", bar: .valueAtMost(1)),
        BenchRow(name: "popup create/select/cancel cycle", scrim: popup.perCycle * 1e6, baseline: plain.perCycle * 1e6,
                 baselineName: "same Lua tables, no popup", unit: "µs", bar: .valueAtMost(1000)),
    ]
}

/// Resident set size of this process, from /proc/self/statm (pages: size, then resident).
func residentMegabytes() -> Double {
    guard let file = fopen("/proc/self/statm", "r") else { return 0 }
    defer { fclose(file) }
    var buffer = [CChar](repeating: 0, count: 128)
    guard fgets(&buffer, 128, file) != nil else { return 0 }
    let fields = String(nulTerminated: buffer).split(separator: " ")
    guard fields.count > 1, let pages = Double(fields[1]) else { return 0 }
    return pages * Double(sysconf(Int32(_SC_PAGESIZE))) / 1_048_576
}
