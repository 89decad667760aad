import Glibc
import ScrimCore

// `ScrimBench [name…]`: runs the benchmarks (all by default) and prints each figure beside its
// baseline measured in the same run, the ratio, and the bar from docs/DESIGN.md.
setvbuf(standardOutput, nil, _IOLBF, 0)
let selected = Set(CommandLine.arguments.dropFirst())
let benchmarks: [(name: String, run: () -> [BenchRow])] = [
    ("bridge", bridgeBenchmarks),
    ("startup", startupBenchmarks),
    ("frames", frameBenchmarks),
    ("layout", layoutBenchmarks),
    ("layout-lua", layoutViewBenchmarks),
    ("popup", popupBenchmarks),
    ("window", windowBenchmarks),
    ("soak", soakBenchmarks),
]
BenchRow.printHeader()
var missed = 0
for benchmark in benchmarks where selected.isEmpty || selected.contains(benchmark.name) {
    for row in benchmark.run() {
        row.print()
        if !row.meetsBar { missed += 1 }
    }
}
exit(missed == 0 ? 0 : 1)
