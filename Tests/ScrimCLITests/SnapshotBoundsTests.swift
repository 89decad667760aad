import Foundation
import ScrimTestSupport
import Testing

/// `scrim snapshot --at/--duration`: times past a year are refused; a far `--at` costs what happens on the way.
@Suite struct SnapshotBoundsTests {
    @Test func farTimesAreRefusedAndAYearAheadIsCheap() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scrim-bounds-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let script = folder + "/long.lua"
        try """
            local v = scrim.View{frame = {0, 0, 100, 100}, backgroundColor = "red"}
            scrim.window:addSubview(v)
            scrim.animate(365 * 24 * 3600, function() v.alpha = 0 end)
            """.write(toFile: script, atomically: true, encoding: .utf8)
        let refused = try ScrimProcess.run(["snapshot", script, "--at", "1e9", "-o", folder + "/a.png"], timeout: 20)
        #expect(refused.status == 2 && refused.stderr.contains("invalid --at '1e9'") && refused.stderr.contains("from 0 to 31536000"))
        let film = try ScrimProcess.run(["snapshot", script, "--film", "3", "--duration", "1e300", "-o", folder + "/f.png"])
        #expect(film.status == 2 && film.stderr.contains("invalid --duration"))
        // 100 000 s of a running animation: the picture at that time, with no frame per 1/60 s recorded on the way.
        let far = try ScrimProcess.run(["snapshot", script, "--at", "100000", "--timeout", "5", "-o", folder + "/b.png"], timeout: 20)
        #expect(!far.timedOut && far.status == 0, "\(far.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder + "/b.png"))
    }
}
