import Foundation
import ScrimRender
import ScrimTestSupport
import Testing
@testable import scrim

/// Issue 26: the live window as a working session — per-entry budgets, the error screen, hot reload with state
/// kept, a window that fits, the overlays. Driven on a virtual X display as `WindowTests` are.
@Suite(.serialized) struct LiveSessionTests {
    static let fixtures = WindowTests.fixtures

    @Test func eachClickHasTheWholeBudgetAndALoopingCallbackIsStopped() throws {
        let display = try VirtualDisplay()
        defer { display.stop() }
        let scrim = try LiveProcess(["run", "--window", "--timeout", "2", "--screen", "200x300@1",
                                     Self.fixtures + "/budget.lua"], display: display)
        defer { scrim.stop() }
        #expect(scrim.waitForOutput("ready"), "\(scrim.output)")
        let start = Date()
        let window = try display.window(named: "budget.lua")

        // The loop is stopped with the budget error, at its line; the window goes on.
        try display.xdotool(["mousemove", "--window", window, "100", "50", "click", "1"])
        #expect(scrim.waitForErrors("budget.lua:8: exceeded the time budget of 2 s"), "\(scrim.errors)")
        // The error screen shows it; a first click puts it away, the second taps.
        try display.xdotool(["mousemove", "--window", window, "100", "250", "click", "1"])
        try display.xdotool(["mousemove", "--window", window, "100", "250", "click", "1"])
        #expect(scrim.waitForOutput("alive 1"), "\(scrim.output)\(scrim.errors)")

        // Past 5 s of the run (more than twice the budget), a click is still answered.
        let wait = 5.5 - Date().timeIntervalSince(start)
        if wait > 0 { Thread.sleep(forTimeInterval: wait) }
        try display.xdotool(["mousemove", "--window", window, "100", "250", "click", "1"])
        #expect(scrim.waitForOutput("alive 2"), "\(scrim.output)\(scrim.errors)")
        #expect(!scrim.errors.contains("tap action on \"alive\""), "\(scrim.errors)")
        _ = try? display.xdotool(["key", "--window", window, "Escape"])
        #expect(scrim.waitForExit() != -1)
    }
}

extension LiveSessionTests {
    @Test func anErrorShowsTheErrorScreenAndSavingTheFixRecovers() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let script = folder.path + "/broken.lua"
        try FileManager.default.copyItem(atPath: Self.fixtures + "/error.lua", toPath: script)
        let display = try VirtualDisplay()
        defer { display.stop() }
        let scrim = try LiveProcess(["run", "--window", "--screen", "200x300@1", script], display: display)
        defer { scrim.stop() }
        #expect(scrim.waitForOutput("ready"), "\(scrim.output)")
        let window = try display.window(named: "broken.lua")
        let scene = try screenshotWhen(display, window, folder.path + "/scene.png") { isSceneGreen($0[100, 225]) }

        try display.xdotool(["mousemove", "--window", window, "100", "50", "click", "1"])
        #expect(scrim.waitForErrors("broken.lua:8: kaboom from the tap"), "\(scrim.errors)")
        // The error screen: dark red over the scene, with the message's text (light pixels on it) where the scene
        // is one flat blue.
        let shown = try screenshotWhen(display, window, folder.path + "/error.png") { isErrorRed($0[100, 225]) }
        #expect(isErrorRed(shown[100, 225]))
        #expect(lightPixels(shown, rows: 0..<120) > 50, "no text on the error screen")
        #expect(lightPixels(scene, rows: 0..<120) == 0)

        // A click puts it away and is not a tap; the app underneath goes on.
        try display.xdotool(["mousemove", "--window", window, "100", "225", "click", "1"])
        _ = try screenshotWhen(display, window, folder.path + "/away.png") { isSceneGreen($0[100, 225]) }
        try display.xdotool(["mousemove", "--window", window, "100", "225", "click", "1"])
        #expect(scrim.waitForOutput("counted"), "\(scrim.output)")
        #expect(scrim.output.components(separatedBy: "counted").count == 2, "the click on the error screen tapped")

