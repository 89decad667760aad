import Glibc
import ScrimCore

/// Auto Layout as a script uses it — `scrim.constrain` and `scrim.window:layoutIfNeeded()` run by the release
/// `scrim` (scripts/bench_layout_views.lua) — against kiwisolver solving the same systems from Python
/// (scripts/bench_layout_views.py), both in CPU time in the same run. Where the Lua side lays out (and so assigns the
/// frames that changed), the Python side reads every variable back after `updateVariables`.
func layoutViewBenchmarks() -> [BenchRow] {
    // From a folder without ./plugins, so that scrim loads nothing but the script.
    var directory = [CChar](repeating: 0, count: 4096)
    getcwd(&directory, directory.count)
    let repository = String(nulTerminated: directory)
    let scrim = "cd /tmp && " + executableDirectory() + "/scrim run --timeout 0"
    let script = repository + "/scripts/bench_layout_views.lua"
    var rows: [BenchRow] = []
    var perEdit: [Int: Double] = [:]
    for views in [250, 500, 1000, 2000] {
        let arguments = ["chain", "\(views)", "200", "3"]
        // Three processes a side, in turn, best of each: a 250-view build takes a few milliseconds, and one process
        // of each alone read 0.28× in one run and 0.76× in the next as the machine's speed came and went.
        var ours: [String: Double] = [:], kiwi: [String: Double] = [:]
        for _ in 0..<3 {
            keepBest(&ours, runJSON([scrim, script] + arguments))
            keepBest(&kiwi, runJSON(["python3", "scripts/bench_layout_views.py"] + arguments))
        }
        perEdit[views] = ours["edits"]! / 200
        rows.append(BenchRow(name: "Lua: \(views)-view chain, build + first layout", scrim: ours["build"]! * 1e3,
                             baseline: kiwi["build"]! * 1e3, baselineName: "kiwisolver", unit: "ms",
                             bar: .ratioAtMost(0.5)))
        rows.append(BenchRow(name: "Lua: \(views)-view chain, 200 edits + layout", scrim: ours["edits"]! * 1e3,
                             baseline: kiwi["edits"]! * 1e3, baselineName: "kiwisolver", unit: "ms",
                             bar: .ratioAtMost(0.5)))
    }
    rows.append(BenchRow(name: "Lua: cost per edit, 2,000 vs 1,000 views", scrim: perEdit[2000]! * 1e6,
                         baseline: perEdit[1000]! * 1e6, baselineName: "1,000 views", unit: "µs",
                         bar: .ratioAtMost(2.2)))
    let removal = ["remove", "2000", "1000", "3"]
    rows.append(BenchRow(name: "Lua: remove 1,000 of a 2,000-view chain",
                         scrim: runJSON([scrim, script] + removal)["remove"]! * 1e3,
                         baseline: runJSON(["python3", "scripts/bench_layout_views.py"] + removal)["remove"]! * 1e3,
                         baselineName: "kiwisolver", unit: "ms", bar: .ratioAtMost(0.5)))
    let screen = ["rows", "200", "60", "3"]
    let ours = runJSON([scrim, script] + screen)
    let kiwi = runJSON(["python3", "scripts/bench_layout_views.py"] + screen)
    rows.append(BenchRow(name: "Lua: 200 rows × 10 views, one row per frame", scrim: ours["frame"]! * 1e3,
                         baseline: kiwi["frame"]! * 1e3, baselineName: "kiwisolver", unit: "ms",
                         bar: .valueAtMost(1)))
    let idle = runJSON([scrim, script, "idle", "2000", "200000", "3"])
    rows.append(BenchRow(name: "Lua: layoutIfNeeded, nothing changed (2,000)", scrim: idle["pass"]! * 1e6,
                         baseline: idle["get"]! * 1e6, baselineName: "v.alpha get", unit: "µs",
                         bar: .valueAtMost(1)))
    let small = runJSON([scrim, script, "churn", "1", "20000", "1"])["rss"]!
    let large = runJSON([scrim, script, "churn", "1", "100000", "1"])["rss"]!
    rows.append(BenchRow(name: "Lua: constraint create + deactivate, 20k→100k", scrim: large - small, baseline: small,
                         baselineName: "RSS at 20k", unit: "MB", bar: .valueAtMost(1)))
    return rows
}

/// Keeps in `best` the smaller of each figure of `best` and `round`.
func keepBest(_ best: inout [String: Double], _ round: [String: Double]) {
    for (key, value) in round { best[key] = min(best[key] ?? value, value) }
}

/// Runs `arguments` and reads the flat JSON object of numbers it prints; exits the benchmark on failure.
func runJSON(_ arguments: [String]) -> [String: Double] {
    // The first argument may hold a `cd …&&` prefix; the rest are quoted.
    let command = ([arguments[0]] + arguments.dropFirst().map { "'\($0)'" }).joined(separator: " ")
    guard let pipe = popen(command, "r") else {
        fputs("bench: cannot run \(arguments[0])\n", standardErrorStream)
        exit(2)
    }
    var output = ""
    var buffer = [CChar](repeating: 0, count: 4096)
    while fgets(&buffer, 4096, pipe) != nil { output += String(nulTerminated: buffer) }
    guard pclose(pipe) == 0 else {
        fputs("bench: \(command) failed: \(output)\n", standardErrorStream)
        exit(2)
    }
    var result: [String: Double] = [:]
    for field in output.split(whereSeparator: { "{},\n".contains($0) }) {
        let parts = field.split(separator: ":")
        guard parts.count == 2, let value = Double(parts[1].filter { $0 != " " }) else { continue }
        result[String(parts[0].filter { $0 != " " && $0 != "\"" })] = value
    }
    return result
}
