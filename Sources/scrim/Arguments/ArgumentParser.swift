import ScrimCore
/// The one argument parser of every `scrim` command: reads words against a `Command`'s declared options.
///
/// `--flag value` and `--flag=value`; `-f value` and `-fvalue` (lua.c's `-lmod`, `-eCODE`); `--` ends the options;
/// `-` is an operand (standard input); `-h`/`--help` asks for the command's help. Sub-commands are picked by their
/// first word.
enum ArgumentParser {
    /// Finds the (sub-)command the words name and parses the rest of them for it.
    static func resolve(_ words: [Argument], in command: Command) throws -> ParsedArguments {
        if let first = words.first, let sub = command.subcommand(named: first.text) {
            return try resolve(Array(words.dropFirst()), in: sub)
        }
        if let name = command.defaultSubcommand, let sub = command.subcommand(named: name) {
            // `scrim plugins --help` is the group's help; anything else is the default sub-command's.
            if let first = words.first, isHelp(first) {
                var parsed = ParsedArguments(command: command)
                parsed.helpRequested = true
                return parsed
            }
            return try parse(words, for: sub)
        }
        return try parse(words, for: command)
    }

    /// Parses `words` as `command`'s options and operands.
    static func parse(_ words: [Argument], for command: Command) throws -> ParsedArguments {
        var parsed = ParsedArguments(command: command)
        var index = 0
        func finishWithOperands(from start: Int) {
            parsed.wordsBeforeOperands = Array(words[..<min(start, words.count)])
            parsed.operands += words[min(start, words.count)...]
        }
        while index < words.count {
            let word = words[index]
            let text = word.text
            if text == "--" {
                parsed.dashDashAt = parsed.operands.count
                finishWithOperands(from: index + 1)
                if command.operands == .interleaved { parsed.wordsBeforeOperands = [] }
                return parsed
            }
            guard text.hasPrefix("-"), text != "-" else {
                if command.operands == .endOptions {
                    finishWithOperands(from: index)
                    return parsed
                }
                parsed.operands.append(word)
                index += 1
                continue
            }
            if isHelp(word) {
                parsed.helpRequested = true
                return parsed
            }
            let consumedFrom = index
            let (option, inline) = try match(word, in: command)
            var value: Argument?
            if option.value != nil {
                if let inline {
                    value = inline
                } else {
                    guard index + 1 < words.count else {
                        throw command.usageError("option '\(option.display)' needs argument")
                    }
                    index += 1
                    value = words[index]
                }
            } else if inline != nil {
                throw command.usageError("option '\(option.display)' takes no value")
            }
            parsed.occurrences.append((option, value))
            parsed.optionWords += words[consumedFrom ... index]
            index += 1
        }
        parsed.wordsBeforeOperands = command.operands == .endOptions ? words : []
        return parsed
    }

    static func isHelp(_ word: Argument) -> Bool { word.text == "--help" || word.text == "-h" }

    /// The declared option a word names, and the value written into the word itself, if any.
    private static func match(_ word: Argument, in command: Command) throws -> (Option, Argument?) {
        let text = word.text
        if text.hasPrefix("--") {
            let name = text.dropFirst(2).prefix { $0 != "=" }
            guard let option = command.options.first(where: { $0.long.map { $0 == name } ?? false }) else {
                let known = (command.options + [Option.help]).filter { !$0.hidden }.compactMap(\.long)
                throw command.usageError("unrecognized option '--\(name)'"
                    + (NearestName.closest(to: String(name), among: known).map { " (did you mean --\($0)?)" } ?? ""))
            }
            let hasInline = text.dropFirst(2).contains("=")
            return (option, hasInline ? word.suffix(from: 2 + name.utf8.count + 1) : nil)
        }
        let letter = text.dropFirst().first
        guard let option = command.options.first(where: { $0.short != nil && $0.short == letter }) else {
            throw command.usageError("unrecognized option '\(text)'")
        }
        let rest = word.suffix(from: 2)
        if rest.bytes.isEmpty { return (option, nil) }
        // `-lmod`: a short option's value may be joined to it; a switch may not be (lua.c refuses `-iv`).
        guard option.value != nil else { throw command.usageError("unrecognized option '\(text)'") }
        return (option, rest)
    }
}
