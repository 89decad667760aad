import ScrimLua
import ScrimPlugins
import ScrimWindow

/// `--window` and `--scale N`, read the same way by `scrim run` and `scrim repl`.
struct WindowFlags {
    var enabled = false
    var scale: Double?

    /// Applies `flag` (`--window` or `--scale`, whose text `value` reads); throws on a bad scale.
    mutating func apply(_ flag: String, value: (String) throws -> String, command: String) throws {
        if flag == "--window" {
            enabled = true
            return
        }
        let text = try value(flag)
        guard let number = Double(text), number.isFinite, number > 0, number <= 8 else {
            throw UsageError(message: "invalid --scale '\(text)' (pixels a point, e.g. 1 or 2; at most 8)", command: command)
        }
        scale = number
    }

    /// Throws if `--scale` came without `--window`.
    func check(command: String) throws {
        if scale != nil, !enabled {
            throw UsageError(message: "--scale goes with --window (the window's pixels a point)", command: command)
        }
    }

    /// The live window of `runtime`, titled with the script's name, if `--window` was given; R reloads its plugins
    /// in place (their state kept).
    func open(_ runtime: LuaRuntime, name: String) throws -> LiveWindow? {
        guard enabled else { return nil }
        let title = name == "-" ? "stdin" : String(name.split(separator: "/").last ?? Substring(name))
        let window = try LiveWindow(runtime: runtime.core, scale: scale ?? 1, name: title)
        window.reload = { [weak runtime, weak window] in
            guard let runtime, let host = PluginHost.of(runtime), !host.plugins.isEmpty else {
                window?.log("R: no plugin to reload")
                return
            }
            let (ok, error) = (try? host.reload()) ?? (false, nil)
            window?.log(ok ? "reloaded plugins" : "plugin reload failed: \(error ?? "unknown error")")
        }
        return window
    }
}
