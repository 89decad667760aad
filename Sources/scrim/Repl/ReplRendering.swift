import Glibc
import ScrimCore
import ScrimRender
import ScrimWindow

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
    /// pending, each frame drawn over the last about 30 times a second; Ctrl-C stops it. With a live window, its
    /// frames are the play's (`LiveWindow.run`: events handled, each frame drawn and counted as any other), the
    /// window's clock — paused or slowed by its keys — is the one that plays, and the play ends at the first frame at
    /// or past its end, when the window is closed, or when `replaced` says the runtime is no longer the session's.
    static func play(_ runtime: Runtime, seconds: Seconds?, window: LiveWindow? = nil, replaced: () -> Bool = { false }) {
        let clock = runtime.clock
        let startWall = clock.wallClock()
        let startTime = clock.now
        let end = seconds.map { startTime + $0 }
        var shown = picture(of: runtime)
        write("\u{1B}[?25l" + shown.text)
        defer { write("\u{1B}[?25h") }
        var drawn = Clock.monotonicSeconds()
        /// The terminal's picture, redrawn over the last: about 30 times a second (a window's frames may come
        /// faster), and the last one.
        func draw(last: Bool) {
            let now = Clock.monotonicSeconds()
            guard last || now - drawn >= 1.0 / 32 else { return }
            drawn = now
            let next = picture(of: runtime)
            write(next.rows == shown.rows ? next.redrawingPrevious : next.text)
            shown = next
        }
        if let window {
            // The window's clock already follows the wall clock, as its keys have it.
            window.run {
                if replaced() { return true }
                let finished = Interrupts.pending != 0 || (end.map { clock.now >= $0 } ?? clock.isIdle)
                draw(last: finished)
                return finished
            }
            return
        }
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
            draw(last: true)
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
