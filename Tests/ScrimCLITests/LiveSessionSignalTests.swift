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

    /// Every way out after a saved main script ran again (a signal while the new script's callback runs, `os.exit`
    /// in it, Esc) writes one trace of the session that describes both runtimes, each on its own virtual timeline:
    /// the first one's animation, still running when it was replaced, ends at its own time (not the new clock's);
    /// the new one's animation is on the new timeline from 0. A signal stops the new runtime's running callback.
    @Test(arguments: ["SIGINT", "SIGTERM", "os.exit", "Escape"])
    func theTraceDescribesEachRuntimeOfTheSessionHoweverItEnds(ending: String) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let script = folder.path + "/app.lua", trace = folder.path + "/trace.json"
        try """
            io.stdout:setvbuf("line")
            local box = scrim.View{ frame = {0, 0, 50, 50}, backgroundColor = "red" }
            scrim.window:addSubview(box)
            scrim.animate(5, function() box.alpha = 0.2 end)
            print("run 1 ready")
            """.write(toFile: script, atomically: false, encoding: .utf8)
        let display = try VirtualDisplay()
        defer { display.stop() }
        let scrim = try LiveProcess(["run", "--window", "--screen", "100x100@1", "--trace", trace, script],
                                    display: display)
        defer { scrim.stop() }
        #expect(scrim.waitForOutput("run 1 ready"), "\(scrim.output)\(scrim.errors)")
        Thread.sleep(forTimeInterval: 1.1) // a modification time the watcher sees as new
        let end = ["os.exit": "os.exit(3)", "Escape": ""][ending] ?? "while true do end"
        try """
            io.stdout:setvbuf("line")
            local box = scrim.View{ frame = {0, 0, 50, 50}, backgroundColor = "blue" }
            scrim.window:addSubview(box)
            scrim.after(0.1, function() scrim.animate(0.3, function() box.alpha = 0.2 end) end)
            scrim.after(0.6, function()
              print("run 2 ready")
              \(end)
            end)
            """.write(toFile: script, atomically: false, encoding: .utf8)
        #expect(scrim.waitForOutput("run 2 ready"), "\(scrim.output)\(scrim.errors)")
        switch ending {
        case "SIGINT", "SIGTERM":
            let signal = ending == "SIGINT" ? SIGINT : SIGTERM
            Thread.sleep(forTimeInterval: 0.2) // into the loop
            scrim.send(signal)
            #expect(scrim.waitForExit() == 128 + signal, "\(scrim.errors)")
            // Stopped where the new runtime's callback was looping (line 7 exists only in the new script).
            #expect(scrim.errors.contains("app.lua:7: in function <"), "\(scrim.errors)")
            #expect(scrim.errors.contains("scrim: interrupted!"), "\(scrim.errors)")
        case "os.exit":
            #expect(scrim.waitForExit() == 3, "\(scrim.errors)")
        default:
            _ = try? display.xdotool(["key", "--window", try display.window(named: "app.lua"), "Escape"])
            #expect(scrim.waitForExit() == 0, "\(scrim.errors)")
        }

        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: trace)))
        let events = try #require((object as? [String: Any])?["traceEvents"] as? [[String: Any]])
        func number(_ event: [String: Any], _ key: String) -> Double { (event[key] as? NSNumber)?.doubleValue ?? -1 }
        func args(_ event: [String: Any]) -> [String: Any] { event["args"] as? [String: Any] ?? [:] }
        var processes: [String: Int] = [:]
        for event in events where event["name"] as? String == "process_name" {
            if let name = args(event)["name"] as? String, let pid = event["pid"] as? Int { processes[name] = pid }
        }
        // Run 1, then run 2 alone: the save (not atomic: the file emptied, then written) is one change once settled.
        let first = try #require(processes["virtual time (run 1)"], "\(processes)")
        let later = processes.filter { $0.key.hasPrefix("virtual time (run ") && $0.value != first }.map(\.value)
        let last = try #require(processes["virtual time (run 2)"], "\(processes)\n\(scrim.errors)")
        #expect(later == [last], "\(processes)\n\(scrim.errors)")
        let wall = try #require(processes["wall clock (Lua callbacks)"], "\(processes)")
        let animations = events.filter { $0["name"] as? String == "animation" && $0["ph"] as? String == "X" }
        // The first runtime's 5 s animation had run for over a second of its clock when the script ran again.
        let cut = try #require(animations.first { $0["pid"] as? Int == first }, "\(animations)")
        #expect(number(cut, "dur") >= 1_000_000 && number(cut, "dur") < 5_000_000, "\(cut)")
        #expect(args(cut)["unfinished"] as? Bool == true, "\(cut)")
        // The new runtime's, from 0.1 s of its own clock, 0.3 s long.
        let fresh = try #require(animations.first { $0["pid"] as? Int == last }, "\(animations)")
        #expect(abs(number(fresh, "ts") - 100_000) < 1 && abs(number(fresh, "dur") - 300_000) < 1, "\(fresh)")
        #expect(args(fresh)["finished"] as? Bool == true, "\(fresh)")
        let marks = events.filter { $0["name"] as? String == "the script ran again in a fresh runtime" }
        #expect(Set(marks.compactMap { $0["pid"] as? Int }) == Set(later + [wall]), "\(marks)")
        // The new runtime's last callback (defined at line 5 of the new script) is on the wall clock.
        #expect(events.contains {
            (args($0)["source"] as? String)?.hasSuffix("/app.lua:5") == true && $0["pid"] as? Int == wall
        })
    }

    /// A runtime a saved main script replaced is freed once the session lets it go, while the window stays open
    /// (its state closed: the finalizer of a table the old script kept in a global runs), with `--trace` too (the
    /// trace keeps what it recorded, not the runtime); in `run --window` and `repl --window` alike, run after run.
    @Test(arguments: ["run", "repl"])
    func aReplacedRuntimeIsFreedWhileTheWindowStaysOpen(command: String) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let script = folder.path + "/app.lua", trace = folder.path + "/trace.json"
        // Each version a different size (a line more), so that every save is seen whatever the file system's clock.
        func save(_ version: Int) throws {
            try (String(repeating: "\n", count: version) + """
                io.stdout:setvbuf("line")
                keeper = setmetatable({}, { __gc = function() print("run \(version) freed") end })
                scrim.window:addSubview(scrim.View{ frame = {0, 0, 50, 50}, backgroundColor = "red" })
                print("run \(version) ready")
                """).write(toFile: script, atomically: true, encoding: .utf8)
        }
        try save(1)
        let display = try VirtualDisplay()
        defer { display.stop() }
        let arguments = command == "run" ? ["--trace", trace] : []
        let scrim = try LiveProcess([command, "--window", "--screen", "100x100@1"] + arguments + [script],
                                    display: display, keepInputOpen: command == "repl")
        defer { scrim.stop() }
        #expect(scrim.waitForOutput("run 1 ready"), "\(scrim.output)\(scrim.errors)")
        for version in 2...4 {
            try save(version)
            #expect(scrim.waitForOutput("run \(version) ready"), "\(scrim.output)\(scrim.errors)")
            #expect(scrim.waitForOutput("run \(version - 1) freed", timeout: 10), "\(scrim.output)\(scrim.errors)")
        }
        #expect(!scrim.output.contains("run 4 freed"), "the runtime shown is kept")
        _ = try? display.xdotool(["key", "--window", try display.window(named: "app.lua"), "Escape"])
        #expect(scrim.waitForExit() == 0, "\(scrim.errors)")
        if command == "run" {
            let text = try String(contentsOfFile: trace, encoding: .utf8)
            #expect(text.contains("\"name\":\"virtual time (run 4)\""), "\(text.prefix(2000))")
        }
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
        // The REPL's input kept open: its session pumps the window while it waits for a statement.
        let scrim = try LiveProcess([command, "--window", "--screen", "200x300@1", script], display: display,
                                    keepInputOpen: command == "repl")
        defer { scrim.stop() }
        #expect(scrim.waitForOutput("ready"), "\(scrim.output)\(scrim.errors)")
        let window = try display.window(named: "busy.lua")
        try Self.showOverlay(display, window, folder)
        let before = try Self.settledDroppedLine(display, window, folder)
        try display.xdotool(["mousemove", "--window", window, "100", "150", "click", "1"])
        #expect(scrim.waitForOutput("held"), "\(scrim.output)\(scrim.errors)")
        #expect(Self.droppedLineChanges(display, window, folder, from: before), "the line of dropped frames did not change")
        _ = try? display.xdotool(["key", "--window", window, "Escape"])
        #expect(scrim.waitForExit() == 0, "\(scrim.errors)")
    }

    /// The REPL's own frames, between and around statements (standard input kept open, so the session reads it
    /// while the window is pumped): a statement that holds the window for 0.6 s drops some thirty refreshes, counted
    /// by the same mechanism as `run --window`'s.
    @Test func aREPLStatementThatHoldsTheWindowDropsFrames() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let script = folder.path + "/statement.lua"
        try """
            io.stdout:setvbuf("line")
            print("ready")
            """.write(toFile: script, atomically: true, encoding: .utf8)
        let display = try VirtualDisplay()
        defer { display.stop() }
        let scrim = try LiveProcess(["repl", "--window", "--screen", "200x300@1", script], display: display,
                                    keepInputOpen: true)
        defer { scrim.stop() }
        #expect(scrim.waitForOutput("ready"), "\(scrim.output)\(scrim.errors)")
        let window = try display.window(named: "statement.lua")
        try Self.showOverlay(display, window, folder)
        let before = try Self.settledDroppedLine(display, window, folder)
        scrim.type("local start = os.clock() while os.clock() - start < 0.6 do end print('held')\n")
        #expect(scrim.waitForOutput("held"), "\(scrim.output)\(scrim.errors)")
        #expect(Self.droppedLineChanges(display, window, folder, from: before), "the line of dropped frames did not change")
        _ = try? display.xdotool(["key", "--window", window, "Escape"])
        #expect(scrim.waitForExit() == 0, "\(scrim.errors)")
    }

    /// `:play` in `repl --window` plays on the window's own frames: a click during it is handled then (before the
    /// next statement runs), and its frames are drawn and counted as drawn, not dropped — the line of dropped frames
    /// stays as it was over a `:play 1` (one of three, for a busy machine's odd late frame; each would drop some
    /// sixty if the play drew the window without pumping it).
    @Test func playInTheREPLPumpsTheWindow() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let script = folder.path + "/play.lua"
        try """
            io.stdout:setvbuf("line")
            scrim.on("touch.ended", function() print("clicked") end)
            print("ready")
            """.write(toFile: script, atomically: true, encoding: .utf8)
        let display = try VirtualDisplay()
        defer { display.stop() }
        let scrim = try LiveProcess(["repl", "--window", "--screen", "200x300@1", script], display: display,
                                    keepInputOpen: true)
        defer { scrim.stop() }
        #expect(scrim.waitForOutput("ready"), "\(scrim.output)\(scrim.errors)")
        let window = try display.window(named: "play.lua")

        // A click while :play plays is handled while it plays, not after it.
        scrim.type(":play 2\nprint('after play')\n")
        #expect(scrim.waitForOutput("\u{1B}[?25l"), "\(scrim.output)\(scrim.errors)") // the play began
        try display.xdotool(["mousemove", "--window", window, "100", "150", "click", "1"])
        #expect(scrim.waitForOutput("after play"), "\(scrim.output)\(scrim.errors)")
        let output = scrim.output
        let clicked = try #require(output.range(of: "clicked"), "\(output)")
        let after = try #require(output.range(of: "after play"))
        #expect(clicked.upperBound <= after.lowerBound, "the click waited for the play's end")

        try Self.showOverlay(display, window, folder)
        var unchanged = false
        for round in 1...3 where !unchanged {
            let before = try Self.settledDroppedLine(display, window, folder)
            scrim.type(":play 1\nprint('played \(round)')\n")
            #expect(scrim.waitForOutput("played \(round)"), "\(scrim.output)\(scrim.errors)")
            unchanged = differingPixels(try Self.settledDroppedLine(display, window, folder), before) == 0
        }
        #expect(unchanged, "every :play 1 dropped frames")
        _ = try? display.xdotool(["key", "--window", window, "Escape"])
        #expect(scrim.waitForExit() == 0, "\(scrim.errors)")
    }

    /// Opens the F overlay and waits until its box (black at 70 %) is drawn over the white screen.
    static func showOverlay(_ display: VirtualDisplay, _ window: String, _ folder: TemporaryFolder) throws {
        try display.xdotool(["key", "--window", window, "f"])
        _ = try screenshotWhen(display, window, folder.path + "/f.png") { $0[190, 5].r < 128 }
    }

    /// The overlay's line of dropped frames once its figures (refreshed four times a second) have caught up.
    static func settledDroppedLine(_ display: VirtualDisplay, _ window: String, _ folder: TemporaryFolder) throws
        -> PixelImage {
        Thread.sleep(forTimeInterval: 0.6)
        return droppedLine(try display.screenshot(window, to: folder.path + "/line.png"))
    }

    /// Whether the line of dropped frames comes to differ from `before` within 10 s.
    static func droppedLineChanges(_ display: VirtualDisplay, _ window: String, _ folder: TemporaryFolder,
                                   from before: PixelImage) -> Bool {
        poll(timeout: 10) {
            guard let after = try? display.screenshot(window, to: folder.path + "/after.png") else { return false }
            return differingPixels(droppedLine(after), before) > 0
        }
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
