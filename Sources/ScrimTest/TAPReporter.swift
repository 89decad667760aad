/// TAP (Test Anything Protocol) version 13: `ok`/`not ok` per test, diagnostics as `#` comments,
/// pending tests as `# SKIP`, the plan at the end.
struct TAPReporter: Reporter {
    let write: (String) -> Void
    private var number = 0

    init(write: @escaping (String) -> Void) {
        self.write = write
    }

    mutating func begin(fileCount: Int, seed: UInt64?) {
        write("TAP version 13\n")
        if let seed { write("# seed \(seed)\n") }
    }

    mutating func report(_ file: FileResult) {
        for result in file.results {
            number += 1
            // '#' starts a directive in TAP, and busted's tags put '#' in names; a line break would start a TAP line.
            let name = Escaping.line(result.displayName.replacing("\\", with: "\\\\")).replacing("#", with: "\\#")
            switch result.status {
            case .passed:
                write("ok \(number) - \(name)\n")
            case .pending:
                write("ok \(number) - \(name) # SKIP \(oneLine(result.message ?? "pending"))\n")
            case .failed, .error:
                write("not ok \(number) - \(name)\n")
                var lines = ["\(result.file):\(result.line)", result.locatedMessage]
                if let expected = result.expected, let actual = result.actual {
                    lines += ["expected: \(expected)", "actual:   \(actual)"]
                }
                if let traceback = result.traceback { lines.append(traceback) }
                // Every line of the diagnostics is a comment: a line break in a message starts another one.
                for line in Escaping.block(lines.joined(separator: "\n")).split(separator: "\n") { write("# \(line)\n") }
            }
        }
    }

    mutating func finish(_ summary: TestSummary) {
        write("1..\(number)\n")
    }

    private func oneLine(_ text: String) -> String {
        Escaping.line(text.split(separator: "\n").joined(separator: " "))
    }
}
