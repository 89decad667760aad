import ScrimTestSupport
import Foundation
import Testing

/// The pure-Lua specs in Tests/fixtures/busted-compat give the same counts under real busted and
/// under `scrim test`: the vocabulary behaves as Lua users know it.
@Suite struct BustedCompatibilityTests {
    static let folder = "Tests/fixtures/busted-compat"

    struct Counts: Equatable, CustomStringConvertible {
        var passed = 0, failed = 0, skipped = 0
        var description: String { "\(passed) passed, \(failed) failed, \(skipped) skipped" }
    }

    /// Counts from TAP lines; busted writes its skips as "ok N - # SKIP name".
    static func tapCounts(_ text: String) -> Counts {
        var counts = Counts()
        for line in text.split(separator: "\n") {
            if line.hasPrefix("not ok ") {
                counts.failed += 1
            } else if line.hasPrefix("ok ") {
                if line.contains("# SKIP") { counts.skipped += 1 } else { counts.passed += 1 }
            }
        }
        return counts
    }

    static func busted() -> String? {
        ["/usr/bin/busted", "/usr/local/bin/busted"].first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    @Test func sameCountsAsBusted() throws {
        guard let busted = Self.busted() else {
            Issue.record("busted is not installed: run `make test` (scripts/setup installs the Debian package lua-busted)")
            return
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: busted)
        process.arguments = ["--lua=lua5.4", "-o", "TAP", Self.folder]
        process.currentDirectoryURL = ScrimProcess.repoRoot
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let expected = Self.tapCounts(String(decoding: data, as: UTF8.self))
        #expect(expected.passed > 0 && expected.failed > 0 && expected.skipped > 0, "busted ran nothing: \(expected)")

        let scrim = try ScrimProcess.run(["test", "--output", "tap", Self.folder])
        #expect(Self.tapCounts(scrim.stdout) == expected)
        #expect(scrim.status == 1)
        #expect(scrim.stderr == "\(expected.passed) passed, \(expected.failed) failed, \(expected.skipped) skipped\n")
    }
}
