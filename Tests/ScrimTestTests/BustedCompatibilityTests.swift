import ScrimTestSupport
import Foundation
import Testing

/// The pure-Lua specs in Tests/fixtures/busted-compat (one or more per busted behaviour: order of execution,
/// errors in blocks and hooks, environments, insulate/expose, randomize, require('busted'), luassert's extension
/// API) and the project in Tests/fixtures/busted-project (.busted, src/, custom assertions with say) give, test by
/// test and in the same order, the outcome that real busted gives on Lua 5.4, with the same failure messages.
@Suite struct BustedCompatibilityTests {
    static let folder = "Tests/fixtures/busted-compat"
    static let project = "Tests/fixtures/busted-project"

    /// One TAP line: `ok`, `not ok` or `skip`, the test's full name (busted's: names joined by spaces), and the
    /// first line of its failure message.
    struct Outcome: Equatable, CustomStringConvertible {
        var status: String
        var name: String
        var message: String?
        var description: String { "\(status) \(name)" + (message.map { " — \($0)" } ?? "") }

        /// luassert shows a table with its address, which differs from run to run.
        init(status: String, name: String, message: String? = nil) {
            self.status = status
            self.name = name
            self.message = message
        }

        var stable: Outcome {
            var copy = self
            copy.message = message?.replacingOccurrences(of: "table: 0x[0-9a-f]+", with: "table", options: .regularExpression)
            return copy
        }
    }

    /// busted's TAP: "ok N - name", "ok N - # SKIP …", "not ok N - name" followed by "# file @ line" and
    /// "# Failure message: file:line: text".
    static func bustedOutcomes(_ text: String) -> [Outcome] {
        var outcomes: [Outcome] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if let name = tapName(line, prefix: "not ok ") {
                outcomes.append(Outcome(status: "not ok", name: name))
            } else if let name = tapName(line, prefix: "ok ") {
                outcomes.append(Outcome(status: name.hasPrefix("# SKIP") ? "skip" : "ok", name: name.hasPrefix("# SKIP") ? "" : name))
            } else if line.hasPrefix("# Failure message: "), outcomes.last?.status == "not ok", outcomes.last?.message == nil {
                outcomes[outcomes.count - 1].message = String(line.dropFirst("# Failure message: ".count))
            }
        }
        return outcomes
    }

    /// Scrim's TAP: "ok N - a › b", "ok N - a › b # SKIP …", "not ok N - a › b" followed by "# file:line" (the
    /// test's) and "# file:line: text" (the failure's); an error of the file itself is named "path (the file)".
    static func scrimOutcomes(_ text: String) -> [Outcome] {
        var outcomes: [Outcome] = []
        var comments = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if let name = tapName(line, prefix: "not ok ") {
                outcomes.append(Outcome(status: "not ok", name: busted(name)))
                comments = 0
            } else if let name = tapName(line, prefix: "ok ") {
                outcomes.append(Outcome(status: name.contains(" # SKIP") ? "skip" : "ok", name: name.contains(" # SKIP") ? "" : busted(name)))
            } else if line.hasPrefix("# "), outcomes.last?.status == "not ok", outcomes.last?.message == nil {
                comments += 1
                if comments == 2 { outcomes[outcomes.count - 1].message = String(line.dropFirst(2)) }
            }
        }
        return outcomes
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
    static func runBusted(_ arguments: [String], in directory: URL) throws -> String? {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/busted"),
              FileManager.default.isExecutableFile(atPath: "/usr/bin/lua5.4") else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/lua5.4")
        process.arguments = ["/usr/bin/busted", "-o", "TAP"] + arguments
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
            #expect(got.stable == wanted.stable, "outcome \(index + 1)")
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
