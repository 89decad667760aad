import Glibc
import ScrimCore

/// 10,000 views animating frame and alpha: the cost of one frame step of the virtual display.
func frameBenchmarks() -> [BenchRow] {
    let runtime = Runtime()
    var views: [View] = []
    for i in 0..<10_000 {
        let view = View(name: "v\(i)", frame: Rect(x: 0, y: Double(i % 800), width: 10, height: 10))
        try! runtime.window.addSubview(view)
        views.append(view)
    }
    runtime.animate(duration: 100, animations: {
        for (i, view) in views.enumerated() {
            view.frame = Rect(x: 300, y: Double(i % 700), width: 20, height: 20)
            view.alpha = 0.5
        }
    })
    let frame = 1.0 / runtime.frameRate
    let steps = 120
    let perStep = bestOf(3) {
        for _ in 0..<steps { runtime.advance(by: frame) }
    } / Double(steps)
    // Reading every presentation value once per frame is what a renderer adds on top.
    let withReads = bestOf(3) {
        for _ in 0..<10 {
            runtime.advance(by: frame)
            var sum = 0.0
            for view in views { sum += view.presentation().frame.x + view.presentation().alpha }
            precondition(sum > 0)
        }
    } / 10
    return [
        BenchRow(name: "10,000 views animating: one frame step", scrim: perStep * 1e3, baseline: withReads * 1e3,
                 baselineName: "step + read all", unit: "ms", bar: .valueAtMost(1)),
    ]
}

/// The Cassowary chain against kiwisolver (scripts/bench_layout.py) on the same system.
func layoutBenchmarks() -> [BenchRow] {
    let ours = runLayoutBench(views: 1000, edits: 200)
    let kiwi = kiwiLayoutBench(views: 1000, edits: 200)
    return [
        BenchRow(name: "Cassowary 1,000-view chain: solve", scrim: ours.solve * 1e3, baseline: kiwi.solve * 1e3,
                 baselineName: "kiwisolver", unit: "ms", bar: .ratioAtMost(1.5)),
        BenchRow(name: "Cassowary: 200 edits of the first width", scrim: ours.edits * 1e3, baseline: kiwi.edits * 1e3,
                 baselineName: "kiwisolver", unit: "ms", bar: .ratioAtMost(1.5)),
    ]
}

/// Runs the kiwisolver side and reads its `{"solve": s, "edits": s}`.
func kiwiLayoutBench(views: Int, edits: Int) -> (solve: Double, edits: Double) {
    guard let pipe = popen("python3 scripts/bench_layout.py --views \(views) --edits \(edits)", "r") else {
        fatalError("bench: cannot run python3")
    }
    var output = ""
    var buffer = [CChar](repeating: 0, count: 4096)
    while fgets(&buffer, 4096, pipe) != nil { output += String(nulTerminated: buffer) }
    guard pclose(pipe) == 0 else { fatalError("bench: scripts/bench_layout.py failed: \(output)") }
    func number(_ key: String) -> Double {
        guard let range = output.firstRange(of: "\"\(key)\":") else { fatalError("bench: no \(key) in \(output)") }
        let rest = output[range.upperBound...].drop(while: { $0 == " " })
        return Double(rest.prefix(while: { "0123456789.eE-+".contains($0) }))!
    }
    return (number("solve"), number("edits"))
}
