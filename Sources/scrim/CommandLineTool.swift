import Glibc
import ScrimCore
import ScrimLua

/// A problem with the command line itself: printed with where the command's help is, exit status 2.
struct UsageError: Error {
    var message: String
    /// `run`, `plugins check`: whose help the hint names; nil for `scrim` itself.
    var command: String?
}

/// `scrim …`: the table of commands, dispatch, and the exit status — 0 success, 1 a script error, 2 a usage error.
enum CommandLineTool {
    static let root = Command(
        path: [], usage: ["COMMAND [options] …", "[options] [FILE|DIR|- [args…]]"],
        summary: "",
        about: """
            A headless, Lua-scriptable runtime for popups and dimming modal transitions.

            `scrim FILE args…` runs FILE as `scrim run FILE args…` does (and as `lua5.4 FILE args…`
            would) when FILE is not a command name (a script named like one: `scrim ./test`); `scrim -`
            and a bare `scrim` whose standard input is not a terminal run standard input; on a terminal
            a bare `scrim` shows this help.
            """,
        options: RunCommand.options,
        operands: .endOptions,
        notes: "Exit status: 0 success, 1 a script error, 2 a usage error. `scrim help COMMAND` (or\n"
            + "`scrim COMMAND --help`) shows one command's help; `scrim help run` the options above.",
        subcommands: [("run", { RunCommand.command }), ("repl", { ReplCommand.command }), ("test", { TestCommand.command }),
                      ("plugins", { PluginsCommand.command }), ("snapshot", { SnapshotCommand.command }),
                      ("record", { RecordCommand.command }), ("help", { HelpCommand.command })],
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

    /// `scrim` without a command, as lua5.4: a script (FILE, DIR or -), or only options (-e, -l, -v, -i); with
    /// nothing, standard input when it is not a terminal, else the overview.
    static func runBare(_ parsed: ParsedArguments) throws -> Int32 {
        if let first = parsed.operands.first?.text, first != "-", parsed.dashDashAt == nil,
           access(first, F_OK) != 0, !first.contains("/"), !first.hasSuffix(".lua") {
            // A word that is neither a command nor a file is more likely a mistyped command than a script.
            let commands = root.subcommandMakers.map(\.name)
            let hint = NearestName.closest(to: first, among: commands).map { "; did you mean '\($0)'?" } ?? ""
            throw UsageError(message: "unknown command '\(first)' (and no file of that name\(hint))")
        }
        let active = [RunCommand.execute, ScriptPlan.library, ScriptPlan.interactive, RunCommand.version]
        if parsed.operands.isEmpty, !active.contains(where: parsed.has) {
            guard isatty(0) == 0 else {
                print(HelpText.text(for: root))
                return 0
            }
            var withStandardInput = parsed
            withStandardInput.operands = ["-"]
            return try RunCommand.main(withStandardInput)
        }
        var withWindowFlags = parsed
        WindowFlags.takeFollowingScript(&withWindowFlags)
        return try RunCommand.main(withWindowFlags)
    }
}

func printError(_ text: String) {
    fputs(text + "\n", standardErrorStream)
}

/// A Lua error as every command prints it: `scrim: message`, then its traceback as `options` show it (without
/// Scrim's own frames unless `--trace-internals`).
func printError(_ error: LuaError, options: RuntimeOptions) {
    printError("scrim: \(error.message)")
    let traceback = options.shown(error.traceback)
    if !traceback.isEmpty { printError(traceback) }
}
