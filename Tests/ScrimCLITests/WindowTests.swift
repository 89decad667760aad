import Foundation
import ScrimRender
import ScrimTestSupport
import Testing

/// Issue 18: the live window (`scrim run --window`) driven as a person would, on a virtual X display (Xvfb) of
/// its own: found with xdotool, clicked, typed into, screenshot with ImageMagick's `import`; and `scrim record`.
/// Waits poll with generous limits (the machine may be loaded); none is a fixed sleep but the pause check's 0.5 s.
@Suite(.serialized) struct WindowTests {
    static let fixtures = ScrimProcess.repoRoot.appendingPathComponent("Tests/fixtures/window").path

    @Test func clickOnTheDimmingViewDismissesAndAClickElsewhereDoesNothing() throws {
        let display = try VirtualDisplay()
        defer { display.stop() }
        let scrim = try LiveProcess(["run", "--window", "--screen", "200x300@1", Self.fixtures + "/dimming.lua"],
                                    display: display)
        defer { scrim.stop() }
        #expect(scrim.waitForOutput("presented"), "\(scrim.output)")
        let window = try display.window(named: "dimming.lua")

        // The sheet's content (y 200…300) has no tap recognizer: touches reported, nothing tapped.
        try display.xdotool(["mousemove", "--window", window, "100", "250", "click", "1"])
        #expect(scrim.waitForOutput("touch.ended 100 250"), "\(scrim.output)")
        #expect(!scrim.output.contains("dimmingViewTapped"))

        // A press-drag-release: began, moved, ended, in screen points.
        try display.xdotool(["mousemove", "--window", window, "20", "150", "mousedown", "1",
                             "mousemove", "--window", window, "60", "150", "mousemove", "--window", window, "90", "160",
                             "mouseup", "1"])
        #expect(scrim.waitForOutput("touch.ended 90 160"), "\(scrim.output)")
        #expect(scrim.output.contains("touch.began 20 150"))
        #expect(scrim.output.contains("touch.moved 90 160"))
        #expect(!scrim.output.contains("dimmingViewTapped"), "a drag is not a tap")
        #expect(scrim.errors.contains("dragged too far"), "\(scrim.errors)")
        // The error is on the window's error screen; a click puts it away (and is no tap of the app's).
        try display.xdotool(["mousemove", "--window", window, "100", "50", "click", "1"])
        #expect(poll(timeout: 10) { !scrim.output.contains("touch.began 100 50") } )

        // Above the content: the dimming view, whose tap dismisses.
        try display.xdotool(["mousemove", "--window", window, "100", "50", "click", "1"])
        #expect(scrim.waitForOutput("dismissed"), "\(scrim.output)")
        let lines = scrim.output.split(separator: "\n").map(String.init)
        let tapped = try #require(lines.firstIndex(of: "dimmingViewTapped"))
        #expect(lines.firstIndex(of: "dismissed").map { $0 > tapped } == true)

        // The window may be gone before xdotool has sent the key's release (BadWindow): the exit is what counts.
        // The error reported along the way, never recovered from by a reload, fails the run.
        _ = try? display.xdotool(["key", "--window", window, "Escape"])
        #expect(scrim.waitForExit() == 1, "\(scrim.errors)")
    }

    @Test func theSettledWindowShowsWhatTheSnapshotShows() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let script = Self.fixtures + "/dimming.lua"
        let reference = folder.path + "/snapshot.png"
        let snapshot = try ScrimProcess.run(["snapshot", script, "--screen", "200x300@1", "-o", reference])
        #expect(snapshot.status == 0, "\(snapshot.stderr)")

