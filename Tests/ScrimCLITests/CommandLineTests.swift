@testable import scrim
import ScrimTestSupport
import Foundation
import Testing

/// The parser through the real binary: help on every command and sub-command, `--flag=value`, usage errors.
@Suite struct CommandLineTests {
    /// Every command and sub-command, as the words after `scrim`.
    static let commandPaths: [[String]] = {
        func visit(_ command: Command) -> [[String]] { [command.path] + command.subcommands.flatMap(visit) }
        return visit(CommandLineTool.root)
    }()

    /// A sub-command is made when named: the name it is listed under must be the one its path ends with.
    @Test func everySubcommandIsListedUnderItsOwnName() {
        func visit(_ command: Command) {
            for (name, make) in command.subcommandMakers {
                let made = make()
                #expect(made.path == command.path + [name])
                #expect(command.subcommand(named: name)?.path == made.path)
                visit(made)
            }
        }
        visit(CommandLineTool.root)
    }

    @Test func everyCommandIsCovered() {
        let names = Set(Self.commandPaths.map { $0.joined(separator: " ") })
        #expect(names.isSuperset(of: ["", "run", "repl", "test", "snapshot", "plugins", "plugins list", "plugins check", "help"]))
    }

    @Test(arguments: commandPaths)
    func helpOnEveryCommand(path: [String]) throws {
        let long = try ScrimProcess.run(path + ["--help"])
        #expect(long.status == 0, "\(path): \(long.stderr)")
        #expect(long.stderr.isEmpty)
        #expect(long.stdout.hasPrefix("Usage: " + (["scrim"] + path).joined(separator: " ")), "\(long.stdout)")
        #expect(long.stdout.contains("-h, --help"))
        let short = try ScrimProcess.run(path + ["-h"])
        #expect(short.status == 0 && short.stdout == long.stdout)
        let viaHelp = try ScrimProcess.run(["help"] + path)
        #expect(viaHelp.status == 0 && viaHelp.stdout == long.stdout)
    }

    @Test(arguments: commandPaths)
    func unknownOptionNamesItselfAndTheHelp(path: [String]) throws {
        let result = try ScrimProcess.run(path + ["--no-such-option"])
        #expect(result.status == 2)
        // A group without its sub-command parses as its default one (`scrim plugins` is `scrim plugins list`).
        let resolved = path == ["plugins"] ? ["plugins", "list"] : path
        let topic = path.isEmpty ? "scrim --help" : "scrim help " + resolved.joined(separator: " ")
        #expect(result.stderr == "scrim: unrecognized option '--no-such-option'\nTry '\(topic)' for more information.\n")
        #expect(result.stdout.isEmpty)
    }

    @Test func helpOfHelpAndOfUnknownTopics() throws {
        let help = try ScrimProcess.run(["help", "help"])
        #expect(help.status == 0 && help.stdout.hasPrefix("Usage: scrim help [COMMAND [SUB-COMMAND]]"))
        let unknownSub = try ScrimProcess.run(["help", "plugins", "nope"])
        #expect(unknownSub.status == 2)
        #expect(unknownSub.stderr.hasPrefix("scrim: no help for unknown sub-command of 'plugins' 'nope'"))
        let overview = try ScrimProcess.run(["help"])
        let dashHelp = try ScrimProcess.run(["--help"])
        #expect(overview.status == 0 && overview.stdout == dashHelp.stdout)
    }

    @Test func theHelpListsEveryDeclaredOption() throws {
        let result = try ScrimProcess.run(["snapshot", "--help"])
        for option in SnapshotCommand.command.options { #expect(result.stdout.contains(option.synopsis)) }
        let test = try ScrimProcess.run(["test", "--help"])
        #expect(!test.stdout.contains("--worker"))
    }

    @Test func flagEqualsValueOnEveryCommand() throws {
        let run = try ScrimProcess.run(["run", "--max-memory=8M", "--timeout=5", "-e", "local s = ('x'):rep(16 * 1024 * 1024)"])
        #expect(run.status == 1 && run.stderr.contains("not enough memory"))
        let screen = try ScrimProcess.run(["run", "--screen=100x200@2", "-e", "print(scrim.screen.width, scrim.screen.height)"])
        #expect(screen.status == 0 && screen.stdout == "100.0\t200.0\n", "\(screen.stderr)")
        let repl = try ScrimProcess.run(["repl", "--screen=120x80@1"], stdin: "scrim.screen.width\n")
        #expect(repl.status == 0 && repl.stdout == "120.0\n", "\(repl.stderr)")
        let badValue = try ScrimProcess.run(["snapshot", "x.lua", "--film=0"])
        #expect(badValue.status == 2 && badValue.stderr.hasPrefix("scrim: invalid --film '0' (a whole number of frames from 1 to 60)\n"))
        let test = try ScrimProcess.run(["test", "--filter=(", "Tests/lua"])
        #expect(test.status == 2 && test.stderr.hasPrefix("scrim: invalid --filter '('"))
    }

    @Test func switchesRefuseValuesAndValuesAreRequired() throws {
        let inline = try ScrimProcess.run(["run", "--realtime=yes", "-e", "print(1)"])
        #expect(inline.status == 2 && inline.stderr.hasPrefix("scrim: option '--realtime' takes no value\n"))
        let missing = try ScrimProcess.run(["snapshot", "x.lua", "-o"])
        #expect(missing.status == 2 && missing.stderr.hasPrefix("scrim: option '--output' needs argument\n"))
    }

    @Test func dashDashEndsOptions() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scrim-dd-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = folder.appendingPathComponent("-odd.lua").path
        try "print(select('#', ...), ...)".write(toFile: script, atomically: true, encoding: .utf8)
        let result = try ScrimProcess.run(["run", "--timeout", "5", "--", script, "--help", "-x"])
        #expect(result.status == 0 && result.stdout == "2\t--help\t-x\n", "\(result.stderr)")
    }

    @Test func typosGetTheNearestName() throws {
        let option = try ScrimProcess.run(["run", "--timout", "3", "x.lua"])
        #expect(option.status == 2 && option.stderr.hasPrefix("scrim: unrecognized option '--timout' (did you mean --timeout?)\n"))
        let command = try ScrimProcess.run(["tset"])
        #expect(command.status == 2)
        #expect(command.stderr.hasPrefix("scrim: unknown command 'tset' (and no file of that name; did you mean 'test'?)\n"))
    }
}
