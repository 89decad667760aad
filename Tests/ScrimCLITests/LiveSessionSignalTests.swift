import Foundation
import ScrimRender
import ScrimTestSupport
import Testing

/// A live window's session beyond its first runtime: a signal ends it (writing `--trace`) after a saved main script
/// ran again in a fresh runtime, and the F overlay counts dropped frames whoever pumps the window.
extension LiveSessionTests {
    @Test(arguments: [SIGINT, SIGTERM])
    func aSignalEndsTheWindowAndTheTraceFollowsTheFreshRuntime(signal: Int32) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let script = folder.path + "/app.lua", trace = folder.path + "/trace.json"
        // Each version's timer on a line of its own (4, then 5), to tell in the trace whose calls were seen.
        func save(_ version: Int) throws {
            try (String(repeating: "\n", count: version) + """
                io.stdout:setvbuf("line")
                scrim.window:addSubview(scrim.View{ frame = {0, 0, 50, 50}, backgroundColor = "red" })
                scrim.after(0.1, function() print("run \(version) ticked") end)
                """).write(toFile: script, atomically: false, encoding: .utf8)
        }
        try save(1)
        let display = try VirtualDisplay()
        defer { display.stop() }
        let scrim = try LiveProcess(["run", "--window", "--screen", "100x100@1", "--trace", trace, script],
                                    display: display)
        defer { scrim.stop() }
        #expect(scrim.waitForOutput("run 1 ticked"), "\(scrim.output)\(scrim.errors)")
        // A saved main script: a fresh runtime, whose timer is the one that runs now.
        Thread.sleep(forTimeInterval: 1.1) // a modification time the watcher sees as new
        try save(2)
        #expect(scrim.waitForOutput("run 2 ticked"), "\(scrim.output)\(scrim.errors)")
        #expect(scrim.errors.contains("ran app again in a fresh runtime"), "\(scrim.errors)")

        scrim.send(signal)
        #expect(scrim.waitForExit() == 128 + signal, "\(scrim.errors)")
        #expect(scrim.errors.contains("scrim: interrupted!"), "\(scrim.errors)")
        // One trace for the session: both runs' main chunks, and the moment the second began.
        let text = try String(contentsOfFile: trace, encoding: .utf8)
        #expect(text.components(separatedBy: "\"name\":\"main chunk\"").count - 1 >= 2, "\(text.prefix(2000))")
        #expect(text.contains("\"name\":\"the script ran again in a fresh runtime\""))
        // The second run's timer was observed too: the trace followed its runtime.
        #expect(text.contains("app.lua:4") && text.contains("app.lua:5"), "\(text.prefix(3000))")
    }

    /// `F`'s second line, "dropped N": a callback that holds the window for 0.6 s misses some thirty refreshes, in
    /// `run --window` and `repl --window` alike (the count is the window's own, made as it is pumped).
    @Test(arguments: ["run", "repl"])
    func droppedFramesAreCountedInRunAndInTheREPL(command: String) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let script = folder.path + "/busy.lua"
        try """
            io.stdout:setvbuf("line")
            scrim.on("touch.ended", function()
              local start = os.clock()
              while os.clock() - start < 0.6 do end
              print("held")
            end)
            print("ready")
            """.write(toFile: script, atomically: true, encoding: .utf8)
        let display = try VirtualDisplay()
        defer { display.stop() }
        let scrim = try LiveProcess([command, "--window", "--screen", "200x300@1", script], display: display)
        defer { scrim.stop() }
        #expect(scrim.waitForOutput("ready"), "\(scrim.output)\(scrim.errors)")
        let window = try display.window(named: "busy.lua")
        try display.xdotool(["key", "--window", window, "f"])
        _ = try screenshotWhen(display, window, folder.path + "/f.png") { $0[190, 5].r < 40 }
        // The overlay's figures are refreshed four times a second; the line of dropped frames, before and after.
        Thread.sleep(forTimeInterval: 0.6)
        let before = try display.screenshot(window, to: folder.path + "/before.png")
        try display.xdotool(["mousemove", "--window", window, "100", "150", "click", "1"])
        #expect(scrim.waitForOutput("held"), "\(scrim.output)\(scrim.errors)")
        var changed = 0
        _ = poll(timeout: 10) {
            guard let after = try? display.screenshot(window, to: folder.path + "/after.png") else { return false }
            changed = differingPixels(Self.droppedLine(after), Self.droppedLine(before))
            return changed > 0
        }
        #expect(changed > 0, "the line of dropped frames did not change")
        _ = try? display.xdotool(["key", "--window", window, "Escape"])
        #expect(scrim.waitForExit() == 0, "\(scrim.errors)")
    }

    /// The F overlay's second line (rows 18 to 31, below the descenders of the frame times and above the clock,
    /// which change all the time).
    static func droppedLine(_ image: PixelImage) -> PixelImage {
        var line = PixelImage(width: image.width, height: 14)
        for y in 0..<14 {
            for x in 0..<image.width { line[x, y] = image[x, 18 + y] }
        }
        return line
    }
}
