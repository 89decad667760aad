import Glibc
import ScrimLua

/// What `scrim [options] [FILE|DIR|- [args…]]` (and `scrim run …`) runs, in lua.c's order: `LUA_INIT_5_4` or
/// `LUA_INIT` (unless `-E`), then `-e`, `-l` and `-W` as given, then the script — a file, a folder's `main.lua`
/// (LÖVE's convention), or standard input.
struct ScriptPlan {
    enum Step {
        case code([UInt8], name: String)
        case file(String)
        case library(module: String, global: String)
        case warningsOn
    }

    /// What a path names, for every command that takes a script (`run`, `repl`, `snapshot`, `record`, `-i`): the one
    /// place that decides it.
    enum Script {
        case standardInput
        case file(String)
        /// A folder: its `main.lua` runs with the folder first on `package.path` and `folder/plugins` on the
        /// plugin path.
        case folder(String)

        /// `-`, a folder, or a file.
        init(_ path: String) {
            if path == "-" {
                self = .standardInput
            } else if ScriptPlan.isDirectory(path) {
                var folder = Substring(path)
                while folder.count > 1, folder.hasSuffix("/") { folder = folder.dropLast() }
                self = .folder(String(folder))
            } else {
                self = .file(path)
            }
        }

        /// A folder's `plugins`, when it has one.
        var plugins: [String] {
            guard case .folder(let folder) = self, ScriptPlan.isDirectory(folder + "/plugins") else { return [] }
            return [folder + "/plugins"]
        }

        /// The file that runs: the script, or the folder's `main.lua` (what `:watch` watches); nil for standard input.
        var mainFile: String? {
            switch self {
            case .standardInput: return nil
            case .file(let path): return path
            case .folder(let folder): return folder + "/main.lua"
            }
        }

        /// What an output made from the script is named after (`scrim snapshot`'s `NAME.png`): the file's name without
        /// `.lua`, the folder's own name (`.` is the current folder's), `stdin`.
        var name: String {
            switch self {
            case .standardInput:
                return "stdin"
            case .file(let path):
                let name = path.split(separator: "/").last.map(String.init) ?? path
                return name.hasSuffix(".lua") && name.count > 4 ? String(name.dropLast(4)) : name
            case .folder(let folder):
                // `.`, `..` and `a/..` have no name of their own: the folder they are has one.
                var resolved = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
                let real = realpath(folder, &resolved) != nil ? String(decoding: resolved.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) : folder
                return real.split(separator: "/").last.map(String.init) ?? "root"
            }
        }

        /// Runs the script with `arguments` as `...` (nil: arg[1] … arg[#arg], as lua.c does; the `arg` table is the
        /// caller's to set).
        func run(in runtime: LuaRuntime, arguments: [[UInt8]]?) throws {
            switch self {
            case .standardInput:
                try runtime.runStandardInput(name: "=stdin", arguments: arguments)
            case .file(let path):
                try runtime.run(file: path, arguments: arguments)
            case .folder(let folder):
                let main = folder + "/main.lua"
                guard access(main, F_OK) == 0 else {
                    throw LuaError(message: "\(folder) is a folder without main.lua (scrim runs FOLDER/main.lua)")
                }
                runtime.prependPackagePath(folder: folder)
                try runtime.run(file: main, arguments: arguments)
            }
        }
    }

    var steps: [Step] = []
    var script: Script?
    /// The whole command line (`scrim` first) and the script's place in it, for the `arg` table.
    var words: [Argument] = []
    var scriptIndex = 0
    var ignoreEnvironment = false

    static let library = Option(nil, short: "l", value: "MOD",
                                help: "require MOD into the global MOD (G=MOD: into the global G) first")
    static let interactive = Option(nil, short: "i",
                                    help: "enter the REPL after running the script (with its state; no settle first)")
    static let warnings = Option(nil, short: "W", help: "turn warnings on")
    static let noEnvironment = Option(nil, short: "E", help: "ignore LUA_INIT_5_4, LUA_INIT, LUA_PATH* and LUA_CPATH*")

