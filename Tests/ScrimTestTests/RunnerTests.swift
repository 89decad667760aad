import ScrimTestSupport
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

/// `scrim test` run as a user runs it, on the fixture specs under Tests/fixtures/scrimtest.
@Suite struct RunnerTests {
    static let fixtures = "Tests/fixtures/scrimtest"

    static func test(_ arguments: [String]) throws -> ScrimProcess {
        try ScrimProcess.run(["test"] + arguments, timeout: 60)
    }

    static func lastLine(_ text: String) -> String {
        String(text.split(separator: "\n").last ?? "")
    }

    /// The spec files a text report lists, in order ("✔ path: …" lines).
    static func reportedFiles(_ text: String) -> [String] {
        text.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("✔ ") || line.hasPrefix("✘ "), let colon = line.range(of: ": ") else { return nil }
            return String(line[line.index(line.startIndex, offsetBy: 2) ..< colon.lowerBound])
        }.filter { $0.hasSuffix(".lua") }
    }

    @Test func countsPassFailErrorAndPending() throws {
        let result = try Self.test(["\(Self.fixtures)/basic"])
        #expect(result.status == 1)
        #expect(Self.lastLine(result.stdout) == "5 passed, 3 failed, 2 skipped")
    }

    @Test func allPassingExitsZeroWithoutSkippedCount() throws {
        let result = try Self.test(["\(Self.fixtures)/hooks"])
        #expect(result.status == 0, "\(result.stdout)")
        #expect(Self.lastLine(result.stdout) == "3 passed, 0 failed")
    }

    @Test func failureNamesTheSpecLineAndShowsExpectedAndActual() throws {
        let result = try Self.test(["\(Self.fixtures)/basic/failing_spec.lua"])
        let out = result.stdout
        #expect(out.contains("✘ failures › reports unequal values (Tests/fixtures/scrimtest/basic/failing_spec.lua:6)"))
        // luassert's messages: the actual value, then the expected one; the difference in a table starred.
        #expect(out.contains("Tests/fixtures/scrimtest/basic/failing_spec.lua:8: Expected objects to be equal.\n  Passed in:\n  (number) 5\n  Expected:\n  (number) 6\n"))
        #expect(out.contains("   *[2] = 'c' }"))
        #expect(out.contains("   *[2] = 'b' }"))
        #expect(out.contains("failing_spec.lua:17: attempt to index a nil value (local 'popup')"))
        // Tracebacks keep the spec's frames and drop the library's.
        #expect(out.contains("\tTests/fixtures/scrimtest/basic/failing_spec.lua:8: in function"))
        #expect(!out.contains("[scrim"))
        #expect(!out.contains("[C]"))
    }

    @Test func syntaxErrorIsAFailureNamingFileAndLine() throws {
        let result = try Self.test(["\(Self.fixtures)/syntax"])
        #expect(result.status == 1)
        #expect(result.stdout.contains("Tests/fixtures/scrimtest/syntax/broken_spec.lua:3: unexpected symbol near '='"))
        #expect(Self.lastLine(result.stdout) == "0 passed, 1 failed")
    }

    @Test func runawayTestFailsWithTheTimeBudgetAndTheRestRun() throws {
        let started = Date()
        let result = try Self.test(["--timeout", "0.3", "\(Self.fixtures)/timeout"])
        #expect(Date().timeIntervalSince(started) < 20)
        #expect(result.status == 1)
        #expect(result.stdout.contains("✘ a runaway test › loops forever"))
        // Positioned at the line that was looping, not where the error was last re-raised.
        #expect(result.stdout.contains("loop_spec.lua:11: exceeded the time budget of 0.3 s"))
        // "still runs after" checks that after_each ran for the stopped test too.
        #expect(Self.lastLine(result.stdout) == "2 passed, 1 failed")
    }

    @Test(arguments: [[], ["--shuffle", "--seed", "1"], ["--seed", "2"], ["--jobs", "2"]])
    func eachFileRunsInAFreshRuntime(extra: [String]) throws {
        let result = try Self.test(extra + ["\(Self.fixtures)/isolation"])
        #expect(result.status == 0, "\(result.stdout)")
        #expect(Self.lastLine(result.stdout) == "3 passed, 0 failed")
        #expect(Set(Self.reportedFiles(result.stdout)) == [
            "\(Self.fixtures)/isolation/a_spec.lua", "\(Self.fixtures)/isolation/b_spec.lua", "\(Self.fixtures)/isolation/c_spec.lua",
        ])
    }

    /// busted's default pattern, `_spec`, anywhere in a `.lua` file's name; `*_test.lua` only when asked.
    @Test func discoveryIsBustedsDefaultPatternSkippingHiddenFolders() throws {
        let result = try Self.test(["\(Self.fixtures)/discovery"])
        #expect(result.status == 0, "\(result.stdout)")
        #expect(Self.reportedFiles(result.stdout) == [
            "\(Self.fixtures)/discovery/nested/deep_spec.lua", "\(Self.fixtures)/discovery/shared_spec_helpers.lua",
            "\(Self.fixtures)/discovery/visible_spec.lua",
        ])
        let both = try Self.test(["-p", "_spec", "-p", "_test", "\(Self.fixtures)/discovery"])
        #expect(Self.reportedFiles(both.stdout) == [
            "\(Self.fixtures)/discovery/nested/deep_spec.lua", "\(Self.fixtures)/discovery/nested/deep_test.lua",
            "\(Self.fixtures)/discovery/shared_spec_helpers.lua", "\(Self.fixtures)/discovery/visible_spec.lua",
        ])
    }

    @Test func noTestFilesIsAUsageErrorSayingWhere() throws {
        let result = try Self.test(["\(Self.fixtures)/empty"])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("scrim: no test files (.lua files matching '_spec') found in 'Tests/fixtures/scrimtest/empty'"))
        let missing = try Self.test(["no/such/folder"])
        #expect(missing.status == 2)
        #expect(missing.stderr.hasPrefix("scrim: cannot read 'no/such/folder'"))
    }

    @Test(arguments: [
        (["--output", "xml"], "scrim: invalid --output 'xml' (text, tap, junit, json, scrim-json, utfTerminal, plainTerminal, TAP, gtest)"),
        (["--shard", "3/2"], "scrim: invalid --shard '3/2' (I/N with 1 ≤ I ≤ N, e.g. 2/4)"),
        (["--jobs", "0"], "scrim: invalid --jobs '0' (a whole number of worker processes from 1 to 256)"),
        (["--filter", "[a"], "scrim: invalid --filter '[a' (malformed pattern (missing ']'))"),
        (["--seed", "x"], "scrim: invalid --seed 'x' (a whole number ≥ 0)"),
        (["--timeout", "soon"], "scrim: invalid --timeout 'soon' (seconds of wall-clock time from 0 (none) to 31536000)"),
        (["--bogus"], "scrim: unrecognized option '--bogus'"),
    ])
    func usageErrorsExitTwo(arguments: [String], message: String) throws {
        let result = try Self.test(arguments + ["\(Self.fixtures)/hooks"])
        #expect(result.status == 2)
        #expect(result.stderr.split(separator: "\n").first.map(String.init) == message)
    }

    @Test func scrimJSONReportParses() throws {
        let result = try Self.test(["--output", "scrim-json", "\(Self.fixtures)/basic"])
        #expect(result.status == 1)
        #expect(result.stderr == "5 passed, 3 failed, 2 skipped\n")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(json["passed"] as? Int == 5)
        #expect(json["failed"] as? Int == 3)
        #expect(json["skipped"] as? Int == 2)
        let tests = try #require(json["tests"] as? [[String: Any]])
        #expect(tests.count == 10)
        let unequal = try #require(tests.first { $0["name"] as? String == "failures › reports unequal values" })
        #expect(unequal["status"] as? String == "failed")
        #expect(unequal["location"] as? String == "Tests/fixtures/scrimtest/basic/failing_spec.lua:8")
        #expect(unequal["message"] as? String == "Expected objects to be equal.\nPassed in:\n(number) 5\nExpected:\n(number) 6")
        #expect(unequal["names"] as? [String] == ["failures", "reports unequal values"])
        #expect(tests.filter { $0["status"] as? String == "error" }.count == 1)
        #expect(tests.filter { $0["status"] as? String == "pending" }.count == 2)
    }

    /// Errors raised through `scrim.class` (Scrim's Lua, class.lua) are the spec's: located at its line, with a
    /// traceback of its frames only.
    @Test func errorsThroughScrimClassArePlacedInTheSpec() throws {
        let spec = "Tests/fixtures/scrimtest-locations/class_spec.lua"
        let result = try Self.test(["--output", "scrim-json", spec])
        #expect(result.status == 1)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let tests = try #require(json["tests"] as? [[String: Any]])
        let expected: [(String, Int, String)] = [
            ("an unknown option", 5, "bad argument #1 to 'PopupWindow' (unknown option 'item' (items, delegate, name))"),
            ("a number for a class without init", 9, "bad argument #1 to 'D' (table expected, got number)"),
            ("an error in init", 13, "bad n 5"),
            ("a bad base", 17, "bad argument #2 to 'class' (class expected, got number)"),
        ]
        #expect(tests.count == expected.count)
        for (name, line, message) in expected {
            let test = try #require(tests.first { $0["name"] as? String == "constructors › \(name)" })
            #expect(test["status"] as? String == "error")
            #expect(test["location"] as? String == "\(spec):\(line)", "\(name)")
            let text = test["message"] as? String ?? ""
            #expect(text == message || text == "\(spec):\(line): \(message)", "\(name): \(text)")
            let traceback = test["traceback"] as? String ?? ""
            #expect(!traceback.contains("class.lua") && traceback.contains("\(spec):\(line):"), "\(name): \(traceback)")
        }
        #expect(!result.stdout.contains("class.lua"))
    }

    @Test func junitReportParses() throws {
        let result = try Self.test(["--output", "junit", "\(Self.fixtures)/basic", "\(Self.fixtures)/syntax"])
        #expect(result.status == 1)
        let counter = ElementCounter()
        let parser = XMLParser(data: Data(result.stdout.utf8))
        parser.delegate = counter
        #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
        #expect(counter.counts["testsuites"] == 1)
        #expect(counter.counts["testsuite"] == 4)
        #expect(counter.counts["testcase"] == 11)
        #expect(counter.counts["failure"] == 2)
        #expect(counter.counts["error"] == 2)
        #expect(counter.counts["skipped"] == 2)
        #expect(counter.rootAttributes["tests"] == "11")
        #expect(counter.rootAttributes["failures"] == "2")
        #expect(counter.rootAttributes["errors"] == "2")
    }

    @Test func tapReportHasALinePerTestAndAPlan() throws {
        let result = try Self.test(["--output", "tap", "\(Self.fixtures)/basic", "\(Self.fixtures)/tags"])
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "TAP version 13")
        #expect(lines.last == "1..15")
        #expect(lines.filter { $0.hasPrefix("ok ") }.count == 12)
        #expect(lines.filter { $0.hasPrefix("not ok ") }.count == 3)
        #expect(lines.filter { $0.hasPrefix("ok ") && $0.contains(" # SKIP ") }.count == 2)
        // busted's tags put '#' in names; TAP reserves it for directives.
        #expect(lines.contains("ok 11 - tagged \\#ui › is fast \\#fast"))
        #expect(lines.contains("# Tests/fixtures/scrimtest/basic/failing_spec.lua:8: Expected objects to be equal."))
        #expect(result.stderr == "10 passed, 3 failed, 2 skipped\n")
    }

    @Test(arguments: [
        (["--filter", "untagged"], "2 passed, 0 failed"),
        (["--filter", "is %a+ #"], "3 passed, 0 failed"),
        (["--tags", "fast"], "2 passed, 0 failed"),
        (["--tags", "fast,slow"], "3 passed, 0 failed"),
        (["--tags", "ui"], "3 passed, 0 failed"),
        (["--tags", "none"], "0 passed, 0 failed"),
    ])
    func filterAndTagsSelectTests(arguments: [String], closing: String) throws {
        let result = try Self.test(arguments + ["\(Self.fixtures)/tags"])
        #expect(result.status == 0)
        #expect(Self.lastLine(result.stdout) == closing)
    }

    /// A filter matches the name as the reports show it (`a › b`) and busted's (`a b`); one that matches nothing
    /// says so, and the run exits 0 as busted's does.
    @Test(arguments: [
        (["--filter", "tagged #ui › is fast"], "1 passed, 0 failed", [String]()),
        (["--filter", "tagged #ui is fast"], "1 passed, 0 failed", []),
        (["--filter", "untagged › has", "--filter", "is both"], "2 passed, 0 failed", []),
        (["--filter-out", "tagged #ui › is"], "2 passed, 0 failed", []),
        (["--filter", "calc › adds"], "0 passed, 0 failed", ["calc › adds"]),
        (["--filter", "has no", "--filter", "nothing%d"], "1 passed, 0 failed", ["nothing%d"]),
    ])
    func filtersMatchTheShownNameAndSayWhenNothingMatched(arguments: [String], closing: String, unmatched: [String]) throws {
        for output in ["text", "tap"] {
            let result = try Self.test(arguments + ["-o", output, "\(Self.fixtures)/tags"])
            #expect(result.status == 0)
            #expect((output == "text" ? Self.lastLine(result.stdout) : Self.lastLine(result.stderr)) == closing)
            let warnings = result.stderr.split(separator: "\n").filter { $0.hasPrefix("scrim test: warning:") }.map(String.init)
            #expect(warnings == unmatched.map { "scrim test: warning: --filter '\($0)' matched no test" })
        }
    }

    @Test(arguments: [1, 2, 3, 4])
    func shardsCoverEveryFileExactlyOnce(count: Int) throws {
        var seen: [String] = []
        for index in 1 ... count {
            let result = try Self.test(["--shard", "\(index)/\(count)", "\(Self.fixtures)/shard"])
            #expect(result.status == 0)
            seen += Self.reportedFiles(result.stdout)
        }
        #expect(seen.count == 7)
        #expect(Set(seen) == Set((1 ... 7).map { "\(Self.fixtures)/shard/file\($0)_spec.lua" }))
    }

    @Test func shuffleWithTheSameSeedGivesTheSameOrder() throws {
        let first = try Self.test(["--shuffle", "--seed", "42", "\(Self.fixtures)/shard", "\(Self.fixtures)/tags"])
        let second = try Self.test(["--shuffle", "--seed", "42", "\(Self.fixtures)/shard", "\(Self.fixtures)/tags"])
        #expect(first.stdout.hasPrefix("Shuffled with seed 42"))
        #expect(first.stdout == second.stdout)
        let tap1 = try Self.test(["--shuffle", "--seed", "42", "-o", "tap", "\(Self.fixtures)/tags"])
        let tap2 = try Self.test(["--shuffle", "--seed", "42", "-o", "tap", "\(Self.fixtures)/tags"])
        #expect(tap1.stdout == tap2.stdout)
        let sorted = Self.reportedFiles(try Self.test(["\(Self.fixtures)/shard"]).stdout)
        let orders = try [1, 2, 3].map { Self.reportedFiles(try Self.test(["--shuffle", "--seed", "\($0)", "\(Self.fixtures)/shard"]).stdout) }
        #expect(orders.allSatisfy { Set($0) == Set(sorted) })
        #expect(orders.contains { $0 != sorted })
        let unseeded = try Self.test(["--shuffle", "\(Self.fixtures)/shard"])
        #expect(unseeded.stdout.range(of: #"^Shuffled with seed \d+ \(--seed \d+ repeats this order\)"#, options: .regularExpression) != nil)
    }

    @Test func jobsGiveTheSameResultsAsOneProcess() throws {
        let arguments = ["--timeout", "0.3", Self.fixtures]
        let one = try Self.test(arguments)
        let two = try Self.test(["--jobs", "2"] + arguments)
        let four = try Self.test(["-j", "4", "--output", "json"] + arguments)
        #expect(one.status == 1 && two.status == 1 && four.status == 1)
        #expect(Self.lastLine(one.stdout) == "28 passed, 5 failed, 2 skipped")
        // luassert shows tables with their addresses, which differ from process to process.
        func stable(_ text: String) -> String {
            text.replacingOccurrences(of: "table: 0x[0-9a-f]+", with: "table", options: .regularExpression)
        }
        #expect(stable(two.stdout) == stable(one.stdout))
        #expect(four.stderr == "28 passed, 5 failed, 2 skipped\n")
    }

    @Test func failFastStopsAtTheFirstFailure() throws {
        for jobs in ["1", "2"] {
            let result = try Self.test(["--fail-fast", "--jobs", jobs, "\(Self.fixtures)/basic"])
            #expect(result.status == 1)
            #expect(Self.lastLine(result.stdout) == "4 passed, 1 failed")
        }
    }

    @Test func helpDescribesTheCommand() throws {
        let result = try ScrimProcess.run(["help", "test"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("Usage: scrim test [options] [paths…]"))
    }
}

/// Counts XML elements by name and keeps the root's attributes.
private final class ElementCounter: NSObject, XMLParserDelegate {
    var counts: [String: Int] = [:]
    var rootAttributes: [String: String] = [:]

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName: String?, attributes: [String: String] = [:]) {
        if counts.isEmpty { rootAttributes = attributes }
        counts[elementName, default: 0] += 1
    }
}
