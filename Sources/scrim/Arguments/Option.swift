/// One command-line option, declared once: the parser reads it, the help text is generated from it, and the command
/// asks the parsed arguments for it.
struct Option: Hashable, Sendable {
    /// `timeout` for `--timeout`; nil for an option with only a short name (lua.c's `-e`, `-l`, …).
    let long: String?
    /// `o` for `-o`.
    let short: Character?
    /// What the value is called in the help (`S`, `SIZE`, `PATH`); nil for a switch, which takes no value.
    let value: String?
    /// The help text; further lines continue under the first.
    let help: String
    /// Left out of the help (an internal option, such as `scrim test --worker`).
    let hidden: Bool

    init(_ long: String?, short: Character? = nil, value: String? = nil, help: String, hidden: Bool = false) {
        self.long = long
        self.short = short
        self.value = value
        self.help = help
        self.hidden = hidden
    }

    /// How messages name it: `--timeout`, or `-e` when it has no long name.
    var display: String { long.map { "--" + $0 } ?? "-" + String(short ?? "?") }

    /// `-o, --output PATH` as the help's left column shows it.
    var synopsis: String {
        let names = [short.map { "-\($0)" }, long.map { "--\($0)" }].compactMap { $0 }.joined(separator: ", ")
        return value.map { names + " " + $0 } ?? names
    }

    static func == (a: Option, b: Option) -> Bool { a.long == b.long && a.short == b.short }
    func hash(into hasher: inout Hasher) {
        hasher.combine(long)
        hasher.combine(short)
    }

    /// `-h, --help`, which every command and sub-command has.
    static let help = Option("help", short: "h", help: "show this help and exit")
}
