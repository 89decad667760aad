import Foundation
import ScrimTestSupport
import Testing

/// docs/API.md "Limits": Swift-side work a script causes — waiting in real time, drawing, encoding — is inside the
/// run's `--timeout`, and stops with the same clear error as a script that runs out of time.
@Suite struct SwiftSideBudgetTests {
    static func script(_ source: String) throws -> String {
        let path = NSTemporaryDirectory() + "swift-side-budget-\(UUID().uuidString).lua"
        try source.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test(arguments: ["scrim.after(0, again)", "scrim.after(0.01, again)"])
    func aTimerThatReArmsItselfEndsARealTimeRunAtTheBudget(rearm: String) throws {
        let path = try Self.script("local function again() \(rearm) end\nagain()\n")
        defer { unlink(path) }
        let start = Date()
        let result = try ScrimProcess.run(["run", "--realtime", "--timeout", "2", path], timeout: 60)
        #expect(!result.timedOut && !result.signalled && result.status == 1)
        // The budget runs out in the settle loop, or (on a loaded machine) inside the timer's Lua code.
        #expect(result.stderr.contains("exceeded the time budget of 2 s"), "\(result.stderr)")
        #expect(Date().timeIntervalSince(start) < 30)
    }

    @Test func aLongRecordingEndsAtTheBudget() throws {
        let path = try Self.script("local function again() scrim.after(1/30, again) end\nagain()\n")
        let output = NSTemporaryDirectory() + "long-\(UUID().uuidString).webp"
        defer { unlink(path); unlink(output) }
        let start = Date()
        let result = try ScrimProcess.run(["record", "--timeout", "2", "--duration", "3600", path, "-o", output], timeout: 90)
        #expect(!result.timedOut && !result.signalled && result.status == 1)
        #expect(result.stderr.contains("exceeded the time budget of 2 s"), "\(result.stderr)")
        #expect(Date().timeIntervalSince(start) < 2 + 2 + 2)
        // The budget stops the clock, and the frames drawn within the allowance after the stop (2 s) — far fewer
        // than the thousands up to it — are completed into a shorter file that says so; or, on a fast machine, the
        // clock gets to 3600 s and the budget stops the drawing of the 108,000 frames: nothing is written.
        let partial = result.stdout.contains("the time allowed after the stop ran out, where the run stopped)")
        #expect(partial || result.stderr.contains("(recording \(output); nothing was written)"), "\(result.stdout)")
        #expect(FileManager.default.fileExists(atPath: output) == partial)
    }

    @Test func drawingManyViewsEndsAtTheBudget() throws {
        // Quick to build (about 1 s on the debug build), several seconds to draw at 8 pixels a point.
        let path = try Self.script("""
            for i = 1, 30000 do
              scrim.window:addSubview(scrim.View{ frame = {i % 390, i % 844, 60, 60}, backgroundColor = "red",
                                                  cornerRadius = 20 })
            end
            """)
        let output = NSTemporaryDirectory() + "crowded-\(UUID().uuidString).png"
        defer { unlink(path); unlink(output) }
        let start = Date()
        let result = try ScrimProcess.run(["snapshot", "--timeout", "1.5", "--scale", "8", path, "-o", output], timeout: 90)
        #expect(!result.timedOut && !result.signalled && result.status == 1)
        // On a loaded machine the script itself may be what runs out of time; either way the budget holds.
        #expect(result.stderr.contains("exceeded the time budget of 1.5 s"), "\(result.stderr)")
        #expect(Date().timeIntervalSince(start) < 30)
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    /// Encoding is inside the budget too: a few views drawn at 8 pixels a point are quick to draw and take seconds to
    /// compress (each WebP or GIF frame about 1 s on the debug build; the PNG, of a screen twice as wide and tall,
    /// about 4 s — at the phone's size a quiet machine encodes it within the budget); the command ends at the budget
    /// (with time to start up and exit), not when the encoder is done.
    @Test(arguments: [("snapshot", "png"), ("record", "webp"), ("record", "gif")])
    func encodingAHugePictureEndsAtTheBudget(command: String, format: String) throws {
        let path = try Self.script("""
            for i = 1, 500 do
              scrim.window:addSubview(scrim.View{ frame = {i % 390, i % 844, 60, 60}, backgroundColor = "red" })
            end
            """)
        let output = NSTemporaryDirectory() + "huge-\(UUID().uuidString).\(format)"
        let arguments = command == "record" ? ["record", "--duration", "0.1"] : [command, "--screen", "780x1688@1"]
        defer { unlink(path); unlink(output) }
        let start = Date()
        let result = try ScrimProcess.run(arguments + ["--timeout", "1", "--scale", "8", path, "-o", output], timeout: 90)
        let elapsed = Date().timeIntervalSince(start)
        #expect(!result.signalled && result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("exceeded the time budget of 1 s") && result.stderr.contains("nothing was written"),
                "\(result.stderr)")
        // The PNG encoder reports every few kilobytes it writes; libwebp inside a frame only at some of its stages
        // (today's code took 2.1 s for the PNG, over 4 s for either animation).
        #expect(elapsed < (format == "png" ? 1.8 : 2.2), "\(elapsed) s for a budget of 1 s")
        #expect(!FileManager.default.fileExists(atPath: output))
        #expect(try FileManager.default.contentsOfDirectory(atPath: NSTemporaryDirectory())
            .filter { $0.hasPrefix((output as NSString).lastPathComponent) }.isEmpty, "no partial file is left")
    }
}
