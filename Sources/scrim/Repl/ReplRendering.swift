import Glibc
import ScrimCore

/// What the REPL draws (`:screen`, `:play`, `:snapshot`). The drawing itself belongs to ScrimRender; the two
/// functions at the top are where it is wired in, and answer nil / false until it is.
enum ReplRendering {
    static let unavailable = "rendering is not available yet"

    /// The window as it is on screen now, drawn in `columns` × `rows` character cells; nil without a renderer.
    static func terminalFrame(of runtime: Runtime, columns: Int, rows: Int) -> String? {
        nil
    }

    /// Writes a PNG of the window as it is on screen now to `path`; false without a renderer.
    static func writeSnapshot(of runtime: Runtime, to path: String) throws -> Bool {
        false
    }

    /// `:play [S]`: time follows the wall clock (the clock's real-time mode) for `seconds`, or until nothing is
    /// pending, the screen redrawn about 30 times a second; Ctrl-C stops it. False without a renderer.
    static func play(_ runtime: Runtime, seconds: Seconds?) -> Bool {
        let size = terminalSize()
        let rows = max(1, size.rows - 1)
        guard let first = terminalFrame(of: runtime, columns: size.columns, rows: rows) else { return false }
        let clock = runtime.clock
        let startWall = clock.wallClock()
        let startTime = clock.now
        let end = seconds.map { startTime + $0 }
        write("\u{1B}[?25l\u{1B}[H\u{1B}[2J" + first)
        defer { write("\u{1B}[?25h\n") }
        clock.startRealTime()
        defer { clock.stopRealTime() }
        while Interrupts.pending == 0 {
            usleep(33_333)
            var finished = false
            if let end, startTime + (clock.wallClock() - startWall) >= end {
                clock.advance(to: end)
                finished = true
            } else {
                clock.advanceToWallClock()
                finished = end == nil && clock.isIdle
            }
            if let frame = terminalFrame(of: runtime, columns: size.columns, rows: rows) {
                write("\u{1B}[H" + frame + "\u{1B}[J")
            }
            if finished { break }
        }
        return true
    }

    static func terminalSize() -> (columns: Int, rows: Int) {
        var size = winsize()
        if ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 {
            return (Int(size.ws_col), Int(size.ws_row))
        }
        return (80, 24)
    }

    private static func write(_ text: String) {
        fputs(text, stdout)
        fflush(stdout)
    }
}
