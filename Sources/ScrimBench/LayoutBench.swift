import Cassowary
import ScrimCore

/// The Cassowary benchmark, the same system as `scripts/bench_layout.py` builds for kiwisolver:
/// a horizontal chain of `views` views, each with left, width, top, height:
///
///     left_0 == 0                      width_0 >= 10, width_0 == 100 (weak)
///     left_i == left_(i-1) + width_(i-1) + 8    width_i == width_(i-1)
///     top_i == 0                       height_i == 44
///
/// "solve" adds every constraint and updates the variables; "edits" makes width_0 an edit
/// variable (strong) and then suggests `edits` widths, updating the variables after each.
/// Constraint objects are built before the clock starts, on both sides. Seconds, best of 5 runs.
func runLayoutBench(views: Int, edits: Int) -> (solve: Double, edits: Double) {
    runLayoutBench(views: views, edits: edits, repetitions: 5)
}

/// `runLayoutBench(views:edits:)`, best of `repetitions` runs.
func runLayoutBench(views: Int, edits: Int, repetitions: Int) -> (solve: Double, edits: Double) {
    var bestSolve = Double.infinity, bestEdits = Double.infinity
    for _ in 0..<repetitions {
        let chain = LayoutBenchChain(views: views)
        let solver = Solver()
        let solve = seconds {
            for constraint in chain.constraints { try! solver.addConstraint(constraint) }
            solver.updateVariables()
        }
        let expectedLast = Double(views - 1) * 108
        precondition(abs(chain.left[views - 1].value - expectedLast) < 1e-6, "layout bench solved wrong")
        let width0 = chain.width[0]
        let edit = seconds {
            try! solver.addEditVariable(width0, strength: .strong)
            for k in 0..<edits {
                try! solver.suggestValue(width0, Double(50 + k % 100))
                solver.updateVariables()
            }
        }
        if edits > 0 {
            let w = Double(50 + (edits - 1) % 100)
            precondition(abs(chain.left[views - 1].value - Double(views - 1) * (w + 8)) < 1e-6, "layout bench edited wrong")
        }
        bestSolve = min(bestSolve, solve)
        bestEdits = min(bestEdits, edit)
    }
    return (bestSolve, bestEdits)
}

/// The variables and constraints of the benchmark chain, in the order they are added.
struct LayoutBenchChain {
    var left: [Variable] = [], width: [Variable] = []
    var top: [Variable] = [], height: [Variable] = []
    var constraints: [Constraint] = []

    init(views: Int) {
        for i in 0..<views {
            left.append(Variable("left\(i)"))
            width.append(Variable("width\(i)"))
            top.append(Variable("top\(i)"))
            height.append(Variable("height\(i)"))
            if i == 0 {
                constraints.append(left[0] .== 0)
                constraints.append(width[0] .>= 10)
                constraints.append(Constraint(width[0] .== 100, strength: .weak))
            } else {
                constraints.append(left[i] .== left[i - 1] + width[i - 1] + 8)
                constraints.append(width[i] .== width[i - 1])
            }
            constraints.append(top[i] .== 0)
            constraints.append(height[i] .== 44)
        }
    }
}
