import Foundation
import ScrimTestSupport
import Testing

/// docs/API.md "Limits": what a command promised to write (`--trace FILE`, the picture of `scrim snapshot`, the
/// animation of `scrim record`) is written however it ends — the normal end, an error, the budget, `os.exit`, SIGINT.
@Suite struct PromisedOutputTests {
    static func file(_ name: String) -> String { NSTemporaryDirectory() + "promised-\(UUID().uuidString)-" + name }

    static func script(_ source: String) throws -> String {
        let path = file("script.lua")
        try source.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    static let exits = "scrim.after(0.5, function() end)\nscrim.advance(0.2)\nos.exit(3)\n"

    @Test(arguments: [("os.exit(3)\n", Int32(3)), ("error('boom')\n", Int32(1)), ("while true do end\n", Int32(1)),
                      ("print('fine')\n", Int32(0))])
    func theTraceIsWrittenHoweverTheRunEnds(source: String, status: Int32) throws {
        let path = try Self.script(source), trace = Self.file("trace.json")
        defer { unlink(path); unlink(trace) }
        let result = try ScrimProcess.run(["run", "--timeout", "1", "--trace", trace, path], timeout: 60)
        #expect(result.status == status && !result.signalled, "\(result.stderr)")
        let text = try String(contentsOfFile: trace, encoding: .utf8)
        #expect(text.contains("\"name\":\"main chunk\""), "\(text)")
    }

    @Test func snapshotAndRecordWriteWhatThereIsWhenTheScriptCallsOsExit() throws {
        let path = try Self.script(Self.exits), picture = Self.file("p.png"), animation = Self.file("a.webp")
        defer { unlink(path); unlink(picture); unlink(animation) }
        let snapshot = try ScrimProcess.run(["snapshot", path, "-o", picture], timeout: 60)
        #expect(snapshot.status == 3 && snapshot.stdout.contains("wrote \(picture)"))
        #expect(FileManager.default.fileExists(atPath: picture))
        let record = try ScrimProcess.run(["record", path, "-o", animation], timeout: 60)
        #expect(record.status == 3 && record.stdout.contains("wrote \(animation)"))
        #expect(FileManager.default.fileExists(atPath: animation))
    }

    /// SIGINT is lua.c's Ctrl-C (`interrupted!`, exit 1), SIGTERM ends the run with 128 + 15: the trace is written
    /// either way.
    @Test(arguments: [(SIGINT, Int32(1)), (SIGTERM, Int32(128 + 15))])
    func aSignalStopsTheScriptAndTheTraceIsStillWritten(signal: Int32, status: Int32) throws {
        let path = try Self.script("while true do end\n"), trace = Self.file("trace-\(signal).json")
        defer { unlink(path); unlink(trace) }
        let process = Process()
        process.executableURL = ScrimProcess.binary
        process.arguments = ["run", "--timeout", "0", "--trace", trace, path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        Thread.sleep(forTimeInterval: 1.5)
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit && process.terminationStatus == status)
        let text = try String(contentsOfFile: trace, encoding: .utf8)
        #expect(text.contains("\"name\":\"main chunk\""))
    }
}
