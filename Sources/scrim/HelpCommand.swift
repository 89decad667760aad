/// `scrim help [COMMAND [SUB-COMMAND]]`: the same text as `scrim COMMAND --help`.
enum HelpCommand {
    static let command = Command(
        path: ["help"], usage: ["[COMMAND [SUB-COMMAND]]"],
        summary: "help on one command (as COMMAND --help)",
        about: "Prints the help of COMMAND (or of one of its sub-commands); without one, the overview.",
        run: main)

    static func main(_ parsed: ParsedArguments) throws -> Int32 {
        var command = CommandLineTool.root
        for word in parsed.operands.map(\.text) {
            guard let sub = command.subcommand(named: word) else {
                let whose = command.path.isEmpty ? "command" : "sub-command of '\(command.name)'"
                throw parsed.command.usageError("no help for unknown \(whose) '\(word)'")
            }
            command = sub
        }
        print(HelpText.text(for: command))
        return 0
    }
}
