import ScrimTestSupport
import Foundation
import Testing

/// The pure-Lua specs in Tests/fixtures/busted-compat (one or more per busted behaviour: order of execution,
/// errors in blocks and hooks, environments, insulate/expose, randomize, require('busted'); and luassert's: every
/// assertion, modifier and matcher failing with its message, deep comparison, formatters, spies, the extension
/// API) and the project in Tests/fixtures/busted-project (.busted, src/, custom assertions with say) give, test by
/// test and in the same order, the outcome that real busted gives on Lua 5.4, with the same failure messages
/// (whole) and the same kind of failure (a failed assertion or an error).
@Suite struct BustedCompatibilityTests {
    static let folder = "Tests/fixtures/busted-compat"
    static let project = "Tests/fixtures/busted-project"

    /// One test of the TAP output: `ok`, `not ok` or `skip`, the test's full name (busted's: names joined by
    /// spaces), and its failure message, every line.
    struct Outcome: Equatable, CustomStringConvertible {
        var status: String
        var name: String
        var message: String?
        var description: String { "\(status) \(name)" + (message.map { " — \($0)" } ?? "") }

        init(status: String, name: String, message: String? = nil) {
            self.status = status
            self.name = name
            self.message = message
        }

        /// Addresses (a table's, a function's) differ from run to run; a message's trailing newline is a last
        /// empty comment line in busted's TAP and none in Scrim's.
        var stable: Outcome {
            var copy = self
            copy.message = message?.replacingOccurrences(of: "0x[0-9a-f]+", with: "0x…", options: .regularExpression)
                .replacingOccurrences(of: "\n+$", with: "", options: .regularExpression)
            return copy
        }

        /// luassert places the failures of its own argument checks in its own files ("/usr/share/lua/5.4/luassert/
        /// assertions.lua:61: bad argument #1 to 'near' …"), Scrim at the spec's line: such messages are compared
        /// without their place.
        var placedInLuassert: Bool { message?.range(of: "^/[^:\n]*/luassert/[^:\n]+:[0-9]+: ", options: .regularExpression) != nil }

        var withoutPlace: Outcome {
            var copy = self
            copy.message = message?.replacingOccurrences(of: "^[^:\n]+:[0-9]+: ", with: "", options: .regularExpression)
            return copy
        }
    }

