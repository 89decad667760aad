/// A command or sub-command of `scrim`, declared as data: its options, how its operands read, its help prose and
/// what runs it. The parser, `-h/--help`, `scrim help …` and the usage errors all come from this declaration.
struct Command: Sendable {
    /// How operands (words that are not options) end the options.
    enum Operands: Sendable {
        /// Options may come anywhere (`scrim test a --fail-fast b`); `--` ends them.
        case interleaved
        /// The first operand ends the options, as in lua.c: it is the script and the rest are its arguments.
        case endOptions
    }

    /// The words after `scrim`: `["plugins", "check"]`; empty for `scrim` itself.
    let path: [String]
    /// What follows `scrim <path>` in the usage lines, one usage a line (`[options] FILE|- [args…]`).
    let usage: [String]
    /// One line for the list of commands.
    let summary: String
    /// Prose between the usage and the options.
    let about: String
    let options: [Option]
    let operands: Operands
    /// Prose after the options.
    let notes: String
    /// The sub-commands by name, each made when first named: making every command's option table was a tenth of
    /// `scrim run empty.lua`.
    let subcommandMakers: [(name: String, make: @Sendable () -> Command)]
    /// The sub-command that runs when none is named (`scrim plugins DIR` is `scrim plugins list DIR`).
    let defaultSubcommand: String?
    /// Runs the parsed command; its exit status. Nil for a command that only groups sub-commands.
    let run: (@Sendable (ParsedArguments) throws -> Int32)?

    init(path: [String], usage: [String], summary: String, about: String = "", options: [Option] = [],
         operands: Operands = .interleaved, notes: String = "",
         subcommands: [(name: String, make: @Sendable () -> Command)] = [],
         defaultSubcommand: String? = nil, run: (@Sendable (ParsedArguments) throws -> Int32)?) {
        self.path = path
        self.usage = usage
        self.summary = summary
        self.about = about
        self.options = options
        self.operands = operands
        self.notes = notes
        self.subcommandMakers = subcommands
        self.defaultSubcommand = defaultSubcommand
        self.run = run
    }

    /// `scrim plugins check`.
    var invocation: String { (["scrim"] + path).joined(separator: " ") }
    /// `plugins check`, for `scrim help …`.
    var name: String { path.joined(separator: " ") }

    /// Every sub-command, made (for the help and its listing).
    var subcommands: [Command] { subcommandMakers.map { $0.make() } }

    func subcommand(named name: String) -> Command? { subcommandMakers.first { $0.name == name }?.make() }

    /// A usage error about this command: the message, then where its help is.
    func usageError(_ message: String) -> UsageError { UsageError(message: message, command: path.isEmpty ? nil : name) }
}