        // The error again, then the fix saved: the script runs again in a fresh runtime, the screen is the scene's.
        try display.xdotool(["mousemove", "--window", window, "100", "50", "click", "1"])
        _ = try screenshotWhen(display, window, folder.path + "/again.png") { isErrorRed($0[100, 225]) }
        let fixed = try String(contentsOfFile: script, encoding: .utf8)
            .replacingOccurrences(of: "error(\"kaboom from the tap\")", with: "print(\"fixed\")")
        try fixed.write(toFile: script, atomically: false, encoding: .utf8)
        let recovered = try screenshotWhen(display, window, folder.path + "/fixed.png") { isSceneGreen($0[100, 225]) }
        #expect(isSceneGreen(recovered[100, 225]))
        #expect(scrim.output.components(separatedBy: "ready").count == 3, "\(scrim.output)")
        #expect(scrim.waitForErrors("again in a fresh runtime"), "\(scrim.errors)")
        try display.xdotool(["mousemove", "--window", window, "100", "50", "click", "1"])
        #expect(scrim.waitForOutput("fixed"), "\(scrim.output)\(scrim.errors)")
        _ = try? display.xdotool(["key", "--window", window, "Escape"])
        #expect(scrim.waitForExit() == 0, "recovered: \(scrim.errors)")
    }
}

/// A screenshot of `window` once `condition` holds of it (polling up to 10 s); the last one taken otherwise.
func screenshotWhen(_ display: VirtualDisplay, _ window: String, _ path: String,
                    _ condition: (PixelImage) -> Bool) throws -> PixelImage {
    var shot: PixelImage?
    _ = poll(timeout: 10) {
        shot = try? display.screenshot(window, to: path)
        return shot.map(condition) ?? false
    }
    return try shot ?? display.screenshot(window, to: path)
}

/// The fixtures' green (#208040).
func isSceneGreen(_ p: RGBA) -> Bool { p.g > 100 && p.r < 60 }
/// The error screen's dark red over anything.
func isErrorRed(_ p: RGBA) -> Bool { p.r > 70 && p.g < 40 && p.b < 40 }
/// Pixels in `rows` light enough to be text.
func lightPixels(_ image: PixelImage, rows: Range<Int>) -> Int {
    var count = 0
    for y in rows where y < image.height {
        for x in 0..<image.width where image[x, y].r > 180 && image[x, y].g > 180 { count += 1 }
    }
    return count
}

extension LiveSessionTests {
    @Test func aSavedPluginReloadsInPlaceWithItsStateKept() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let app = folder.path + "/app"
        try FileManager.default.copyItem(atPath: Self.fixtures + "/counter", toPath: app)
        let plugin = app + "/plugins/counter/plugin.lua"
        // One save each (two saves within one tick of the file system's clock, the same size, would look like one).
        func edit(_ changes: (String, String)...) throws {
            var text = try String(contentsOfFile: plugin, encoding: .utf8)
            for (from, to) in changes { text = text.replacingOccurrences(of: from, with: to) }
            try text.write(toFile: plugin, atomically: false, encoding: .utf8)
        }
        let display = try VirtualDisplay()
        defer { display.stop() }
        let scrim = try LiveProcess(["run", "--window", "--screen", "200x300@1", app], display: display)
        defer { scrim.stop() }
        #expect(scrim.waitForOutput("ready"), "\(scrim.output)")
        let window = try display.window(named: "app")
        try display.xdotool(["mousemove", "--window", window, "100", "150", "click", "1"])
        try display.xdotool(["mousemove", "--window", window, "100", "150", "click", "1"])
        #expect(scrim.waitForOutput("v1 taps 2"), "\(scrim.output)")

        // The new version's colour on screen, and the count goes on from where it was.
        try edit(("\"v1\", \"#c03020\"", "\"v2\", \"#2030c0\""))
        #expect(scrim.waitForErrors("reloaded plugin counter"), "\(scrim.errors)")
        let blue = try screenshotWhen(display, window, folder.path + "/v2.png") { $0[100, 200].b > 150 }
        #expect(blue[100, 200].b > 150 && blue[100, 200].r < 80)
        #expect(scrim.waitForErrors("save to first frame: "), "\(scrim.errors)")
        // The latency is a measurement: whole milliseconds from the save, not before it, and not absurd (the 200 ms
        // bar is the benchmark's, on a quiet machine: scripts/bench_reload.sh).
        let latency = scrim.errors.components(separatedBy: "save to first frame: ").dropFirst().first
            .flatMap { $0.split(separator: " ").first }.flatMap { Int($0) }
        #expect(latency.map { (0..<10_000).contains($0) } == true, "\(scrim.errors)")
        try display.xdotool(["mousemove", "--window", window, "100", "150", "click", "1"])
        #expect(scrim.waitForOutput("v2 taps 3"), "\(scrim.output)\(scrim.errors)")
        #expect(!scrim.output.contains("ready\nready"), "the script did not run again")

