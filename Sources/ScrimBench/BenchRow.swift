import Glibc

/// One line of the benchmark table: Scrim's figure, the baseline's, their ratio and the bar.
struct BenchRow {
    enum Bar {
        /// scrim / baseline must be at most this.
        case ratioAtMost(Double)
        /// baseline / scrim must be at least this (scrim this many times faster).
        case speedupAtLeast(Double)
        /// scrim / baseline must be at least this (for throughputs: a share of the baseline's).
        case ratioAtLeast(Double)
        /// An absolute ceiling on Scrim's figure (same unit), baseline shown for context.
        case valueAtMost(Double)
        /// An absolute floor on Scrim's figure.
        case valueAtLeast(Double)
        /// No bar: the figure is shown beside a second baseline for context (plain Lua where the row has one).
        case none
    }

    var name: String
    var scrim: Double
    var baseline: Double
    var baselineName: String
    var unit: String
    var bar: Bar

    var ratio: Double { scrim / baseline }

    /// Whether the row has a bar (and so counts as met or missed).
    var hasBar: Bool {
        if case .none = bar { return false }
        return true
    }

    var meetsBar: Bool {
        switch bar {
        case .ratioAtMost(let limit): return ratio <= limit
        case .speedupAtLeast(let limit): return baseline / scrim >= limit
        case .ratioAtLeast(let limit): return ratio >= limit
        case .valueAtMost(let limit): return scrim <= limit
        case .valueAtLeast(let limit): return scrim >= limit
        case .none: return true
        }
    }

    var barText: String {
        switch bar {
        case .ratioAtMost(let limit): return "≤ \(format(limit))×"
        case .speedupAtLeast(let limit): return "≥ \(format(limit))× faster"
        case .ratioAtLeast(let limit): return "≥ \(format(limit))×"
        case .valueAtMost(let limit): return "≤ \(format(limit)) \(unit)"
        case .valueAtLeast(let limit): return "≥ \(format(limit)) \(unit)"
        case .none: return "—"
        }
    }

    static func printHeader() {
        Swift.print(pad("benchmark", 48) + pad("scrim", 16) + pad("baseline", 34) + pad("ratio", 9) + pad("bar", 18) + "verdict")
    }

    func print() {
        let ratioText: String
        if case .speedupAtLeast = bar { ratioText = format(baseline / scrim) + "× faster" } else { ratioText = format(ratio) + "×" }
        Swift.print(pad(name, 48) + pad("\(format(scrim)) \(unit)", 16) + pad("\(format(baseline)) \(unit) (\(baselineName))", 34)
            + pad(ratioText, 9) + pad(barText, 18) + (hasBar ? (meetsBar ? "ok" : "MISSED") : "info"))
    }
}

func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
}

func format(_ value: Double) -> String {
    if !value.isFinite { return value.isNaN ? "n/a" : "∞" }
    if abs(value) >= 100 { return String(Int(value.rounded())) }
    var buffer = [CChar](repeating: 0, count: 32)
    _ = withVaList([value]) { vsnprintf(&buffer, 32, value >= 10 ? "%.1f" : "%.3g", $0) }
    return String(nulTerminated: buffer)
}

/// Seconds since an arbitrary point, from the monotonic clock.
func monotonicSeconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
}

/// The best (smallest) time of `repetitions` runs of `body`, in seconds.
func bestOf(_ repetitions: Int, _ body: () -> Void) -> Double {
    var best = Double.infinity
    for _ in 0..<repetitions { best = min(best, seconds(body)) }
    return best
}

/// The CPU time of this thread one run of `body` takes, in seconds: for rows whose baseline runs in another process,
/// whose own CPU time is not disturbed by Scrim's side either.
func cpuSeconds(_ body: () -> Void) -> Double {
    let start = threadCPUSeconds()
    body()
    return threadCPUSeconds() - start
}

func threadCPUSeconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
}

/// The wall-clock seconds one run of `body` takes.
func seconds(_ body: () -> Void) -> Double {
    let start = monotonicSeconds()
    body()
    return monotonicSeconds() - start
}

/// The best times of `scrim` and `baseline`, run alternately `repetitions` times each, so that a burst of load
/// on the machine hits both sides alike.
func bestOfAlternating(_ repetitions: Int, scrim: () -> Void, baseline: () -> Void) -> (scrim: Double, baseline: Double) {
    var best = (scrim: Double.infinity, baseline: Double.infinity)
    for _ in 0..<repetitions {
        best.baseline = min(best.baseline, seconds(baseline))
        best.scrim = min(best.scrim, seconds(scrim))
    }
    return best
}

/// Runs `body` with this thread (and every process it spawns meanwhile) on one CPU, the last it may use: on a
/// machine whose CPUs differ in speed from moment to moment (a virtual machine's, shared), each side of a ratio
/// is otherwise measured on whichever CPU it lands on, and the best-of figures of two runs differed by half.
func onOneCPU<T>(_ body: () -> T) -> T {
    var allowed = [UInt](repeating: 0, count: 16) // a cpu_set_t: 1,024 bits
    let size = allowed.count * MemoryLayout<UInt>.size
    guard getAffinity(0, size, &allowed) == 0,
          let last = (0 ..< size * 8).last(where: { allowed[$0 / UInt.bitWidth] >> ($0 % UInt.bitWidth) & 1 == 1 })
    else { return body() }
    var one = [UInt](repeating: 0, count: allowed.count)
    one[last / UInt.bitWidth] = 1 << (last % UInt.bitWidth)
    _ = setAffinity(0, size, &one)
    defer { _ = setAffinity(0, size, &allowed) }
    return body()
}

// Glibc's module leaves out what needs _GNU_SOURCE.
@_silgen_name("sched_getaffinity") private func getAffinity(_ pid: pid_t, _ size: Int, _ mask: UnsafeMutablePointer<UInt>) -> Int32
@_silgen_name("sched_setaffinity") private func setAffinity(_ pid: pid_t, _ size: Int, _ mask: UnsafePointer<UInt>) -> Int32
