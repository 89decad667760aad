import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import ScrimTestSupport
import Testing

/// Every report of `scrim test` stays whole, whatever the specs' names and messages hold and however the run ends
/// (Tests/fixtures/scrimtest-reports, scrimtest-interrupted).
@Suite struct ReportTests {
    static let reports = "Tests/fixtures/scrimtest-reports"

    static func run(_ output: String, _ paths: [String] = [reports], extra: [String] = []) throws -> ScrimProcess {
        try ScrimProcess.run(["test", "-o", output] + extra + paths, timeout: 120)
    }

    /// The JUnit document's testcases' names, or nil when it does not parse.
    static func junitCases(_ text: String) -> [String]? {
        let reader = TestcaseReader()
        let parser = XMLParser(data: Data(text.utf8))
        parser.delegate = reader
        return parser.parse() ? reader.names : nil
    }

    @Test func aNulOrALineBreakInANameCutsNothingAndInjectsNoTAPLine() throws {
        let tap = try Self.run("tap", ["\(Self.reports)/bytes_spec.lua"])
        let lines = tap.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        // Every line is TAP's: the version, a test line, a comment, the plan.
        let kinds = ["TAP version 13", "ok ", "not ok ", "# ", "1.."]
        #expect(lines.allSatisfy { line in kinds.contains { line.hasPrefix($0) } }, "\(tap.stdout)")
        #expect(!lines.contains { $0.hasPrefix("ok 99") || $0.hasPrefix("not ok 98") })
        #expect(lines.filter { $0.hasPrefix("ok ") || $0.hasPrefix("not ok ") }.count == 5)
        #expect(lines.contains("not ok 2 - bytes › a line break\\nok 99 - injected pass"))
        #expect(lines.last == "1..5")

        let text = try Self.run("text", ["\(Self.reports)/bytes_spec.lua"])
        // What follows the NUL is there: the rest of the name, of the message, the place, the traceback.
        #expect(text.stdout.contains("✘ bytes › a NUL\\0 in the name (Tests/fixtures/scrimtest-reports/bytes_spec.lua:3) — error\n"
            + "  Tests/fixtures/scrimtest-reports/bytes_spec.lua:4: after the NUL\\0 comes the rest of the message\n"
            + "  stack traceback:\n"))
        // No control character reaches the terminal; bytes that are not UTF-8 are shown, not replaced.
        #expect(!text.stdout.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" && $0 != "\t" || $0.value == 0x1B })
        #expect(text.stdout.contains("an escape \\x1B[31mred\\x1B[0m and a carriage return\\r here"))
        #expect(text.stdout.contains("bad bytes \\xC0\\x80 end"))
        #expect(text.stdout.hasSuffix("1 passed, 4 failed\n"))

        let junit = try #require(Self.junitCases(try Self.run("junit", ["\(Self.reports)/bytes_spec.lua"]).stdout))
        #expect(junit.count == 5)
        #expect(junit.contains("bytes › a NUL\\0 in the name"))

        // JSON can hold every character: the names come back as they were.
        for format in ["json", "scrim-json"] {
            let json = try Self.run(format, ["\(Self.reports)/bytes_spec.lua"])
            let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any],
                                        "\(format): \(json.stdout)")
            #expect(json.stdout.contains("a NUL\\u0000 in the name"), "\(format)")
            #expect(!document.isEmpty)
        }
    }

    /// A failure with a 32 MiB message is cut, saying so, and costs the next test nothing of its budget (handing
    /// the message on used to take minutes, all of it counted against the next test).
    @Test func aHugeMessageIsCutAndTheNextTestKeepsItsBudget() throws {
        for output in ["text", "junit", "json"] {
            let result = try Self.run(output, ["\(Self.reports)/large_spec.lua"], extra: ["--timeout", "15"])
            #expect(!result.timedOut)
            #expect(result.stdout.contains("… [cut to 65536 of 33554483 bytes]"), "\(output)")
            #expect(result.stdout.utf8.count < 1 << 20, "\(output)")
            #expect(!result.stdout.contains("exceeded the time budget"), "\(output)")
            #expect((output == "text" ? result.stdout : result.stderr).hasSuffix("1 passed, 1 failed\n"), "\(output)")
        }
    }

    /// os.exit, the memory budget, a worker killed: the report is whole and names each.
    @Test(arguments: ["junit", "json", "scrim-json", "tap"])
    func everyWayOutKeepsTheReportWhole(output: String) throws {
        let result = try Self.run(output, ["\(Self.reports)/ways_out_spec.lua", "\(Self.reports)/crash_spec.lua"],
                                  extra: ["--max-memory", "64M"])
        #expect(result.status == 1 && !result.signalled)
        #expect(result.stderr.hasSuffix("1 passed, 3 failed\n"))
        for expected in ["os.exit(1) called: a spec cannot end the test run", "not enough memory",
                         "the test worker running this file stopped (signal 9 (SIGKILL: Killed))"] {
            #expect(result.stdout.contains(expected), "\(output): \(expected)")
        }
        switch output {
        case "junit": #expect(Self.junitCases(result.stdout)?.count == 4)
        case "tap": #expect(result.stdout.hasSuffix("1..4\n"))
        default: #expect((try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8))) != nil)
        }
    }

    /// SIGINT (or SIGTERM) while a file runs: the report holds what had finished and the file under way, whole, and
    /// the exit status is 128 + the signal.
    @Test(arguments: [("junit", SIGINT), ("json", SIGTERM), ("text", SIGINT)])
    func aSignalLeavesAWholeReport(output: String, signal: Int32) throws {
        let marker = FileManager.default.temporaryDirectory.appendingPathComponent("scrim-interrupted-\(getpid())-\(output)")
        try? FileManager.default.removeItem(at: marker)
        defer { try? FileManager.default.removeItem(at: marker) }
        let process = Process()
        process.executableURL = ScrimProcess.binary
        process.arguments = ["test", "--timeout", "0", "-o", output, "Tests/fixtures/scrimtest-interrupted", "--", marker.path]
        process.currentDirectoryURL = ScrimProcess.repoRoot
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let deadline = Date().addingTimeInterval(60)
        while !FileManager.default.fileExists(atPath: marker.path), Date() < deadline, process.isRunning {
            usleep(20_000)
        }
        // The spec under way wrote the marker (arg's last word): the signal comes while it runs, not before.
        #expect(FileManager.default.fileExists(atPath: marker.path), "the spec never started")
        kill(process.processIdentifier, signal)
        // A run that does not stop is ended, and fails the test below, rather than left hanging.
        let stopBy = Date().addingTimeInterval(30)
        while process.isRunning, Date() < stopBy { usleep(20_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        let stdout = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 128 + signal)
        #expect(stderr.contains("scrim test: interrupted (signal \(signal) ("), "\(stderr)")
        let interrupted = "the run was interrupted (signal \(signal)"
        switch output {
        case "junit":
            let cases = try #require(Self.junitCases(stdout), "\(stdout)")
            #expect(cases == ["finishes before the signal", "finishes before the signal too",
                              "Tests/fixtures/scrimtest-interrupted/b_spec.lua (the file)"])
            #expect(stdout.contains(interrupted))
        case "json":
            let document = try #require(try JSONSerialization.jsonObject(with: Data(stdout.utf8)) as? [String: Any])
            #expect((document["successes"] as? [Any])?.count == 2)
            let errors = try #require(document["errors"] as? [[String: Any]])
            #expect(errors.count == 1 && (errors.first?["message"] as? String ?? "").hasPrefix(interrupted))
        default:
            #expect(stdout.contains(interrupted))
            #expect(stdout.hasSuffix("2 passed, 1 failed\n"))
        }
    }
}

/// Collects the names of a JUnit document's testcases.
private final class TestcaseReader: NSObject, XMLParserDelegate {
    var names: [String] = []

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName: String?, attributes: [String: String] = [:]) {
        if elementName == "testcase" { names.append(attributes["name"] ?? "") }
    }
}
