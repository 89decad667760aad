import Glibc
import ScrimLua

/// A problem with the command line itself: printed with a hint, exit status 2.
struct UsageError: Error {
    var message: String
    var command: String?
}

/// Top-level dispatch of `scrim COMMAND …`.
enum CommandLineTool {
    static func main(_ arguments: [String]) -> Int32 {
        do {
            return try dispatch(arguments)
        } catch let error as UsageError {
            printError("scrim: \(error.message)")
            let topic = error.command.map { "scrim help \($0)" } ?? "scrim --help"
            printError("Try '\(topic)' for more information.")
            return 2
        } catch {
            printError("scrim: \(error)")
            return 1
        }
    }

    static func dispatch(_ arguments: [String]) throws -> Int32 {
        guard let first = arguments.first else {
            print(Help.overview)
            return 0
        }
        switch first {
        case "--help", "-h":
            print(Help.overview)
            return 0
        case "--version", "-v":
            print("scrim \(LuaRuntime.version) (\(LuaRuntime.luaVersion))")
            return 0
        case "help":
            guard arguments.count > 1 else {
                print(Help.overview)
                return 0
            }
            guard let text = Help.command(arguments[1]) else {
                throw UsageError(message: "no help for unknown command '\(arguments[1])'")
            }
            print(text)
            return 0
        case "run":
            return try RunCommand.main(Array(arguments.dropFirst()), invocation: ["scrim", "run"])
        case "-e":
            return try RunCommand.main(arguments, invocation: ["scrim"])
        case "repl":
            return try ReplCommand.main(Array(arguments.dropFirst()))
        case "test":
            return try TestCommand.main(Array(arguments.dropFirst()))
        case "plugins":
            return try PluginsCommand.main(Array(arguments.dropFirst()))
        case "snapshot":
            return try SnapshotCommand.main(Array(arguments.dropFirst()))
        case "record":
            return try RecordCommand.main(Array(arguments.dropFirst()))
        default:
            if first.hasPrefix("-") {
                throw UsageError(message: "unknown option '\(first)'")
            }
            throw UsageError(message: "unknown command '\(first)'")
        }
    }
}

func printError(_ text: String) {
    fputs(text + "\n", stderr)
}