        // A broken save: the error screen, and the previous version goes on (after a click puts the screen away).
        try edit(("setup = function(ctx)", "setup = function(ctx) oops oops"))
        #expect(scrim.waitForErrors("reload of plugin 'counter' failed"), "\(scrim.output)\(scrim.errors)")
        _ = try screenshotWhen(display, window, folder.path + "/broken.png") { isErrorRed($0[100, 200]) }
        try display.xdotool(["mousemove", "--window", window, "100", "150", "click", "1"])
        try display.xdotool(["mousemove", "--window", window, "100", "150", "click", "1"])
        #expect(scrim.waitForOutput("v2 taps 4"), "\(scrim.output)\(scrim.errors)")

        // The fix saved: recovered, the state still there.
        try edit(("setup = function(ctx) oops oops", "setup = function(ctx)"), ("\"v2\"", "\"v3\""))
        #expect(poll(timeout: 10) { scrim.errors.components(separatedBy: "reloaded plugin counter").count == 3 },
                "\(scrim.errors)")
        try display.xdotool(["mousemove", "--window", window, "100", "150", "click", "1"])
        #expect(scrim.waitForOutput("v3 taps 5"), "\(scrim.output)\(scrim.errors)")
        _ = try? display.xdotool(["key", "--window", window, "Escape"])
        #expect(scrim.waitForExit() == 0, "\(scrim.errors)")
    }
}

extension LiveSessionTests {
    @Test func theREADMEsWindowExampleWaitsForClicksAndWithoutAWindowPlaysItsTimeline() throws {
        let example = ScrimProcess.repoRoot.appendingPathComponent("examples/more_actions.lua").path
        let display = try VirtualDisplay()
        defer { display.stop() }
        let scrim = try LiveProcess(["run", "--window", "--screen", "390x460@1", example], display: display)
        defer { scrim.stop() }
        #expect(scrim.waitForOutput("click \"Show more actions\""), "\(scrim.output)\(scrim.errors)")
        let window = try display.window(named: "more_actions.lua")
        Thread.sleep(forTimeInterval: 0.5)
        #expect(!scrim.output.contains("transition.willPresent"), "nothing is presented before the click")
        try display.xdotool(["mousemove", "--window", window, "195", "228", "click", "1"])
        #expect(scrim.waitForOutput("transition.didPresent"), "\(scrim.output)\(scrim.errors)")
        // As a person would, a moment after the sheet is up: a click in the frame that reports the presentation
        // can be lost (seen once in several runs; see the stop note).
        Thread.sleep(forTimeInterval: 0.3)
        try display.xdotool(["mousemove", "--window", window, "195", "50", "click", "1"])
        #expect(scrim.waitForOutput("transition.didDismiss"), "\(scrim.output)\(scrim.errors)")
        #expect(scrim.output.contains("dimmingViewTapped"))
        _ = try? display.xdotool(["key", "--window", window, "Escape"])
        #expect(scrim.waitForExit() == 0, "\(scrim.errors)")

        let scripted = try ScrimProcess.run([example])
        #expect(scripted.status == 0, "\(scripted.stderr)")
        #expect(scripted.stdout.contains("dismissed; analytics: 1 event(s)"), "\(scripted.stdout)")
    }
}

