@testable import scrim
import Testing

/// The one parser every command uses, on a command declared for the test.
@Suite struct ArgumentParserTests {
    static let level = Option("level", short: "l", value: "N", help: "a level")
    static let loud = Option("loud", help: "a switch")
    static let code = Option(nil, short: "e", value: "CODE", help: "code")

    static func command(_ operands: Command.Operands) -> Command {
        Command(path: ["try"], usage: ["[options] FILE"], summary: "a test command", options: [level, loud, code],
                operands: operands, run: { _ in 0 })
    }

    static func parse(_ words: [Argument], _ operands: Command.Operands = .interleaved) throws -> ParsedArguments {
        try ArgumentParser.parse(words, for: command(operands))
    }

    static func usageMessage(_ words: [Argument], _ operands: Command.Operands = .interleaved) -> String? {
        do {
            _ = try parse(words, operands)
            return nil
        } catch let error as UsageError {
            #expect(error.command == "try")
            return error.message
        } catch {
            return "\(error)"
        }
    }

    @Test func valuesSeparateJoinedAndInline() throws {
        for words: [Argument] in [["--level", "3"], ["--level=3"], ["-l", "3"], ["-l3"]] {
            let parsed = try Self.parse(words)
            #expect(parsed.value(Self.level) == "3", "\(words)")
        }
        // `=` inside an inline value is the value's; an empty inline value is a value.
        #expect(try Self.parse(["--level=a=b"]).value(Self.level) == "a=b")
        #expect(try Self.parse(["--level="]).value(Self.level) == "")
    }

    @Test func repeatedOptionsKeepTheirOrderAndTheLastValueWins() throws {
        let parsed = try Self.parse(["-e", "a()", "--level", "1", "-eb()", "--level=2"])
        #expect(parsed.values(Self.code) == ["a()", "b()"])
        #expect(parsed.value(Self.level) == "2")
        #expect(parsed.occurrences.map(\.option.display) == ["-e", "--level", "-e", "--level"])
    }

    @Test func interleavedOperandsAndDashDash() throws {
        let parsed = try Self.parse(["a", "--loud", "b", "--", "--level", "-"])
        #expect(parsed.has(Self.loud))
        #expect(!parsed.has(Self.level))
        #expect(parsed.leadingOperands == ["a", "b"])
        #expect(parsed.trailingOperands == ["--level", "-"])
        #expect(parsed.optionWords == ["--loud"])
    }

    @Test func theFirstOperandEndsOptionsWhenDeclaredSo() throws {
        let parsed = try Self.parse(["--loud", "-l", "2", "script.lua", "--level", "9", "-h"], .endOptions)
        #expect(parsed.value(Self.level) == "2")
        #expect(!parsed.helpRequested)
        #expect(parsed.operands == ["script.lua", "--level", "9", "-h"])
        #expect(parsed.wordsBeforeOperands == ["--loud", "-l", "2"])
        // `-` is an operand (standard input), `--` ends the options and is among the words before the script.
        #expect(try Self.parse(["-", "x"], .endOptions).operands == ["-", "x"])
        let dashed = try Self.parse(["--loud", "--", "-x.lua"], .endOptions)
        #expect(dashed.operands == ["-x.lua"])
        #expect(dashed.wordsBeforeOperands == ["--loud", "--"])
    }

    @Test func helpIsOnEveryCommand() throws {
        #expect(try Self.parse(["--help"]).helpRequested)
        #expect(try Self.parse(["a", "-h", "--bogus"]).helpRequested)
        // After `--` it is an operand.
        #expect(try !Self.parse(["--", "-h"]).helpRequested)
    }

    @Test(arguments: [
        (["--bogus"], "unrecognized option '--bogus'"),
        (["--bogus=1"], "unrecognized option '--bogus'"),
        (["-x"], "unrecognized option '-x'"),
        (["--lev", "1"], "unrecognized option '--lev'"),
        (["--level"], "option '--level' needs argument"),
        (["-e"], "option '-e' needs argument"),
        (["--loud=yes"], "option '--loud' takes no value"),
        (["--loudx"], "unrecognized option '--loudx' (did you mean --loud?)"),
    ] as [([Argument], String)])
    func usageErrorsNameTheOption(words: [Argument], message: String) {
        #expect(Self.usageMessage(words) == message)
    }

    @Test func bytesThatAreNotUTF8PassThrough() throws {
        let bytes: [UInt8] = [0x70, 0xFF, 0xFE]
        let parsed = try Self.parse([Argument("-e"), Argument(bytes: bytes), Argument(bytes: [0x2D, 0x65] + bytes),
                                     Argument(bytes: bytes)])
        #expect(parsed.rawValues(Self.code).map(\.bytes) == [bytes, bytes])
        #expect(parsed.operands.map(\.bytes) == [bytes])
    }

    @Test func subcommandsAndTheirDefault() throws {
        let plugins = try ArgumentParser.resolve(["plugins", "check", "dir"], in: CommandLineTool.root)
        #expect(plugins.command.name == "plugins check")
        #expect(plugins.operands == ["dir"])
        let implicit = try ArgumentParser.resolve(["plugins", "dir"], in: CommandLineTool.root)
        #expect(implicit.command.name == "plugins list")
        let groupHelp = try ArgumentParser.resolve(["plugins", "--help"], in: CommandLineTool.root)
        #expect(groupHelp.command.name == "plugins" && groupHelp.helpRequested)
    }

    @Test func helpIsGeneratedFromTheDeclarations() {
        let text = HelpText.text(for: Self.command(.endOptions))
        #expect(text.hasPrefix("Usage: scrim try [options] FILE\n"))
        #expect(text.contains("\n  -l, --level N  a level\n"))
        #expect(text.contains("\n  --loud         a switch\n"))
        #expect(text.contains("\n  -e CODE        code\n"))
        #expect(text.contains("\n  -h, --help     show this help and exit\n"))
    }

    /// Every option of every command is declared once: no two options of one command share a name.
    @Test func noCommandDeclaresANameTwice() {
        func visit(_ command: Command) {
            let names = (command.options + [Option.help]).flatMap { [$0.long.map { "--" + $0 }, $0.short.map { "-\($0)" }] }
                .compactMap { $0 }
            #expect(Set(names).count == names.count, "\(command.invocation): \(names)")
            #expect(!command.options.contains { !$0.hidden && $0.help.isEmpty }, "\(command.invocation)")
            command.subcommands.forEach(visit)
        }
        visit(CommandLineTool.root)
    }
}
