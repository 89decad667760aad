extension EmbeddedLua {
    /// `message` without this chunk's place (`class.lua:155: not enough memory` → `not enough memory`): a setup run on
    /// a script's behalf raised the script's error, placed again at its line by whoever reports it.
    func unplaced(_ message: String) -> String {
        let prefix = fileName + ":"
        guard message.hasPrefix(prefix) else { return message }
        let rest = message.dropFirst(prefix.count)
        let digits = rest.prefix { $0.isNumber }
        guard !digits.isEmpty, rest.dropFirst(digits.count).hasPrefix(": ") else { return message }
        return String(rest.dropFirst(digits.count + 2))
    }
}