        let display = try VirtualDisplay()
        defer { display.stop() }
        let scrim = try LiveProcess(["run", "--window", "--screen", "200x300@1", script], display: display)
        defer { scrim.stop() }
        #expect(scrim.waitForOutput("presented"), "\(scrim.output)")
        let window = try display.window(named: "dimming.lua")
        let expected = try PNGFile.read(reference)
        // The frame after the transition ends may take a refresh to reach the screen.
        var differing = -1
        _ = poll(timeout: 10) {
            guard let shot = try? display.screenshot(window, to: folder.path + "/window.png") else { return false }
            differing = differingPixels(shot, expected)
            return differing == 0
        }
        #expect(differing == 0, "\(differing) pixels differ from the snapshot by more than its tolerance")
    }

    @Test func keysPauseStepAndSlowTheClock() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let display = try VirtualDisplay()
        defer { display.stop() }
        let scrim = try LiveProcess(["run", "--window", "--screen", "200x100@1", Self.fixtures + "/moving.lua"],
                                    display: display, directory: folder.path)
        defer { scrim.stop() }
        #expect(scrim.waitForOutput("ready"), "\(scrim.output)")
        let window = try display.window(named: "moving.lua")

        // S: a 0.25 s animation takes about 2.5 s of wall time.
        try display.xdotool(["key", "--window", window, "s"])
        #expect(display.waitForTitle(window, containing: "slow ×10"))
        try display.xdotool(["mousemove", "--window", window, "100", "90", "click", "1"])
        #expect(scrim.waitForOutput("started"), "\(scrim.output)")
        let start = Date()
        #expect(scrim.waitForOutput("finished", timeout: 20), "\(scrim.output)")
        let wall = Date().timeIntervalSince(start)
        #expect(wall > 2.3 && wall < 8, "0.25 s slowed ten times took \(wall) s")
        try display.xdotool(["key", "--window", window, "s"])
        #expect(display.waitForTitle(window, notContaining: "slow"))

        // Space: the clock stops; two screenshots half a second apart are the same.
        try display.xdotool(["key", "--window", window, "space"])
        #expect(display.waitForTitle(window, containing: "paused"))
        let first = try display.screenshot(window, to: folder.path + "/a.png")
        Thread.sleep(forTimeInterval: 0.5)
        let second = try display.screenshot(window, to: folder.path + "/b.png")
        #expect(differingPixels(second, first, tolerance: 0) == 0)

        // `.`: one frame (the box moves a point), and the clock stays paused.
        try display.xdotool(["key", "--window", window, "period"])
        var stepped: PixelImage?
        _ = poll(timeout: 10) {
            stepped = try? display.screenshot(window, to: folder.path + "/c.png")
            return stepped.map { differingPixels($0, second, tolerance: 0) > 0 } ?? false
        }
        let moved = try #require(stepped)
        #expect(differingPixels(moved, second, tolerance: 0) > 0)
        #expect(boxLeftEdge(moved) - boxLeftEdge(second) == 1 || boxLeftEdge(second) - boxLeftEdge(moved) == 1,
                "one frame at 60 points a second is one point: \(boxLeftEdge(second)) → \(boxLeftEdge(moved))")
        Thread.sleep(forTimeInterval: 0.3)
        let still = try display.screenshot(window, to: folder.path + "/d.png")
        #expect(differingPixels(still, moved, tolerance: 0) == 0)

        // P: a PNG of the screen, here, named on stderr; the same pixels as the window.
        try display.xdotool(["key", "--window", window, "p"])
        #expect(scrim.waitForErrors("saved the screen to moving-1.png"), "\(scrim.errors)")
        #expect(differingPixels(try PNGFile.read(folder.path + "/moving-1.png"), still) == 0)

        // V, one frame, V: a recording of the frames between, from the virtual clock.
        try display.xdotool(["key", "--window", window, "v"])
        #expect(scrim.waitForErrors("recording to moving-recording-1.webp"), "\(scrim.errors)")
        // (The window takes keys in the order they were sent.)
        try display.xdotool(["key", "--window", window, "period", "period", "period", "v"])
        // Three frames at 60 a second are 0.05 s: a frame at 0, and the end from 1/30 s on.
        #expect(scrim.waitForErrors("wrote moving-recording-1.webp (2 frames)"), "\(scrim.errors)")

        // The window may be gone before xdotool has sent the key's release (BadWindow): the exit is what counts.
        _ = try? display.xdotool(["key", "--window", window, "Escape"])
        #expect(scrim.waitForExit() == 0, "\(scrim.errors)")
    }

    @Test func theREPLAndTheWindowAreLiveAtOnce() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let display = try VirtualDisplay()
        defer { display.stop() }
        let recording = folder.path + "/half.webp"
        // Statements run between the window's frames; :record advances the clock through its frames.
        let input = "print(scrim.rootViewController.presentedViewController ~= nil)\n:record \(recording) 0.5\nprint('after')\n"
        let scrim = try LiveProcess(["repl", "--window", "--screen", "200x300@1", Self.fixtures + "/dimming.lua"],
                                    display: display, input: input)
        defer { scrim.stop() }
        #expect(scrim.waitForOutput("after"), "\(scrim.output)\(scrim.errors)")
        #expect(scrim.output.contains("true\n"))
        #expect(scrim.output.contains("wrote \(recording) (15 frames)"))
        // The input has ended; the window stays, and a click on the dimming view dismisses.
        let window = try display.window(named: "dimming.lua")
        try display.xdotool(["mousemove", "--window", window, "100", "50", "click", "1"])
        #expect(scrim.waitForOutput("dismissed"), "\(scrim.output)")
        _ = try? display.xdotool(["key", "--window", window, "Escape"])
        #expect(scrim.waitForExit() == 0, "\(scrim.errors)")
    }

    /// `:quit` from piped input ends `repl --window` at once, window and all (the input still open: it is the command
    /// that ends it), with the piped REPL's status: 1 if a statement failed, else 0.
    @Test(arguments: [("print('up')", 0), ("print('up') error('boom')", 1)])
    func quitClosesTheREPLsWindowWithItsStatus(statement: String, status: Int32) throws {
        let display = try VirtualDisplay()
        defer { display.stop() }
        let scrim = try LiveProcess(["repl", "--window", "--screen", "100x100@1"], display: display, keepInputOpen: true)
        defer { scrim.stop() }
        scrim.type(statement + "\n")
        #expect(scrim.waitForOutput("up"), "\(scrim.output)\(scrim.errors)")
        _ = try display.window(named: "repl")
        scrim.type(":quit\n")
        #expect(scrim.waitForExit() == status, "\(scrim.errors)")
    }

    @Test func withoutADisplayTheWindowFailsClearly() throws {
        let scrim = try LiveProcess(["run", "--window", Self.fixtures + "/dimming.lua"], display: nil)
        #expect(scrim.waitForExit() == 1)
        #expect(scrim.errors.contains("DISPLAY"), "\(scrim.errors)")
        #expect(scrim.errors.contains("xvfb-run"), "\(scrim.errors)")
        #expect(!scrim.output.contains("presented"), "nothing runs without a window")
    }

    @Test func theWindowFlagMayFollowTheScriptButNotItsArguments() throws {
        // `scrim FILE --window`: the window is asked for (and, with no display, refused before the script runs).
        let following = try LiveProcess([Self.fixtures + "/dimming.lua", "--window", "--scale", "2"], display: nil)
        #expect(following.waitForExit() == 1)
        #expect(following.errors.contains("DISPLAY"), "\(following.errors)")
        // After another argument, `--window` is the script's, as lua.c passes every word after the script on.
        let argument = try LiveProcess(["-", "x", "--window"], display: nil,
                                       input: "print('ran', ...)\n")
        #expect(argument.waitForExit() == 0, "\(argument.errors)")
        #expect(argument.output.contains("ran\tx\t--window"), "\(argument.output)")
    }

    @Test func recordingThePopupToWebPGivesEveryFrameFromTheFirstToTheSettledOne() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let script = ScrimProcess.repoRoot.appendingPathComponent("scripts/film_popup.lua").path
        let webp = folder.path + "/popup.webp"
        let record = try ScrimProcess.run(["record", script, "-o", webp, "--fps", "30"])
        #expect(record.status == 0, "\(record.stderr)")
        // The popup settles at 0.8 s: frames at 0, 1/30, …, 22/30, then the settled one from 23/30 to 0.8 s.
        #expect(record.stdout == "wrote \(webp) (24 frames)\n")
        let first = folder.path + "/first.png", last = folder.path + "/last.png"
        let atZero = folder.path + "/at0.png", settled = folder.path + "/settled.png"
        #expect(try ScrimProcess.run(["snapshot", script, "--at", "0", "--scale", "1", "-o", atZero]).status == 0)
        #expect(try ScrimProcess.run(["snapshot", script, "--scale", "1", "-o", settled]).status == 0)

        // Pillow decodes it; libwebp merges a frame equal to the one before into it (a longer duration), so the
        // frames are counted by time: each lasts a multiple of 1/30 s.
        let decode = try runTool("/usr/bin/env", ["python3", "-c", """
            import sys
            from PIL import Image
            im = Image.open(sys.argv[1])
            total = 0
            for i in range(im.n_frames):
                im.seek(i)
                im.load()
                total += im.info["duration"]
                if i == 0: im.convert("RGBA").save(sys.argv[2])
            im.convert("RGBA").save(sys.argv[3])
            print(im.format, im.n_frames, total)
            """, webp, first, last])
        #expect(decode.status == 0, "\(decode.errors)")
        let fields = decode.output.split(separator: " ").map { String($0).trimmingCharacters(in: .whitespacesAndNewlines) }
        try #require(fields.count == 3, "\(decode.output)")
        #expect(fields[0] == "WEBP")
        let stored = Int(fields[1]) ?? 0, milliseconds = Double(fields[2]) ?? 0
        #expect(stored > 1 && stored <= 24)
        #expect(abs(milliseconds - 800) < 2, "\(milliseconds) ms is not the run's 0.8 s")
        #expect(differingPixels(try PNGFile.read(first), try PNGFile.read(atZero)) == 0)
        #expect(differingPixels(try PNGFile.read(last), try PNGFile.read(settled)) == 0)
    }

    @Test func gifAndMP4GoThroughFFmpegAndItsAbsenceIsNamed() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let script = ScrimProcess.repoRoot.appendingPathComponent("scripts/film_popup.lua").path
        let gif = folder.path + "/popup.gif"
        let record = try ScrimProcess.run(["record", script, "-o", gif, "--fps", "10", "--scale", "0.5"])
        #expect(record.status == 0, "\(record.stderr)")
        let decode = try runTool("/usr/bin/env", ["python3", "-c",
            "import sys\nfrom PIL import Image\nim = Image.open(sys.argv[1])\nprint(im.format, im.size[0], im.size[1])", gif])
        #expect(decode.output == "GIF 195 422\n", "\(decode.errors)")

        let noFFmpeg = try ScrimProcess.run(["record", script, "-o", folder.path + "/popup.mp4"],
                                            environment: ["PATH": "/nonexistent"])
        #expect(noFFmpeg.status == 1)
        #expect(noFFmpeg.stderr.contains("ffmpeg") && noFFmpeg.stderr.contains("apt-get install ffmpeg"),
                "\(noFFmpeg.stderr)")
        let unknown = try ScrimProcess.run(["record", script, "-o", folder.path + "/popup.avi"])
        #expect(unknown.status == 2 && unknown.stderr.contains(".webp, .gif or .mp4"), "\(unknown.stderr)")
    }

    /// The x of the first red pixel on the box's row (y 50), or -1.
    private func boxLeftEdge(_ image: PixelImage) -> Int {
        (0..<image.width).first { x in
            let p = image[x, 50]
            return p.r > 200 && p.g < 60 && p.b < 60
        } ?? -1
    }
}