extension LiveSessionTests {
    @Test func aResizedWindowLetterboxesTheSceneAndTapsLandOnTheSameViews() throws {
        let display = try VirtualDisplay()
        defer { display.stop() }
        let scrim = try LiveProcess(["run", "--window", "--screen", "200x300@1", Self.fixtures + "/error.lua"],
                                    display: display)
        defer { scrim.stop() }
        #expect(scrim.waitForOutput("ready"), "\(scrim.output)")
        let window = try display.window(named: "error.lua")
        func counted() -> Int { scrim.output.components(separatedBy: "counted").count - 1 }

        // Twice as wide as the scene's aspect: the scene 300 high in the middle (x 100…300), bars on each side.
        try display.xdotool(["windowsize", window, "400", "300"])
        let wide = try screenshotWhen(display, window, NSTemporaryDirectory() + "scrim-wide-\(getpid()).png") {
            $0.width == 400 && isSceneGreen($0[200, 225])
        }
        #expect(wide.width == 400 && !isSceneGreen(wide[50, 225]) && isSceneGreen(wide[200, 225]))
        try display.xdotool(["mousemove", "--window", window, "200", "225", "click", "1"])
        #expect(poll(timeout: 10) { counted() == 1 }, "\(scrim.output)")
        try display.xdotool(["mousemove", "--window", window, "50", "225", "click", "1"]) // on a bar: nothing
        // Half the size: the same view under the same point of the scene.
        try display.xdotool(["windowsize", window, "100", "150"])
        _ = try screenshotWhen(display, window, NSTemporaryDirectory() + "scrim-small-\(getpid()).png") { $0.width == 100 }
        try display.xdotool(["mousemove", "--window", window, "50", "112", "click", "1"])
        #expect(poll(timeout: 10) { counted() == 2 }, "\(scrim.output)")
        try display.xdotool(["mousemove", "--window", window, "50", "40", "click", "1"])
        #expect(scrim.waitForErrors("kaboom from the tap"), "the top half is still the other view: \(scrim.errors)")
        #expect(counted() == 2)
        _ = try? display.xdotool(["key", "--window", window, "Escape"])
        #expect(scrim.waitForExit() == 1)
    }

    @Test func devicePresetsChooseTheScreenAndTheWindowFitsTheDisplay() throws {
        let probe = "local s = scrim.screen print(('%d %d %d'):format(s.width, s.height, s.scale))"
        for (device, expected) in [("iphone-se", "375 667 2"), ("iphone-15", "393 852 3"),
                                   ("iphone-15-pro-max", "430 932 3"), ("ipad", "820 1180 2")] {
            let run = try ScrimProcess.run(["run", "--device", device, "-e", probe])
            #expect(run.status == 0 && run.stdout == expected + "\n", "\(device): \(run.stdout)\(run.stderr)")
        }
        let unknown = try ScrimProcess.run(["run", "--device", "pixel", "-e", ""])
        #expect(unknown.status == 2 && unknown.stderr.contains("iphone-se (375x667@2)"), "\(unknown.stderr)")
        let both = try ScrimProcess.run(["run", "--device", "ipad", "--screen", "100x100", "-e", ""])
        #expect(both.status == 2 && both.stderr.contains("give one"), "\(both.stderr)")

        // The iPad's 820×1180 points at --scale 2 on a 640×480 display: the window is made to fit it.
        let display = try VirtualDisplay()
        defer { display.stop() }
        let scrim = try LiveProcess(["run", "--window", "--device", "ipad", "--scale", "2", "-e", "print('up')"],
                                    display: display)
        defer { scrim.stop() }
        #expect(scrim.waitForOutput("up"), "\(scrim.errors)")
        let window = try display.window(named: "command line")
        let geometry = try display.xdotool(["getwindowgeometry", window])
        let size = geometry.split(separator: "\n").first { $0.contains("Geometry") }?
            .split(separator: " ").last?.split(separator: "x").compactMap { Int($0) } ?? []
        #expect(size.count == 2 && size[0] <= 640 && size[1] <= 480 && size[1] > 300, "\(geometry)")
        _ = try? display.xdotool(["key", "--window", window, "Escape"])
        #expect(scrim.waitForExit() == 0)
    }
}

extension LiveSessionTests {
    @Test func theFrameTimeOverlayAndTheInspector() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let display = try VirtualDisplay()
        defer { display.stop() }
        let scrim = try LiveProcess(["run", "--window", "--screen", "200x300@1", WindowTests.fixtures + "/dimming.lua"],
                                    display: display)
        defer { scrim.stop() }
        #expect(scrim.waitForOutput("presented"), "\(scrim.output)")
        let window = try display.window(named: "dimming.lua")
        func isDimmed(_ p: RGBA) -> Bool { p.r > 90 && p.r < 160 && abs(Int(p.r) - Int(p.b)) < 10 }
        let base = try screenshotWhen(display, window, folder.path + "/base.png") { isDimmed($0[190, 5]) }

