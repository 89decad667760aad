import Glibc
import ScrimLua

/// A problem with the command line itself: printed with where the command's help is, exit status 2.
struct UsageError: Error {
    var message: String
    /// `run`, `plugins check`: whose help the hint names; nil for `scrim` itself.
    var command: String?
}

/// `scrim …`: the table of commands, dispatch, and the exit status — 0 success, 1 a script error, 2 a usage error.
enum CommandLineTool {
    static let version = Option("version", short: "v", help: "print the version")

    static let root = Command(
        path: [], usage: ["COMMAND [options] …", "[options] [-e CODE] [FILE|- [args…]]"],
        summary: "",
        about: "A headless, Lua-scriptable runtime for popups and dimming modal transitions.",
        options: [RunCommand.execute, version],
        operands: .endOptions,
        notes: "Exit status: 0 success, 1 a script error, 2 a usage error. `scrim help COMMAND` (or\n"
            + "`scrim COMMAND --help`) shows one command's help.",
        subcommands: [RunCommand.command, ReplCommand.command, TestCommand.command, PluginsCommand.command,
                      SnapshotCommand.command, HelpCommand.command],
        run: runBare)

    static func main(_ words: [Argument]) -> Int32 {
        do {
            let parsed = try ArgumentParser.resolve(words, in: root)
            guard !parsed.helpRequested, let run = parsed.command.run else {
                print(HelpText.text(for: parsed.command))
                return 0
            }
            return try run(parsed)
        } catch let error as UsageError {
            printError("scrim: \(error.message)")
            printError("Try '\(error.command.map { "scrim help \($0)" } ?? "scrim --help")' for more information.")
            return 2
        } catch {
            printError("scrim: \(error)")
            return 1
        }
    }

    /// `scrim` without a command: `-v`, `-e CODE`, a script, or the overview.
    static func runBare(_ parsed: ParsedArguments) throws -> Int32 {
        if parsed.has(version) {
            print("scrim \(LuaRuntime.version) (\(LuaRuntime.luaVersion))")
            if parsed.operands.isEmpty && !parsed.has(RunCommand.execute) { return 0 }
        }
        if let first = parsed.operands.first {
            throw UsageError(message: "unknown command '\(first.text)'")
        }
        if parsed.has(RunCommand.execute) { return try RunCommand.main(parsed) }
        print(HelpText.text(for: root))
        return 0
    }
}

func printError(_ text: String) {
    fputs(text + "\n", stderr)
}