/// Pixels of two images of the same size whose largest channel difference is above `tolerance` (the snapshot
/// tolerance by default); every pixel if the sizes differ.
func differingPixels(_ a: PixelImage, _ b: PixelImage, tolerance: Int = 2) -> Int {
    guard a.width == b.width, a.height == b.height else { return max(a.width * a.height, b.width * b.height, 1) }
    var count = 0
    a.bytes.withUnsafeBufferPointer { x in
        b.bytes.withUnsafeBufferPointer { y in
            var i = 0
            while i < x.count {
                var largest = 0
                for c in 0..<4 { largest = max(largest, abs(Int(x[i + c]) - Int(y[i + c]))) }
                if largest > tolerance { count += 1 }
                i += 4
            }
        }
    }
    return count
}

/// Polls `condition` every 50 ms until it holds or `timeout` seconds pass; whether it held.
func poll(timeout: TimeInterval, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
        if condition() { return true }
        Thread.sleep(forTimeInterval: 0.05)
    }
    return condition()
}

/// Runs a tool to its end; its status, standard output and standard error.
func runTool(_ path: String, _ arguments: [String], environment: [String: String] = [:])
    throws -> (status: Int32, output: String, errors: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    var env = ProcessInfo.processInfo.environment
    env.merge(environment) { $1 }
    process.environment = env
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    let errData = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: outData, as: UTF8.self), String(decoding: errData, as: UTF8.self))
}

