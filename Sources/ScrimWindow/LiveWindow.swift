import Glibc
import ScrimCore
import ScrimRecord
import ScrimRender

/// A runtime shown in a desktop window, live: the clock in real time, frames drawn with the Cairo renderer only when
/// what the window shows changed, mouse presses as touches and taps, and the keys
/// Space (pause), `.` (one frame while paused), S (slow ×10), P (PNG), R (reload), V (record), F (frame times),
/// I (inspector), Esc (quit).
///
/// Everything runs on the caller's thread, between frames (`pump`): Lua stays single-threaded.
public final class LiveWindow {
    /// The runtime shown; a new one (the REPL's `:reload`) is followed from the next frame on.
    public var runtime: Runtime {
        didSet { if runtime !== oldValue { adopt() } }
    }
    /// Called on R; nil: R does nothing.
    public var reload: (() -> Void)?
    /// Called at the start of each frame, before its events: where a session reloads what was saved (and hands the
    /// window a runtime that replaced the one shown), whoever pumps — `run`, or the REPL between statements and
    /// while `:play` plays.
    public var beforeFrame: () -> Void = {}
    /// Called before each piece of work that may run the script: every event handled and every frame's step of
    /// the clock (its timers, frame callbacks and animation completions). The script's time budget restarts there,
    /// so a window lasts as long as it is open and each entry has the whole budget, as a REPL statement does.
    public var beforeEntry: () -> Void = {}
    /// Where the window says what it did (saved files): standard error by default.
    public var log: (String) -> Void = { writeToStandardError("scrim: \($0)\n") }
    /// Whether the window is still open (closed by Esc, the window's close button, or `close()`).
    public private(set) var isOpen = true
    /// The error the window shows over the scene (see `showError`), nil when none is shown.
    public var shownError: String? { errorScreen?.text }
    /// Whether the last error shown is still unrecovered (no successful reload since): the exit status is then 1,
    /// even once a click has put the error screen away to look at the app.
    public private(set) var hasUnrecoveredError = false
    /// Called once, after the next frame is on screen (a reload measures how long after the save its first frame came).
    public var afterNextFrame: (() -> Void)?
    /// Seconds between frames: one refresh of the display.
    public var frameInterval: Seconds { 1 / window.refreshRate }

    /// Pixels a point of the frames (and of recordings): `--scale`, else the display's, no more than fits it.
    public let scale: Double
    private let name: String
    private let window: SDLWindow
    private let renderer: FrameRenderer
    private var buffer: FrameBuffer { renderer.buffer }
    private let playback = Playback()
    private var touches = TouchTracker()
    private var recording: (film: FilmRecorder, start: Seconds, path: String)?
    private var errorScreen: ErrorScreen?
    /// A line shown at the top of the window for a while (what a reload did), until its time.
    private var banner: (text: String, until: Seconds)?
    /// What was laid over the last frame drawn: a change draws the frame again.
    private var shownOverlay: [String] = []
    private var frameStats = FrameStats()
    /// When the last pump began: one that comes more than a refresh after it found the refreshes between missed,
    /// whoever pumps (`run`'s loop, or the REPL between statements and while a statement runs).
    private var lastPump: Seconds?
    /// F: the frame-time overlay's lines, refreshed four times a second (not every frame, which would draw them).
    private var frameTimes: (lines: [String], until: Seconds)?
    /// I: the inspector, nil when off.
    private var inspector: Inspector?

    /// Opens a window of `runtime`'s screen at `scale` pixels a point (nil: the display's, made smaller to fit it),
    /// titled with `name` (the script's name); throws naming DISPLAY and xvfb-run when there is no display.
    public init(runtime: Runtime, scale: Double? = nil, name: String) throws {
        self.runtime = runtime
        self.name = name
        window = try SDLWindow(size: runtime.screen.bounds.size, scale: scale, title: "\(name) — scrim")
        self.scale = window.scale
        renderer = try FrameRenderer(size: runtime.screen.bounds.size, scale: window.scale)
        adopt()
    }

    /// One frame: `beforeFrame`, then what happened since the last call handled, the clock moved, and the window drawn
    /// if what it shows changed.
    /// Returns false once the window is closed.
    @discardableResult
    public func pump() -> Bool {
        guard isOpen else { return false }
        let now = Clock.monotonicSeconds()
        if let lastPump { frameStats.missed(Int(max(0, (now - lastPump) / frameInterval - 1))) }
        lastPump = now
        beforeFrame()
        while isOpen, let event = window.nextEvent() {
            beforeEntry()
            handle(event)
        }
        guard isOpen else { return false }
        beforeEntry()
        playback.tick(runtime.clock)
        draw()
        return isOpen
    }

