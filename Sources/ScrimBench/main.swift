import Glibc

// `ScrimBench [name…]`: runs the benchmarks (all by default) and prints each figure beside its
// baseline measured in the same run, the ratio, and the bar from docs/DESIGN.md.
setvbuf(stdout, nil, _IOLBF, 0)
let selected = Set(CommandLine.arguments.dropFirst())
let benchmarks: [(name: String, run: () -> [BenchRow])] = [
    ("bridge", bridgeBenchmarks),
    ("hooks", hookBenchmarks),
    ("lua-paths", luaPathBenchmarks),
    ("startup", startupBenchmarks),
    ("frames", frameBenchmarks),
    ("layout", layoutBenchmarks),
    ("layout-lua", layoutViewBenchmarks),
    ("popup", popupBenchmarks),
    ("window", windowBenchmarks),
]
BenchRow.printHeader()
var missed = 0
for benchmark in benchmarks where selected.isEmpty || selected.contains(benchmark.name) {
    for row in benchmark.run() {
        row.print()
        if !row.meetsBar { missed += 1 }
    }
}
print(missed == 0 ? "every bar met" : "\(missed) bar(s) missed")
exit(missed == 0 ? 0 : 1)