/// A folder for one test's files.
struct TemporaryFolder {
    let path: String
    init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("scrim-window-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }
    func remove() { try? FileManager.default.removeItem(atPath: path) }
}

/// An Xvfb server on a display number it picks itself (`-displayfd`), so tests running at once do not collide.
final class VirtualDisplay {
    let name: String
    private let server: Process

    init() throws {
        server = Process()
        server.executableURL = URL(fileURLWithPath: "/usr/bin/Xvfb")
        server.arguments = ["-displayfd", "1", "-screen", "0", "640x480x24", "-nolisten", "tcp", "-noreset"]
        let out = Pipe()
        server.standardOutput = out
        server.standardError = FileHandle.nullDevice
        try server.run()
        try? out.fileHandleForWriting.close()
        // Xvfb writes the display's number once it accepts connections.
        var text = ""
        var byte: UInt8 = 0
        while !text.contains("\n"), read(out.fileHandleForReading.fileDescriptor, &byte, 1) == 1 {
            text.append(Character(UnicodeScalar(byte)))
        }
        guard let number = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            server.terminate()
            throw WindowTestError("Xvfb did not start (is the xvfb package installed?)")
        }
        name = ":\(number)"
    }

    func stop() {
        // Xvfb may have inherited an ignored SIGTERM; SIGKILL always ends it.
        kill(server.processIdentifier, SIGKILL)
        server.waitUntilExit()
    }

