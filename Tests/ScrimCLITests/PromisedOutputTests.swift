import Foundation
import ScrimRender
import ScrimTestSupport
import Testing

/// docs/API.md "Limits": what a command promised to write (`--trace FILE`, the picture of `scrim snapshot`, the
/// animation of `scrim record`) is written however it ends — the normal end, an error, the budget, `os.exit`, SIGINT,
/// SIGTERM; after a stop, snapshot and record write what there was then.
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

    /// A red square on the screen at 0.3 s, then the run stops as `stop` makes it.
    static func stopping(_ stop: String) -> String {
        "scrim.window:addSubview(scrim.View{ frame = {10, 10, 100, 100}, backgroundColor = 'red' })\n"
            + "scrim.after(5, function() end)\nscrim.advance(0.3)\n" + stop + "\n"
    }

    /// What `scrim snapshot` and `scrim record` wrote: the picture is the screen when the run stopped (the red
    /// square), the recording its 9 frames from 0 to 0.3 s.
    static func expectWhatThereWas(picture: String, animation: String, snapshot: String, record: String,
                                   how: String) throws {
        #expect(snapshot.contains("wrote \(picture) (what there was at 0.30 s, \(how))"), "\(snapshot)")
        let image = try PNGFile.read(picture)
        let pixel = image[50, 50]
        #expect(pixel.r > 200 && pixel.g < 50 && pixel.b < 50, "the red square at the stop: \(pixel)")
        #expect(record.contains("wrote \(animation) (9 frames, to 0.30 s, \(how))"), "\(record)")
        #expect(FileManager.default.fileExists(atPath: animation))
    }

    /// An error, the budget, os.exit: snapshot and record write what there was, with the stop's status and error
    /// (os.exit has none).
    @Test(arguments: [("error('boom')", Int32(1), "boom", "where the run stopped"),
                      ("while true do end", Int32(1), "exceeded the time budget of 1 s", "where the run stopped"),
                      ("os.exit(3)", Int32(3), "", "when the script called os.exit")])
    func snapshotAndRecordWriteWhatThereWasHoweverTheRunStops(stop: String, status: Int32, error: String,
                                                              how: String) throws {
        let path = try Self.script(Self.stopping(stop)), picture = Self.file("p.png"), animation = Self.file("a.webp")
        defer { unlink(path); unlink(picture); unlink(animation) }
        let start = Date()
        let snapshot = try ScrimProcess.run(["snapshot", "--timeout", "1", "--scale", "1", path, "-o", picture], timeout: 60)
        #expect(snapshot.status == status && !snapshot.signalled && (error.isEmpty || snapshot.stderr.contains(error)), "\(snapshot.stderr)")
        let record = try ScrimProcess.run(["record", "--timeout", "1", path, "-o", animation], timeout: 60)
        #expect(record.status == status && !record.signalled && (error.isEmpty || record.stderr.contains(error)), "\(record.stderr)")
        // Each within its budget and the allowance after the stop (1 s each here), with time to start.
        #expect(Date().timeIntervalSince(start) < 2 * (1 + 1 + 1.5))
        try Self.expectWhatThereWas(picture: picture, animation: animation, snapshot: snapshot.stdout,
                                    record: record.stdout, how: how)
    }

    /// A signal stops the script (`interrupted!`); what there was is written and the status is 128 + the signal.
    @Test(arguments: [SIGINT, SIGTERM])
    func snapshotAndRecordWriteWhatThereWasWhenASignalStopsThem(signal: Int32) throws {
        let path = try Self.script(Self.stopping("print('looping')\nio.stdout:flush()\nwhile true do end"))
        let picture = Self.file("p.png"), animation = Self.file("a.webp")
        defer { unlink(path); unlink(picture); unlink(animation) }
        func stopped(_ arguments: [String]) throws -> (status: Int32, signalled: Bool, stdout: String, stderr: String) {
            let process = Process()
            process.executableURL = ScrimProcess.binary
            process.arguments = arguments
            let output = Pipe(), errors = Pipe()
            process.standardOutput = output
            process.standardError = errors
            try process.run()
            // Once the script loops (it said so), the signal.
            var seen = Data()
            while !(String(decoding: seen, as: UTF8.self).contains("looping")) {
                let chunk = output.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                seen += chunk
            }
            kill(process.processIdentifier, signal)
            let rest = output.fileHandleForReading.readDataToEndOfFile()
            let stderr = errors.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return (process.terminationStatus, process.terminationReason == .uncaughtSignal,
                    String(decoding: seen + rest, as: UTF8.self), String(decoding: stderr, as: UTF8.self))
        }
        let snapshot = try stopped(["snapshot", "--timeout", "0", "--scale", "1", path, "-o", picture])
        #expect(snapshot.status == 128 + signal && !snapshot.signalled, "\(snapshot.stderr)")
        #expect(snapshot.stderr.contains("interrupted!"), "\(snapshot.stderr)")
        let record = try stopped(["record", "--timeout", "0", path, "-o", animation])
        #expect(record.status == 128 + signal && !record.signalled, "\(record.stderr)")
        try Self.expectWhatThereWas(picture: picture, animation: animation, snapshot: snapshot.stdout,
                                    record: record.stdout, how: "where the run stopped")
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
