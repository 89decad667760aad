/// JUnit XML, as CI systems read it: a testsuite per spec file, a testcase per test.
struct JUnitReporter: Reporter {
    let write: (String) -> Void
    private var suites: [String] = []
    private var seed: UInt64?
    private var totals = (tests: 0, failures: 0, errors: 0, skipped: 0, time: 0.0)

    init(write: @escaping (String) -> Void) {
        self.write = write
    }

    mutating func begin(fileCount: Int, seed: UInt64?) {
        self.seed = seed
    }

    mutating func report(_ file: FileResult) {
        let x = Escaping.xml
        var failures = 0, errors = 0, skipped = 0, time = 0.0
        var cases = ""
        for result in file.results {
            time += result.duration
            cases += "    <testcase classname=\"\(x(file.path))\" name=\"\(x(result.displayName))\" file=\"\(x(result.file))\" line=\"\(result.line)\" time=\"\(Escaping.seconds(result.duration))\""
            switch result.status {
            case .passed:
                cases += "/>\n"
                continue
            case .pending:
                skipped += 1
                cases += ">\n      <skipped message=\"\(x(result.message ?? "pending"))\"/>\n"
            case .failed, .error:
                let tag = result.status == .failed ? "failure" : "error"
                if result.status == .failed { failures += 1 } else { errors += 1 }
                var details = result.locatedMessage
                if let expected = result.expected, let actual = result.actual {
                    details += "\nexpected: \(expected)\nactual:   \(actual)"
                }
                if let traceback = result.traceback { details += "\n" + traceback }
                cases += ">\n      <\(tag) message=\"\(x(result.locatedMessage))\" type=\"\(tag)\">\(x(details))</\(tag)>\n"
            }
            cases += "    </testcase>\n"
        }
        var suite = "  <testsuite name=\"\(x(file.path))\" tests=\"\(file.results.count)\" failures=\"\(failures)\" errors=\"\(errors)\" skipped=\"\(skipped)\" time=\"\(Escaping.seconds(time))\">\n"
        if let seed { suite += "    <properties>\n      <property name=\"seed\" value=\"\(seed)\"/>\n    </properties>\n" }
        suites.append(suite + cases + "  </testsuite>\n")
        totals.tests += file.results.count
        totals.failures += failures
        totals.errors += errors
        totals.skipped += skipped
        totals.time += time
    }

    mutating func finish(_ summary: TestSummary) {
        write("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        write("<testsuites name=\"scrim test\" tests=\"\(totals.tests)\" failures=\"\(totals.failures)\" errors=\"\(totals.errors)\" skipped=\"\(totals.skipped)\" time=\"\(Escaping.seconds(totals.time))\">\n")
        for suite in suites { write(suite) }
        write("</testsuites>\n")
    }
}