    init(_ parsed: ParsedArguments, runOption execute: Option) throws {
        ignoreEnvironment = parsed.has(Self.noEnvironment)
        if !ignoreEnvironment, let step = Self.initStep() { steps.append(step) }
        for (option, value) in parsed.occurrences {
            switch option {
            case execute:
                steps.append(.code(value?.bytes ?? [], name: "=(command line)"))
            case Self.library:
                steps.append(try Self.libraryStep(value?.text ?? "", parsed: parsed))
            case Self.warnings:
                steps.append(.warningsOn)
            default:
                break
            }
        }
        // arg's lowest entry is argv[0] as lua.c gives it: the way this interpreter was run.
        let prefix = [Argument(CommandLine.arguments.first ?? "scrim")] + parsed.command.path.map { Argument($0) } + parsed.wordsBeforeOperands
        words = prefix + parsed.operands
        guard let first = parsed.operands.first else { return }
        scriptIndex = prefix.count
        script = Script(first.text)
    }

    /// The folder's `plugins` for the plugin path, when the script is a folder that has one.
    var folderPlugins: [String] { script?.plugins ?? [] }

    /// Runs the steps and the script in `runtime`; `beforeScript` runs between them (`--realtime` starts the clock).
    func perform(in runtime: LuaRuntime, beforeScript: () -> Void = {}) throws {
        runtime.setArgTable(words: words.map(\.bytes), scriptIndex: scriptIndex)
        for step in steps {
            switch step {
            case .code(let bytes, let name):
                try runtime.run(bytes: bytes, name: name)
            case .file(let path):
                try runtime.run(file: path, arguments: [])
            case .library(let module, let global):
                try runtime.requireLibrary(module, as: global)
            case .warningsOn:
                runtime.warningsOn()
            }
        }
        beforeScript()
        // As lua.c: `...` is read from `arg` as the steps before left it.
        try script?.run(in: runtime, arguments: nil)
    }

    /// A fresh runtime; under `-E` the package library does not see LUA_PATH* and LUA_CPATH* (lua.c's LUA_NOENV).
    func makeRuntime(options: RuntimeOptions) throws -> LuaRuntime {
        guard ignoreEnvironment else { return try LuaRuntime(options: options) }
        let names = ["LUA_PATH_5_4", "LUA_PATH", "LUA_CPATH_5_4", "LUA_CPATH"]
        let saved = names.map { name in getenv(name).map { String(cString: $0) } }
        names.forEach { unsetenv($0) }
        defer { for (name, value) in zip(names, saved) { if let value { setenv(name, value, 1) } } }
        return try LuaRuntime(options: options)
    }

    /// LUA_INIT_5_4, else LUA_INIT: `@FILE` runs the file, anything else runs as code.
    private static func initStep() -> Step? {
        for name in ["LUA_INIT_5_4", "LUA_INIT"] {
            guard let value = getenv(name) else { continue }
            let bytes = Array(UnsafeBufferPointer(start: UnsafeRawPointer(value).assumingMemoryBound(to: UInt8.self),
                                                  count: strlen(value)))
            if bytes.first == UInt8(ascii: "@") { return .file(String(decoding: bytes.dropFirst(), as: UTF8.self)) }
            return .code(bytes, name: "=" + name)
        }
        return nil
    }

    /// `-l mod` (the global is the name up to a `-`: `-l mod-v2` sets `mod`) or `-l g=mod`.
    private static func libraryStep(_ text: String, parsed: ParsedArguments) throws -> Step {
        var global: Substring, module: Substring
        if let equals = text.firstIndex(of: "=") {
            global = text[..<equals]
            module = text[text.index(after: equals)...]
        } else {
            module = Substring(text)
            global = module.prefix { $0 != "-" }
        }
        guard !module.isEmpty, !global.isEmpty else {
            throw parsed.command.usageError("invalid -l '\(text)' (MOD or GLOBAL=MOD)")
        }
        return .library(module: String(module), global: String(global))
    }

    static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }
}
