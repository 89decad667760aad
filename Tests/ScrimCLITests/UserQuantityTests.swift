import Foundation
import ScrimCore
import ScrimTestSupport
import Testing
@testable import scrim

/// docs/API.md "Limits": every duration, count, size and scale a person gives (options, the REPL's meta commands,
/// `.busted` tasks) is read by one bounded parser: values at the edges are refused with a clear error, never a trap
/// or an allocation as large as the number.
@Suite struct UserQuantityTests {
    static let edges = ["1e20", "1e9", "-1", "nan", "inf", "-inf", "0x10", "1e400", "9223372036854775808"]

    @Test func theReplsMetaCommandsRefuseNumbersAtTheEdges() throws {
        for value in Self.edges {
            for line in [":record out.webp \(value)", ":advance \(value)", ":play \(value)"] {
                #expect(throws: MetaCommand.Problem.self, "\(line)") { try MetaCommand.parse(line) }
            }
        }
        #expect(throws: MetaCommand.Problem.self) { try MetaCommand.parse(":record out.webp 3601") }
        #expect(try MetaCommand.parse(":record out.webp 2") == .record(path: "out.webp", seconds: 2))
    }

    @Test func aHugeRecordingInTheReplIsAnErrorNotASignal() throws {
        let result = try ScrimProcess.run(["repl"], stdin: ":record \(NSTemporaryDirectory())/q.webp 1e20\n"
                                          + ":record \(NSTemporaryDirectory())/q.webp 1e9\nprint('still here')\n", timeout: 30)
        #expect(!result.signalled && result.status == 1) // 1: an error was shown, as lua5.4 reading standard input
        #expect(result.stderr.contains(":record: '1e20' is not seconds of virtual time from 0 to 3600"))
        #expect(result.stderr.contains(":record: '1e9' is not seconds of virtual time from 0 to 3600"))
        #expect(result.stdout.contains("still here"))
    }

    @Test func optionsAtTheEdgesAreUsageErrors() throws {
        let cases: [[String]] = [
            ["run", "--timeout", "1e300", "-e", ""], ["run", "--max-memory", "1e300", "-e", ""],
            ["run", "--max-memory", "nan", "-e", ""], ["run", "--timeout", "inf", "-e", ""],
            ["record", "x.lua", "-o", "x.webp", "--duration", "1e20"], ["record", "x.lua", "-o", "x.webp", "--fps", "1e9"],
            ["snapshot", "x.lua", "--film", "1e20"], ["snapshot", "x.lua", "--scale", "1e9"],
            ["test", "--repeat", "1e30", "x"], ["test", "--jobs", "-1", "x"], ["test", "--repeat", "0x10", "x"],
        ]
        for arguments in cases {
            let result = try ScrimProcess.run(arguments, timeout: 30)
            #expect(result.status == 2 && !result.signalled, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains("scrim: invalid --"), "\(arguments): \(result.stderr)")
        }
    }

    @Test func aBustedTaskIsBoundedAsTheCommandLineIs() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("quantity-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "return { default = { ['repeat'] = 1e20 } }".write(to: folder.appendingPathComponent(".busted"),
                                                               atomically: true, encoding: .utf8)
        let result = try ScrimProcess.run(["test", "-C", folder.path], timeout: 30)
        #expect(!result.signalled && result.status != 0)
        #expect(result.stderr.contains("invalid --repeat '1e+20' (a whole number of runs from 1 to 1000000)"), "\(result.stderr)")
    }

    @Test func theParserSaysWhatItExpects() throws {
        #expect(throws: Quantity.Refusal.self) { try Quantity.recordingDuration.parse("1e20") }
        #expect(try Quantity.memoryBudget.parseWhole("64M") == 64 << 20)
        #expect(throws: Quantity.Refusal.self) { try Quantity.pixelScale.parse("0") }
        #expect(throws: Quantity.Refusal.self) { try Quantity("runs", 1...10, whole: true).parse("1.5") }
        #expect(throws: Quantity.Refusal.self) { try Quantity.duration.check(.nan) }
    }
}
