extension EmbeddedLua {
    /// `message` without the place in this chunk it starts with (`class.lua:155: not enough memory` → `not enough
    /// memory`): what a setup Scrim runs in its own Lua on a script's behalf raised is the script's error, placed again
    /// at the script's line by whoever reports it.
    func unplaced(_ message: String) -> String {
        let prefix = fileName + ":"
        guard message.hasPrefix(prefix) else { return message }
        let rest = message.dropFirst(prefix.count)
        let digits = rest.prefix { $0.isNumber }
        guard !digits.isEmpty, rest.dropFirst(digits.count).hasPrefix(": ") else { return message }
        return String(rest.dropFirst(digits.count + 2))
    }
}