        // F: a dark panel of figures in the top right corner; F again takes it away.
        try display.xdotool(["key", "--window", window, "f"])
        let timed = try screenshotWhen(display, window, folder.path + "/f.png") { $0[190, 5].r < 40 }
        #expect(timed[190, 5].r < 40 && differingPixels(timed, base) > 500)
        #expect(differingPixels(timed, base) < 200 * 300 / 2, "only the corner changed")
        try display.xdotool(["key", "--window", window, "f"])
        let back = try screenshotWhen(display, window, folder.path + "/nof.png") { differingPixels($0, base) == 0 }
        #expect(differingPixels(back, base) == 0)

        // I: the view under the pointer outlined; a click prints it and its constraints, and taps nothing.
        try display.xdotool(["key", "--window", window, "i"])
        try display.xdotool(["mousemove", "--window", window, "100", "250"])
        let outlined = try screenshotWhen(display, window, folder.path + "/i.png") { $0[1, 250].r > 180 && $0[1, 250].g < 100 }
        #expect(outlined[1, 250].r > 180 && outlined[1, 250].g < 100, "\(outlined[1, 250])")
        try display.xdotool(["click", "1"])
        #expect(scrim.waitForOutput("content View {0, 200, 200, 100} alpha=1\nconstraints:\n"), "\(scrim.output)")
        #expect(scrim.waitForOutput("  content.height == 100\n"), "\(scrim.output)")
        #expect(!scrim.output.contains("touch.began"), "an inspecting click is no touch")
        try display.xdotool(["mousemove", "--window", window, "100", "50", "click", "1"])
        #expect(scrim.waitForOutput("dimmingView View {0, 0, 200, 300} alpha="), "\(scrim.output)")
        #expect(!scrim.output.contains("dimmingViewTapped"))

        // I again: clicks tap.
        try display.xdotool(["key", "--window", window, "i"])
        try display.xdotool(["mousemove", "--window", window, "100", "50", "click", "1"])
        #expect(scrim.waitForOutput("dismissed"), "\(scrim.output)")
        _ = try? display.xdotool(["key", "--window", window, "Escape"])
        #expect(scrim.waitForExit() == 0, "\(scrim.errors)")
    }
}

extension LiveSessionTests {
    @Test func aRecordingOfAStillScreenKeepsItsLength() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let script = folder.path + "/still.lua", webp = folder.path + "/still.webp"
        try "scrim.window:addSubview(scrim.View{ frame = {0, 0, 50, 50}, backgroundColor = 'red' })\nscrim.after(1, function() end)\n"
            .write(toFile: script, atomically: true, encoding: .utf8)
        let record = try ScrimProcess.run(["record", script, "-o", webp, "--screen", "100x100@1"])
        #expect(record.stdout == "wrote \(webp) (30 frames)\n", "\(record.stderr)")
        let decode = try runTool("/usr/bin/env", ["python3", "-c", """
            import sys
            from PIL import Image
            im = Image.open(sys.argv[1])
            total = 0
            for i in range(im.n_frames):
                im.seek(i)
                im.load()
                total += im.info["duration"]
            print(im.n_frames, total, im.convert("RGBA").getpixel((10, 10)))
            """, webp])
        // One frame (all thirty merged), lasting the run's whole second, red where the view is.
        #expect(decode.output == "1 1000 (255, 0, 0, 255)\n", "\(decode.output)\(decode.errors)")
        // A run of no length is one frame, and says so in the singular.
        let instant = try ScrimProcess.run(["record", script, "-o", webp, "--screen", "100x100@1", "--duration", "0"])
        #expect(instant.stdout == "wrote \(webp) (1 frame)\n", "\(instant.stdout)\(instant.stderr)")
    }
}

extension LiveSessionTests {
    @Test func anotherProgramClosingTheWindowEndsTheRunCleanly() throws {
        let display = try VirtualDisplay()
        defer { display.stop() }
        let scrim = try LiveProcess(["run", "--window", "--screen", "200x100@1", WindowTests.fixtures + "/moving.lua"],
                                    display: display)
        defer { scrim.stop() }
        #expect(scrim.waitForOutput("ready"), "\(scrim.output)")
        let window = try display.window(named: "moving.lua")
        try display.xdotool(["windowclose", window])
        #expect(scrim.waitForExit() == 0, "\(scrim.errors)")
        #expect(!scrim.errors.contains("X Error"), "\(scrim.errors)")
    }

