/// The default report: a line per file as it finishes, then each failure in full, the pending tests,
/// and the closing `N passed, N failed` line.
struct TextReporter: Reporter {
    let write: (String) -> Void
    private var failures: [TestResult] = []
    private var pending: [TestResult] = []

    init(write: @escaping (String) -> Void) {
        self.write = write
    }

    mutating func begin(fileCount: Int, seed: UInt64?) {
        if let seed { write("Shuffled with seed \(seed) (--seed \(seed) repeats this order)\n") }
    }

    mutating func report(_ file: FileResult) {
        var summary = TestSummary()
        for result in file.results {
            summary.add(result)
            if result.isFailure { failures.append(result) }
            if result.status == .pending { pending.append(result) }
        }
        let mark = summary.failed > 0 ? "✘" : "✔"
        write("\(mark) \(Escaping.line(file.path)): \(summary.closingLine)\n")
    }

    mutating func finish(_ summary: TestSummary) {
        if !pending.isEmpty {
            write("\nSkipped:\n")
            for result in pending {
                let reason = result.message.map { ": \(Escaping.line($0))" } ?? ""
                write("- \(Escaping.line(result.displayName)) (\(Escaping.line(result.file)):\(result.line))\(reason)\n")
            }
        }
        for result in failures {
            write("\n" + Self.describe(result))
        }
        write((failures.isEmpty && pending.isEmpty ? "" : "\n") + summary.closingLine + "\n")
    }

    /// A failure as a block of text: name and place, message, expected vs actual, traceback.
    static func describe(_ result: TestResult) -> String {
        let kind = result.status == .error ? "error" : "failure"
        let place = result.names.isEmpty ? "" : " (\(Escaping.line(result.file)):\(result.line))"
        var text = "✘ \(Escaping.line(result.displayName))\(place) — \(kind)\n"
        text += indented(Escaping.block(result.locatedMessage), by: "  ")
        if let expected = result.expected, let actual = result.actual {
            text += "    expected: \(Escaping.line(expected))\n    actual:   \(Escaping.line(actual))\n"
        }
        if let traceback = result.traceback {
            text += indented(Escaping.block(traceback), by: "  ")
        }
        return text
    }

    private static func indented(_ text: String, by prefix: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { prefix + $0 + "\n" }.joined()
    }
}
