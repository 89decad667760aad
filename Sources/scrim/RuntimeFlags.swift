import ScrimLua

/// `--timeout S` and `--max-memory SIZE`, read the same way by every command that starts a runtime.
enum RuntimeFlags {
    /// Applies `flag` with `text` to `options` if it is a runtime flag; false if it is not one.
    static func apply(_ flag: String, _ text: String, to options: inout RuntimeOptions, command: String) throws -> Bool {
        switch flag {
        case "--timeout":
            guard let seconds = Double(text), seconds >= 0, seconds.isFinite else {
                throw UsageError(message: "invalid --timeout '\(text)' (seconds, e.g. 5 or 0.5; 0 for none)", command: command)
            }
            options.timeBudget = seconds == 0 ? nil : seconds
            return true
        case "--max-memory":
            guard let bytes = RunCommand.parseSize(text) else {
                throw UsageError(message: "invalid --max-memory '\(text)' (a size such as 64M or 1G; 0 for none)", command: command)
            }
            options.memoryLimit = bytes == 0 ? nil : bytes
            return true
        default:
            return false
        }
    }
}