    @Test func aDisplayThatCannotBeOpenedGivesOnlyScrimsError() throws {
        let run = try ScrimProcess.run(["run", "--window", "-e", "print('ran')"],
                                       environment: ["DISPLAY": ":999", "WAYLAND_DISPLAY": ""])
        #expect(run.status == 1)
        #expect(run.stdout.isEmpty)
        let lines = run.stderr.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].hasPrefix("scrim: --window cannot open the display :999"), "\(run.stderr)")
    }
}

extension LiveSessionTests {
    @Test func whatAFramePrintsGoesAboveThePromptNotIntoIt() throws {
        let display = try VirtualDisplay()
        defer { display.stop() }
        let session = try TerminalSession()
        defer { session.remove() }
        let script = session.stateHome.appendingPathComponent("timer.lua")
        try "scrim.after(0.5, function() print('[timer] fired') end)\n".write(to: script, atomically: true, encoding: .utf8)
        let run = try session.drive(
            // The prompt line is cleared (CR, erase line), the output written, and the prompt drawn again below it.
            [.prompt("scrim> "), .expect("[timer] fired\n"), .expectRaw("scrim> \r\u{1B}[K[timer] fired\r\n")]
            + ReplStep.type("1+1") + [.expect("2\n"), .prompt("scrim> "), .send(ReplStep.ctrlD), .exit(0)],
            arguments: ["--window", "--screen", "100x100@1", script.path],
            environment: ["DISPLAY": display.name, "WAYLAND_DISPLAY": ""])
        #expect(run.passed, "\(run.transcript)")
    }
}

extension LiveSessionTests {
    /// A save that is not atomic — the file emptied, then written in two pieces 20 ms apart, as some editors and
    /// tools do — runs the script once, as saved: neither the empty file nor the half-written one (an unfinished
    /// string) runs on the way. An attempt whose pieces landed further apart than the watcher's settle interval on a
    /// busy machine is not judged; one of three must be.
    @Test func aSaveThatIsNotAtomicRunsTheScriptOnceAsSaved() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let script = folder.path + "/app.lua"
        func text(_ version: Int) -> String { "io.stdout:setvbuf(\"line\")\nprint(\"run \(version) ready\")\n" }
        try text(1).write(toFile: script, atomically: true, encoding: .utf8)
        let display = try VirtualDisplay()
        defer { display.stop() }
        let scrim = try LiveProcess(["run", "--window", "--screen", "100x100@1", script], display: display)
        defer { scrim.stop() }
        #expect(scrim.waitForOutput("run 1 ready"), "\(scrim.output)\(scrim.errors)")
        var judged = 0
        for version in 2...4 where judged == 0 {
            let errorsBefore = scrim.errors.count
            let whole = Array(text(version).utf8), half = whole.count - 10 // inside the string of the print
            let start = Date()
            let file = open(script, O_WRONLY | O_TRUNC)
            try #require(file >= 0)
            _ = whole.withUnsafeBufferPointer { write(file, $0.baseAddress, half) }
            Thread.sleep(forTimeInterval: 0.02)
            _ = whole.withUnsafeBufferPointer { write(file, $0.baseAddress! + half, whole.count - half) }
            close(file)
            let spread = Date().timeIntervalSince(start)
            #expect(scrim.waitForOutput("run \(version) ready"), "\(scrim.output)\(scrim.errors)")
            #expect(poll(timeout: 30) { scrim.errors.dropFirst(errorsBefore).contains("save to first frame") },
                    "\(scrim.errors)")
            Thread.sleep(forTimeInterval: 0.3) // anything else the save would run
            guard spread < FileWatcher.settleInterval * 0.9 else { continue }
            judged += 1
            let errors = String(scrim.errors.dropFirst(errorsBefore))
            #expect(errors.components(separatedBy: "ran app again in a fresh runtime").count == 2, "\(errors)")
            #expect(!errors.contains("app.lua:"), "the half-written script ran: \(errors)")
        }
        #expect(judged == 1, "no save landed within the settle interval")
        _ = try? display.xdotool(["key", "--window", try display.window(named: "app.lua"), "Escape"])
        #expect(scrim.waitForExit() == 0, "\(scrim.errors)")
    }
}