    @discardableResult
    func xdotool(_ arguments: [String]) throws -> String {
        let result = try runTool("/usr/bin/xdotool", arguments, environment: ["DISPLAY": name])
        guard result.status == 0 else { throw WindowTestError("xdotool \(arguments.joined(separator: " ")): \(result.errors)") }
        return result.output
    }

    /// The id of the window whose title contains `title`, waiting for it to appear.
    func window(named title: String) throws -> String {
        var id: String?
        _ = poll(timeout: 30) {
            let found = try? runTool("/usr/bin/xdotool", ["search", "--name", title], environment: ["DISPLAY": name])
            id = found?.output.split(separator: "\n").first.map(String.init)
            return id != nil
        }
        guard let id else { throw WindowTestError("no window called \(title) appeared") }
        return id
    }

    func title(_ window: String) -> String {
        (try? xdotool(["getwindowname", window]))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
    }

    func waitForTitle(_ window: String, containing text: String) -> Bool {
        poll(timeout: 15) { title(window).contains(text) }
    }

    func waitForTitle(_ window: String, notContaining text: String) -> Bool {
        poll(timeout: 15) { !title(window).contains(text) }
    }

    /// What the window shows, through ImageMagick's `import`.
    func screenshot(_ window: String, to path: String) throws -> PixelImage {
        let result = try runTool("/usr/bin/import", ["-window", window, "png24:" + path], environment: ["DISPLAY": name])
        guard result.status == 0 else { throw WindowTestError("import: \(result.errors)") }
        return try PNGFile.read(path)
    }
}

/// A `scrim` process left running, its output gathered as it comes (@unchecked Sendable: the pipes' handlers run on
/// Foundation's threads and touch the gathered text only under `lock`).
final class LiveProcess: @unchecked Sendable {
    private let process = Process()
    private let lock = NSLock()
    private var outText = ""
    private var errText = ""
    /// Standard input, when it is a pipe (`input`, or `keepInputOpen` for lines written later with `type`).
    private let stdin = Pipe()

    /// `input` is written to standard input, which then ends (nil: it is empty), unless `keepInputOpen`.
    init(_ arguments: [String], display: VirtualDisplay?, input: String? = nil, keepInputOpen: Bool = false,
         directory: String? = nil) throws {
        process.executableURL = ScrimProcess.binary
        process.arguments = arguments
        process.currentDirectoryURL = directory.map { URL(fileURLWithPath: $0) } ?? ScrimProcess.repoRoot
        var env = ProcessInfo.processInfo.environment
        env["DISPLAY"] = display?.name
        env["WAYLAND_DISPLAY"] = nil
        process.environment = env
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input == nil && !keepInputOpen ? FileHandle.nullDevice : stdin
        out.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            if data.isEmpty {
                handle.readabilityHandler = nil
                return
            }
            let text = String(decoding: data, as: UTF8.self)
            self?.lock.withLock { self?.outText += text }
        }
        err.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            if data.isEmpty {
                handle.readabilityHandler = nil
                return
            }
            let text = String(decoding: data, as: UTF8.self)
            self?.lock.withLock { self?.errText += text }
        }
        try process.run()
        if let input { type(input) }
        if input != nil, !keepInputOpen { try stdin.fileHandleForWriting.close() }
    }

    /// Writes `text` to the process's standard input (kept open: `keepInputOpen`).
    func type(_ text: String) {
        stdin.fileHandleForWriting.write(Data(text.utf8))
    }

    var output: String { lock.withLock { outText } }
    var errors: String { lock.withLock { errText } }

    func waitForOutput(_ text: String, timeout: TimeInterval = 30) -> Bool {
        poll(timeout: timeout) { output.contains(text) }
    }

    func waitForErrors(_ text: String, timeout: TimeInterval = 30) -> Bool {
        poll(timeout: timeout) { errors.contains(text) }
    }

    /// The exit status, waiting up to 30 s (then the process is killed and -1 returned).
    func waitForExit() -> Int32 {
        guard poll(timeout: 30, { !process.isRunning }) else {
            stop()
            return -1
        }
        process.waitUntilExit()
        // Let the readers take what was written last.
        Thread.sleep(forTimeInterval: 0.05)
        return process.terminationStatus
    }

    /// Sends `signal` to the process (SIGINT, SIGTERM: what Ctrl-C in its terminal or a supervisor sends).
    func send(_ signal: Int32) {
        if process.isRunning { kill(process.processIdentifier, signal) }
    }

    func stop() {
        if process.isRunning {
            // SIGTERM may be ignored (inherited); a test that failed half-way must not leave the process behind.
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }
}

struct WindowTestError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