    /// Pumps until the window is closed (or `done` says so), one frame a refresh of the display.
    public func run(until done: () -> Bool = { false }) {
        var next = Clock.monotonicSeconds()
        while pump(), !done() {
            next += frameInterval
            let wait = next - Clock.monotonicSeconds()
            // A late frame is counted by the next pump (see `lastPump`); the schedule starts again from now.
            if wait > 0 {
                usleep(UInt32(wait * 1_000_000))
            } else {
                next = Clock.monotonicSeconds()
            }
        }
    }

    /// Closes the window, finishing a recording in progress.
    public func close() {
        guard isOpen else { return }
        if recording != nil { toggleRecording() }
        isOpen = false
    }

    /// Shows `text` (an error as `scrim run` prints it: what ran, file:line and message, the traceback) over the
    /// scene until a reload succeeds (`recovered`) or a click puts it away; the runtime goes on underneath.
    public func showError(_ text: String) {
        errorScreen = ErrorScreen(text: text)
        hasUnrecoveredError = true
    }

    /// A reload succeeded: the error screen goes, and the run no longer ends with an error.
    public func recovered() {
        errorScreen = nil
        hasUnrecoveredError = false
    }

    /// Shows `text` in a strip at the top of the window for two seconds (what a reload did).
    public func announce(_ text: String) {
        banner = (text, Clock.monotonicSeconds() + 2)
        log(text)
    }

    /// Draws the window if what it shows changed since it was last drawn; true if it drew.
    @discardableResult
    public func draw() -> Bool {
        updateTitle()
        if let banner, Clock.monotonicSeconds() > banner.until { self.banner = nil }
        if let shown = frameTimes, Clock.monotonicSeconds() > shown.until {
            frameTimes = (frameStats.lines(now: runtime.now, paused: playback.isPaused, slow: playback.isSlow),
                          Clock.monotonicSeconds() + 0.25)
        }
        inspector?.refresh(in: runtime)
        // The banner's time is in it: the same words announced again are a new frame (what a reload measures).
        let overlay = [errorScreen?.text ?? "", banner.map { "\($0.until) \($0.text)" } ?? "",
                       frameTimes?.lines.joined(separator: "\n") ?? "", inspector?.state() ?? ""]
        if overlay != shownOverlay {
            shownOverlay = overlay
            renderer.invalidate()
        }
        do {
            let start = Clock.monotonicSeconds()
            guard try renderer.render(runtime) else { return false }
            if overlay.contains(where: { !$0.isEmpty }) { try buffer.paintOver(paintOverlays) }
            frameStats.record(milliseconds: (Clock.monotonicSeconds() - start) * 1000)
            try window.show(buffer)
            if let after = afterNextFrame {
                afterNextFrame = nil
                after()
            }
        } catch {
            log("\(error)")
        }
        return true
    }

    // MARK: Input

    private func handle(_ event: WindowEvent) {
        switch event {
        case .quit:
            close()
        case .exposed:
            window.present()
        case .press(let x, let y):
            // A click on the error screen puts it away (the app underneath goes on); it is no touch of the app's.
            if errorScreen != nil {
                errorScreen = nil
                return
            }
            // A press on the bars beside a letterboxed frame touches nothing.
            guard let point = point(x, y) else { return }
            // Inspecting, a click says what is there instead of tapping it.
            if let inspector {
                // Straight to the descriptor, in order with the script's flushed output.
                let line = inspector.report(at: point, in: runtime) + "\n"
                _ = line.utf8CString.withUnsafeBufferPointer { write(STDOUT_FILENO, $0.baseAddress, $0.count - 1) }
                return
            }
            touches.press(at: point, in: runtime)
        case .drag(let x, let y):
            if let point = point(x, y, clamped: true) { touches.drag(to: point, in: runtime) }
        case .release(let x, let y):
            if let point = point(x, y, clamped: true) { touches.release(at: point, in: runtime) }
        case .hover(let x, let y):
            inspector?.hover(at: point(x, y), in: runtime)
        case .key(let key):
            handleKey(key)
        }
    }

