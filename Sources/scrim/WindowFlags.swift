import ScrimLua
import ScrimWindow

/// `--window` and `--scale N`, declared once for `scrim run` (and bare `scrim`) and `scrim repl`.
struct WindowFlags {
    static let window = Option("window", help: """
        show the runtime live in a desktop window (SDL2), the clock in real time, until
        the window is closed: a click taps, a drag reports touch.began/moved/ended;
        keys Space pause, . one frame, S slow ×10, P PNG, R reload, V record .webp,
        F frame times, I inspector (a click prints the view), Esc quit. An error
        shows on an error screen (a click puts it away); a saved plugin reloads in
        place, a saved script runs again. Each click, key and frame has the whole
        --timeout. Needs a display (DISPLAY; else xvfb-run)
        """)
    static let scale = Option("scale", value: "N", help: """
        with --window: pixels a point of its frames (default: the display's, no
        more than fits); the window itself is made to fit the display
        """)

    var enabled = false
    var scale: Double?

    /// `scrim FILE --window [--scale N] [args…]`, the form beside `scrim --window FILE`: the window's flags that come
    /// right after the script are Scrim's; from the first other word on, every word is the script's (lua.c's rule),
    /// so `scrim FILE x --window` hands `--window` to the script.
    static func takeFollowingScript(_ parsed: inout ParsedArguments) {
        var index = 1
        while index < parsed.operands.count, parsed.dashDashAt.map({ index < $0 }) ?? true {
            let word = parsed.operands[index].text
            if word == "--window" {
                parsed.occurrences.append((window, nil))
                index += 1
            } else if word.hasPrefix("--scale=") {
                parsed.occurrences.append((scale, parsed.operands[index].suffix(from: "--scale=".utf8.count)))
                index += 1
            } else if word == "--scale", index + 1 < parsed.operands.count {
                parsed.occurrences.append((scale, parsed.operands[index + 1]))
                index += 2
            } else {
                break
            }
        }
        guard index > 1 else { return }
        parsed.operands.removeSubrange(1 ..< index)
        parsed.dashDashAt = parsed.dashDashAt.map { $0 - (index - 1) }
    }

    /// The flags as given; throws on a bad scale or a scale without a window.
    init(_ parsed: ParsedArguments) throws {
        enabled = parsed.has(Self.window)
        scale = try parsed.value(Self.scale, .pixelScale)
        if scale != nil, !enabled {
            throw parsed.command.usageError("--scale goes with --window (the window's pixels a point)")
        }
    }

    /// The live window of `runtime`, titled with the script's name, if `--window` was given; its time budget restarts
    /// at each entry the window makes into the script. What R does is the command's to say (`reload`).
    func open(_ runtime: LuaRuntime, name: String) throws -> LiveWindow? {
        guard enabled else { return nil }
        var title = name == "-" ? "stdin" : String(name.split(separator: "/").last ?? Substring(name))
        if title.isEmpty { title = name }
        let window = try LiveWindow(runtime: runtime.core, scale: scale, name: title)
        window.beforeEntry = { [weak runtime] in runtime?.state.restartTimeBudget() }
        return window
    }
}
