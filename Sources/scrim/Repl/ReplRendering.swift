import Glibc
import ScrimCore
import ScrimRender

/// What the REPL draws: `:screen` and `:play` with the terminal renderer, `:snapshot` with the PNG renderer,
/// both from the same render tree (presentation values at the clock's current time).
enum ReplRendering {
    /// The window as it is on screen now, as large as fits the terminal (leaving a line for the prompt).
    static func picture(of runtime: Runtime) -> TerminalPicture {
        let size = terminalSize()
        return TerminalRenderer.render(RenderTree(runtime: runtime), columns: size.columns, rows: max(1, size.rows - 1))
    }

    /// Writes a PNG of the window as it is on screen now to `path`.
    static func writeSnapshot(of runtime: Runtime, to path: String) throws {
        try CairoRenderer.writePNG(RenderTree(runtime: runtime), to: path, budget: runtime.timeBudget)
    }

    /// `:play [S]`: time follows the wall clock (the clock's real-time mode) for `seconds`, or until nothing is
    /// pending, each frame drawn over the last about 30 times a second; Ctrl-C stops it.
    static func play(_ runtime: Runtime, seconds: Seconds?, onFrame: (() -> Void)? = nil) {
        let clock = runtime.clock
        let startWall = clock.wallClock()
        let startTime = clock.now
        let end = seconds.map { startTime + $0 }
        var shown = picture(of: runtime)
        write("\u{1B}[?25l" + shown.text)
        defer { write("\u{1B}[?25h") }
        clock.startRealTime()
        defer { clock.stopRealTime() }
        while Interrupts.pending == 0 {
            usleep(33_333)
            var finished = false
            // The last frame lands exactly on the end, whatever the wall clock says.
            if let end, startTime + (clock.wallClock() - startWall) >= end {
                clock.advance(to: end)
                finished = true
            } else {
                clock.advanceToWallClock()
                finished = end == nil && clock.isIdle
            }
            let next = picture(of: runtime)
            write(next.rows == shown.rows ? next.redrawingPrevious : next.text)
            shown = next
            onFrame?()
            if finished { break }
        }
    }

    static func terminalSize() -> (columns: Int, rows: Int) {
        var size = winsize()
        if ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 {
            return (Int(size.ws_col), Int(size.ws_row))
        }
        return (80, 24)
    }

    private static func write(_ text: String) {
        fputs(text, standardOutput)
        fflush(standardOutput)
    }
}