    private func handleKey(_ key: Int32) {
        switch UnicodeScalar(UInt32(max(0, key))).map(Character.init) {
        case " ": playback.togglePause(runtime.clock)
        case ".": playback.stepFrame(runtime.clock)
        case "s": playback.toggleSlow()
        case "p": savePNG()
        case "r": reload?()
        case "v": toggleRecording()
        case "f": frameTimes = frameTimes == nil ? ([], 0) : nil
        case "i": inspector = inspector == nil ? Inspector() : nil
        default: if key == WindowEvent.escapeKey { close() }
        }
    }

    /// The screen point under a point of the window (the frame scaled to fit it, letterboxed).
    private func point(_ x: Double, _ y: Double, clamped: Bool = false) -> Point? {
        window.framePoint(x: x, y: y, clamped: clamped).map { Point(x: $0.x / scale, y: $0.y / scale) }
    }

    // MARK: Keys' actions

    private func savePNG() {
        let path = LiveWindow.freshPath(name, suffix: ".png")
        draw()
        do {
            try buffer.writePNG(to: path)
            log("saved the screen to \(path)")
        } catch {
            log("\(error)")
        }
    }

    private func toggleRecording() {
        guard let recording else {
            let path = LiveWindow.freshPath((name.hasSuffix(".lua") ? String(name.dropLast(4)) : name) + "-recording",
                                            suffix: ".webp")
            recording = (FilmRecorder(runtime: runtime), runtime.now, path)
            log("recording to \(path) (V stops)")
            return
        }
        self.recording = nil
        recording.film.stop()
        do {
            let count = try Recording(framesPerSecond: 30, scale: scale).write(
                to: recording.path, size: runtime.screen.bounds.size, from: recording.start, to: runtime.now,
                frame: recording.film.frame(at:))
            log("wrote \(recording.path) (\(Recording.frames(count)))")
        } catch {
            log("\(error)")
        }
    }

    // MARK: Internals

    private func paintOverlays(_ painter: OverlayPainter) {
        let size = runtime.screen.bounds.size
        inspector?.paint(painter, size: size)
        if let frameTimes { paintFrameTimes(frameTimes.lines, painter, size: size) }
        errorScreen?.paint(painter, size: size)
        if let banner {
            let textSize = max(7, min(12, size.width / 36))
            let height = painter.cell(size: textSize).line * 1.6
            painter.fill(Rect(x: 0, y: 0, width: size.width, height: height), Color(r: 0.1, g: 0.1, b: 0.1, a: 0.8))
            painter.text(banner.text, at: Point(x: 6, y: height * 0.2), width: size.width - 12, maxY: height,
                         size: textSize, color: .white)
        }
    }

    private func adopt() {
        runtime.isLive = true
        playback.drive(runtime.clock)
        renderer.invalidate()
        recording = nil
    }

    /// The F overlay, in the top right corner.
    private func paintFrameTimes(_ lines: [String], _ painter: OverlayPainter, size: Size) {
        let cell = painter.cell(size: 10)
        let columns = lines.map(\.count).max() ?? 1
        let width = min(size.width, Double(columns) * cell.width + 8)
        let height = Double(lines.count) * cell.line + 6
        let origin = Point(x: size.width - width, y: 0)
        painter.fill(Rect(x: origin.x, y: origin.y, width: width, height: height), Color(r: 0, g: 0, b: 0, a: 0.7))
        painter.text(lines.joined(separator: "\n"), at: Point(x: origin.x + 4, y: 3), width: width - 8, size: 10,
                     color: Color(r: 0.4, g: 1, b: 0.4))
    }

    /// "name — 1.2 s — paused — slow ×10", set when it changes (a tenth of a second at a time).
    private func updateTitle() {
        let tenths = runtime.now.isFinite ? Int(min(runtime.now * 10, 1e15).rounded(.down)) : 0
        var title = "\(name) — \(tenths / 10).\(tenths % 10) s"
        if playback.isPaused { title += " — paused" }
        if playback.isSlow { title += " — slow ×10" }
        window.setTitle(title)
    }

    /// `base-N.suffix` in the current directory (base without `.lua`), N the first number not taken.
    private static func freshPath(_ base: String, suffix: String) -> String {
        let base = base.hasSuffix(".lua") ? String(base.dropLast(4)) : base
        var number = 1
        while access("\(base)-\(number)\(suffix)", F_OK) == 0 { number += 1 }
        return "\(base)-\(number)\(suffix)"
    }
}
