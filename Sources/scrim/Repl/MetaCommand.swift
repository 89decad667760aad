import ScrimCore

/// A line of the REPL that starts with ':' and a letter: a command to the REPL itself, not Lua.
/// (`::name::`, a Lua label, is not one.)
enum MetaCommand: Equatable {
    case help
    case tree
    case advance(Seconds)
    case settle
    case screen
    case play(Seconds?)
    case snapshot(path: String)
    case record(path: String, seconds: Seconds)
    case reload(plugin: String?)
    case watch(Bool?)
    case quit

    /// A problem with a meta command line, shown as it is.
    struct Problem: Error, CustomStringConvertible {
        var description: String
    }

    static func isMetaCommand(_ line: String) -> Bool {
        let trimmed = line.drop { $0 == " " || $0 == "\t" }
        guard trimmed.first == ":", let next = trimmed.dropFirst().first else { return false }
        return next.isLetter
    }

    static func parse(_ line: String) throws -> MetaCommand {
        let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        let name = words.first ?? ""
        let arguments = Array(words.dropFirst())
        func noArguments(_ command: MetaCommand) throws -> MetaCommand {
            guard arguments.isEmpty else { throw Problem(description: "\(name) takes no argument") }
            return command
        }
        // Bounded as everywhere Scrim takes a duration: `:record` draws and keeps every frame of its span.
        func seconds(_ text: String, _ bounds: Quantity = .duration) throws -> Seconds {
            do { return try bounds.parse(text) } catch { throw Problem(description: "\(name): \(error)") }
        }
        switch name {
        case ":help", ":h", ":?": return try noArguments(.help)
        case ":tree": return try noArguments(.tree)
        case ":settle": return try noArguments(.settle)
        case ":screen": return try noArguments(.screen)
        case ":quit", ":q", ":exit": return try noArguments(.quit)
        case ":advance":
            guard arguments.count == 1 else { throw Problem(description: "usage: :advance SECONDS") }
            return .advance(try seconds(arguments[0]))
        case ":play":
            guard arguments.count <= 1 else { throw Problem(description: "usage: :play [SECONDS]") }
            return .play(try arguments.first.map { try seconds($0) })
        case ":snapshot":
            guard arguments.count == 1 else { throw Problem(description: "usage: :snapshot FILE.png") }
            return .snapshot(path: arguments[0])
        case ":record":
            guard arguments.count == 2 else { throw Problem(description: "usage: :record FILE.webp|.gif|.mp4 SECONDS") }
            return .record(path: arguments[0], seconds: try seconds(arguments[1], .recordingDuration))
        case ":reload":
            guard arguments.count <= 1 else { throw Problem(description: "usage: :reload [PLUGIN]") }
            return .reload(plugin: arguments.first)
        case ":watch":
            switch arguments {
            case []: return .watch(nil)
            case ["on"]: return .watch(true)
            case ["off"]: return .watch(false)
            default: throw Problem(description: "usage: :watch [on|off]")
            }
        default:
            throw Problem(description: "unknown command '\(name)' (:help lists the commands)")
        }
    }

    static let helpText = """
    Lua statements and expressions run as you type them (an expression shows its value; a chunk that is not
    finished continues on a '>> ' line). Locals last one chunk, as in lua5.4; globals stay.
    Commands:
      :help            this text
      :tree            the view hierarchy (scrim.tree())
      :advance S       move virtual time forward S seconds (scrim.advance)
      :settle          advance until nothing is pending (scrim.settle)
      :screen          draw what the screen shows now in the terminal (24-bit colour)
      :play [S]        play S seconds (or until nothing is pending) in real time, drawn live; Ctrl-C stops
      :snapshot FILE   write what the screen shows now to a PNG
      :record FILE S   record the next S seconds of virtual time (advancing the clock) to .webp, .gif or .mp4
      :reload [PLUGIN] run the script again in a fresh runtime (or reload one plugin)
      :watch [on|off]  reload what is saved: a plugin in place, the script afresh
      :quit            leave (so does Ctrl-D on an empty line)
    Keys: Tab completes names and fields, up/down recall history, Ctrl-C stops a running chunk or clears the line.
    """
}