    /// busted's TAP: "ok N - name", "ok N - # SKIP …", "not ok N - name" followed by "# file @ line" and
    /// "# Failure message: file:line: text", each further line of the message a comment too (then, verbose,
    /// "# stack traceback:").
    static func bustedOutcomes(_ text: String) -> [Outcome] {
        var outcomes: [Outcome] = []
        var inMessage = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if let name = tapName(line, prefix: "not ok ") {
                outcomes.append(Outcome(status: "not ok", name: name))
                inMessage = false
            } else if let name = tapName(line, prefix: "ok ") {
                outcomes.append(Outcome(status: name.hasPrefix("# SKIP") ? "skip" : "ok", name: name.hasPrefix("# SKIP") ? "" : name))
                inMessage = false
            } else if line.hasPrefix("# Failure message: "), outcomes.last?.status == "not ok", outcomes.last?.message == nil {
                outcomes[outcomes.count - 1].message = String(line.dropFirst("# Failure message: ".count))
                inMessage = true
            } else if inMessage, let more = messageLine(line) {
                outcomes[outcomes.count - 1].message! += "\n" + more
            } else {
                inMessage = false
            }
        }
        return outcomes
    }

    /// Scrim's TAP: "ok N - a › b", "ok N - a › b # SKIP …", "not ok N - a › b" followed by "# file:line" (the
    /// test's), "# file:line: text" and the message's further lines (the failure's), then "# stack traceback:";
    /// an error of the file itself is named "path (the file)".
    static func scrimOutcomes(_ text: String) -> [Outcome] {
        var outcomes: [Outcome] = []
        var comments = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if let name = tapName(line, prefix: "not ok ") {
                outcomes.append(Outcome(status: "not ok", name: busted(name)))
                comments = 0
            } else if let name = tapName(line, prefix: "ok ") {
                outcomes.append(Outcome(status: name.contains(" # SKIP") ? "skip" : "ok", name: name.contains(" # SKIP") ? "" : busted(name)))
                comments = -1
            } else if comments >= 0, outcomes.last?.status == "not ok", let more = messageLine(line) {
                comments += 1
                if comments == 2 {
                    outcomes[outcomes.count - 1].message = more
                } else if comments > 2 {
                    outcomes[outcomes.count - 1].message! += "\n" + more
                }
            } else {
                comments = -1
            }
        }
        return outcomes
    }

    /// A comment line that goes on a message: "# text" (an empty line of it is "#" or "# "), until the traceback.
    private static func messageLine(_ line: String) -> String? {
        guard line.hasPrefix("#"), !line.hasPrefix("# stack traceback:") else { return nil }
        return String(line.dropFirst(line.hasPrefix("# ") ? 2 : 1))
    }

    private static func tapName(_ line: String, prefix: String) -> String? {
        guard line.hasPrefix(prefix), let dash = line.range(of: " - ") else { return nil }
        return String(line[dash.upperBound...])
    }

    /// busted names an error of a whole file "suite <path>".
    private static func busted(_ name: String) -> String {
        if name.hasSuffix(" (the file)") { return "suite " + name.dropLast(" (the file)".count) }
        return name.replacing(" › ", with: " ").replacing("\\#", with: "#")
    }

    /// Runs busted on Lua 5.4 explicitly (Debian's luacheck may switch `lua` to 5.1), in `directory`.
    static func runBusted(_ arguments: [String], in directory: URL, output: String = "TAP") throws -> String? {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/busted"),
              FileManager.default.isExecutableFile(atPath: "/usr/bin/lua5.4") else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/lua5.4")
        process.arguments = ["/usr/bin/busted", "-o", output] + arguments
        process.currentDirectoryURL = directory
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    static func compare(_ expected: [Outcome], _ actual: [Outcome]) {
        #expect(actual.count == expected.count, "busted reported \(expected.count) outcomes, scrim test \(actual.count)")
        for (index, (wanted, got)) in zip(expected, actual).enumerated() {
            if wanted.placedInLuassert {
                #expect(got.stable.withoutPlace == wanted.stable.withoutPlace, "outcome \(index + 1)")
            } else {
                #expect(got.stable == wanted.stable, "outcome \(index + 1)")
            }
        }
    }

    @Test func sameOutcomesAsBustedTestByTest() throws {
        guard let tap = try Self.runBusted([Self.folder], in: ScrimProcess.repoRoot) else {
            Issue.record("busted is not installed: run `make test` (scripts/setup installs the Debian package lua-busted)")
            return
        }
        let expected = Self.bustedOutcomes(tap)
        #expect(expected.count > 100, "busted ran too little: \(expected.count)")
        #expect(expected.contains { $0.status == "not ok" } && expected.contains { $0.status == "skip" })

        let scrim = try ScrimProcess.run(["test", "--output", "tap", Self.folder])
        #expect(scrim.status == 1)
        Self.compare(expected, Self.scrimOutcomes(scrim.stdout))
        let counts = (expected.filter { $0.status == "ok" }.count, expected.filter { $0.status == "not ok" }.count,
                      expected.filter { $0.status == "skip" }.count)
        #expect(scrim.stderr.hasSuffix("\(counts.0) passed, \(counts.1) failed, \(counts.2) skipped\n"))
    }

    /// Run as busted is run, from the project's root with no arguments: .busted's default task (ROOT, pattern,
    /// lpath, tags…), the library found in src/.
    @Test func aProjectRunFromItsRootGivesBustedsOutcomes() throws {
        let root = ScrimProcess.repoRoot.appendingPathComponent(Self.project)
        guard let tap = try Self.runBusted([], in: root) else {
            Issue.record("busted is not installed")
            return
        }
        let expected = Self.bustedOutcomes(tap)
        #expect(expected.count >= 20, "busted ran too little: \(tap)")
        let scrim = try ScrimProcess.run(["test", "-C", Self.project, "--output", "tap"])
        Self.compare(expected, Self.scrimOutcomes(scrim.stdout))
        // Another task of the .busted file, chosen with --run.
        let bustedTask = Self.bustedOutcomes(try Self.runBusted(["--run", "fast"], in: root) ?? "")
        let scrimTask = try ScrimProcess.run(["test", "-C", Self.project, "--run", "fast", "-o", "TAP"])
        #expect(bustedTask.count > 0 && bustedTask.count < expected.count)
        Self.compare(bustedTask, Self.scrimOutcomes(scrimTask.stdout))
    }

    /// The same files as busted's, by default (`_spec` anywhere in a `.lua` file's name, hidden folders skipped)
    /// and with `--pattern`.
    @Test(arguments: [[], ["-p", "_test"], ["-p", "_spec", "-p", "_test"], ["--exclude-pattern", "helpers"]])
    func sameFilesAsBusted(arguments: [String]) throws {
        let folder = "Tests/fixtures/scrimtest/discovery"
        guard let tap = try Self.runBusted(arguments + [folder], in: ScrimProcess.repoRoot) else {
            Issue.record("busted is not installed")
            return
        }
        let expected = Self.bustedOutcomes(tap)
        #expect(!expected.isEmpty)
        let scrim = try ScrimProcess.run(["test", "-o", "TAP"] + arguments + [folder])
        Self.compare(expected, Self.scrimOutcomes(scrim.stdout))
    }

    /// What TAP does not tell: whether a test failed an assertion or raised an error (luassert's own argument
    /// checks fail; a chain it cannot read, a spy assertion without a spy, an error raised by a suite's assertion
    /// are errors). busted's JSON lists its successes, failures, errors and pendings; Scrim's gives each test's
    /// status. (busted's JSON handler cannot write some of the other fixtures' results.)
    @Test(arguments: ["assertions_spec.lua", "assertion_messages_spec.lua", "deep_compare_spec.lua", "extension_spec.lua",
                      "luassert_ext_spec.lua", "luassert_modules_spec.lua", "spies_spec.lua", "spy_messages_spec.lua"])
    func sameKindOfFailureAsBusted(file: String) throws {
        let path = Self.folder + "/" + file
        guard let json = try Self.runBusted([path], in: ScrimProcess.repoRoot, output: "json") else {
            Issue.record("busted is not installed")
            return
        }
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        var expected: [String: String] = [:]
        for (list, status) in [("successes", "passed"), ("failures", "failed"), ("errors", "error"), ("pendings", "pending")] {
            for test in report[list] as? [[String: Any]] ?? [] {
                if let name = test["name"] as? String { expected[name] = status }
            }
        }
        let scrim = try ScrimProcess.run(["test", "-o", "scrim-json", path])
        let results = try #require(try JSONSerialization.jsonObject(with: Data(scrim.stdout.utf8)) as? [String: Any])
        var actual: [String: String] = [:]
        for test in results["tests"] as? [[String: Any]] ?? [] {
            if let names = test["names"] as? [String], let status = test["status"] as? String {
                actual[names.joined(separator: " ")] = status
            }
        }
        #expect(expected.count > 5 && expected.values.contains { $0 != "passed" }, "busted ran too little of \(file)")
        #expect(actual == expected)
    }

    /// busted's command-line vocabulary selects the same tests.
    @Test(arguments: [
        ["--filter", "errors"], ["--filter-out", "spies"], ["--filter", "order", "--filter", "pending"],
        ["--tags", "tagged"], ["--exclude-tags", "tagged"], ["-t", "tagged,nothing"],
        ["--pattern", "order"], ["-p", "^e"], ["--exclude-pattern", "luassert"], ["--shuffle", "--seed", "7"],
        ["--shuffle", "--seed", "12345", "--filter-out", "order"],
    ])
    func sameSelectionAsBusted(arguments: [String]) throws {
        guard let tap = try Self.runBusted(arguments + [Self.folder], in: ScrimProcess.repoRoot) else {
            Issue.record("busted is not installed")
            return
        }
        let expected = Self.bustedOutcomes(tap)
        let scrim = try ScrimProcess.run(["test", "-o", "TAP"] + arguments + [Self.folder])
        let actual = Self.scrimOutcomes(scrim.stdout)
        // With --shuffle too: files and tests come in busted's order for the seed.
        Self.compare(expected, actual)
    }
}
