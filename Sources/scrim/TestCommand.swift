import CLua
import Glibc
import ScrimLua
import ScrimTest
import ScrimPlugins

/// `scrim test [options] [paths…] [-- args…]`, and `scrim test --worker … -- files…` (a worker of `--jobs`).
/// The options are one table (`TestCommand.options`): busted's vocabulary, so that CI scripts written for busted
/// work with `scrim test` in its place, and Scrim's own. The same names are the keys of a `.busted` file's tasks.
enum TestCommand {
    /// What parsing collects before it becomes `TestOptions`.
    struct Invocation {
        var options = TestOptions()
        var paths: [String] = []
        var worker = false
        var help = false
        var task: String?
        var configFile: String?
        var directory: String?
        var scriptArguments: [String] = []
        /// `--lpath`/`--cpath` given: the first replaces busted's default, later ones are appended.
        var pathsGiven: Set<String> = []
    }

    /// One option: its spellings, its value's name (nil for a flag), the help line, what it does. `key` is its
    /// name in a `.busted` task (busted's long name).
    struct Option {
        let names: [String]
        let value: String?
        let help: String
        var hidden = false
        let apply: (inout Invocation, String) throws -> Void

        var key: String { String((names.first { $0.hasPrefix("--") } ?? names[0]).drop(while: { $0 == "-" })) }
    }

    static let options: [Option] = [
        Option(names: ["-p", "--pattern"], value: "PATTERN",
               help: "only run files whose name matches the Lua pattern (busted's; repeatable;\ndefault: *_spec.lua and *_test.lua)") { invocation, value in
            invocation.options.patterns.append(value)
        },
        Option(names: ["--exclude-pattern"], value: "PATTERN",
               help: "do not run files whose name matches the Lua pattern (repeatable)") { invocation, value in
            invocation.options.excludedPatterns.append(value)
        },
        Option(names: ["-m", "--lpath"], value: "PATH",
               help: "put PATH in front of package.path (default ./src/?.lua;./src/?/?.lua;./src/?/init.lua)") { invocation, value in
            invocation.options.luaPath = appendPath(&invocation, "lpath", value, to: invocation.options.luaPath)
        },
        Option(names: ["--cpath"], value: "PATH",
               help: "put PATH in front of package.cpath (default ./csrc/?.so;./csrc/?/?.so)") { invocation, value in
            invocation.options.luaCPath = appendPath(&invocation, "cpath", value, to: invocation.options.luaCPath)
        },
        Option(names: ["-t", "--tags"], value: "TAG[,TAG]", help: "only tests whose names carry one of these #tags") { invocation, value in
            invocation.options.tags += tagList(value)
        },
        Option(names: ["--exclude-tags"], value: "TAG[,TAG]",
               help: "skip tests and blocks whose names carry one of these #tags") { invocation, value in
            invocation.options.excludedTags += tagList(value)
        },
        Option(names: ["--filter"], value: "PATTERN",
               help: "only tests whose full name matches the Lua pattern (repeatable)") { invocation, value in
            try checkPattern(value, "--filter")
            invocation.options.filters.append(value)
        },
        Option(names: ["--filter-out"], value: "PATTERN",
               help: "skip tests and blocks whose full name matches the Lua pattern (repeatable)") { invocation, value in
            try checkPattern(value, "--filter-out")
            invocation.options.filtersOut.append(value)
        },
        Option(names: ["-o", "--output"], value: "FORMAT",
               help: "text (default), tap, junit or json, or busted's names utfTerminal,\nplainTerminal, gtest (text), TAP, junit, json; for tap, junit and json the\nreport goes to standard output and the closing line to standard error") { invocation, value in
            guard let format = outputFormat(value) else {
                throw UsageError(message: "invalid --output '\(value)' (text, tap, junit, json, utfTerminal, plainTerminal, TAP, gtest)", command: "test")
            }
            invocation.options.output = format
        },
        Option(names: ["-l", "--list"], value: nil, help: "list the tests (file:line: full name) instead of running them") { invocation, _ in
            invocation.options.list = true
        },
        Option(names: ["--repeat"], value: "N", help: "run the tests N times") { invocation, value in
            guard let count = Int(value), count >= 1, count <= 1_000_000 else {
                throw UsageError(message: "invalid --repeat '\(value)' (a number of runs, at least 1)", command: "test")
            }
            invocation.options.repeatCount = count
        },
        Option(names: ["-v", "--verbose"], value: nil, help: "tracebacks in every report (the text report always has them)") { invocation, _ in
            invocation.options.verbose = true
        },
        Option(names: ["--no-verbose"], value: nil, help: "", hidden: true) { invocation, _ in
            invocation.options.verbose = false
        },
        Option(names: ["-k", "--keep-going"], value: nil, help: "go on after a failure (the default)") { invocation, _ in
            invocation.options.failFast = false
        },
        Option(names: ["--no-keep-going", "--fail-fast"], value: nil, help: "stop at the first failing test") { invocation, _ in
            invocation.options.failFast = true
        },
        Option(names: ["--shuffle"], value: nil, help: "files and tests in random order (the seed is printed)") { invocation, _ in
            invocation.options.shuffle = true
        },
        Option(names: ["--no-shuffle"], value: nil, help: "", hidden: true) { invocation, _ in
            invocation.options.shuffle = false
        },
        Option(names: ["--seed"], value: "N", help: "the seed of --shuffle and of randomize(), to repeat an order") { invocation, value in
            guard let seed = UInt64(value) else {
                throw UsageError(message: "invalid --seed '\(value)' (a whole number ≥ 0)", command: "test")
            }
            invocation.options.seed = seed
        },
        Option(names: ["--helper"], value: "FILE", help: "a Lua file run in every spec file's runtime before the spec") { invocation, value in
            invocation.options.helper = value
        },
        Option(names: ["-r", "--run"], value: "TASK", help: "the task of the .busted file to use (default: its `default` task)") { invocation, value in
            invocation.task = value
        },
        Option(names: ["-f", "--config-file"], value: "FILE", help: "read the tasks from FILE instead of ./.busted") { invocation, value in
            invocation.configFile = value
        },
        Option(names: ["-C", "--directory"], value: "DIR", help: "change to DIR before anything else") { invocation, value in
            invocation.directory = value
        },
        Option(names: ["--lua"], value: "LUA", help: "accepted for busted's scripts; specs always run on Scrim's Lua 5.4") { _, _ in },
        Option(names: ["--jobs", "-j"], value: "N", help: "run files in N worker processes (same results for any N)") { invocation, value in
            guard let jobs = Int(value), jobs >= 1, jobs <= 256 else {
                throw UsageError(message: "invalid --jobs '\(value)' (a number of worker processes, 1 to 256)", command: "test")
            }
            invocation.options.jobs = jobs
        },
        Option(names: ["--shard"], value: "I/N", help: "run only the I-th of N shares of the sorted file list (for CI)") { invocation, value in
            guard let shard = Shard(parsing: value) else {
                throw UsageError(message: "invalid --shard '\(value)' (I/N with 1 ≤ I ≤ N, e.g. 2/4)", command: "test")
            }
            invocation.options.shard = shard
        },
        Option(names: ["--plugins"], value: "DIR",
               help: "every file's runtime loads the plugins in DIR (repeatable), then those along\nSCRIM_PLUGIN_PATH; not ./plugins, so specs run the same anywhere") { invocation, value in
            if let problem = PluginSearchPath.problem(with: value) { throw UsageError(message: problem, command: "test") }
            invocation.options.pluginDirectories.append(value)
        },
        Option(names: ["--update-snapshots"], value: nil,
               help: "rewrite snapshot references instead of comparing with them\n(assert.snapshot(name): __snapshots__/<spec>/<name>.png beside the spec;\na missing one is recorded, but fails when CI=true)") { invocation, _ in
            invocation.options.updateSnapshots = true
        },
        Option(names: ["--timeout"], value: "S", help: "wall-clock budget of each test and hook, in seconds (default 30; 0 = none)") { invocation, value in
            _ = try RuntimeFlags.apply("--timeout", value, to: &invocation.options.runtime, command: "test")
        },
        Option(names: ["--max-memory"], value: "SIZE", help: "memory budget of each file's runtime, e.g. 64M (default 1G; 0 = none)") { invocation, value in
            _ = try RuntimeFlags.apply("--max-memory", value, to: &invocation.options.runtime, command: "test")
        },
        Option(names: ["-h", "--help"], value: nil, help: "this help") { invocation, _ in
            invocation.help = true
        },
        Option(names: ["--worker"], value: nil, help: "", hidden: true) { invocation, _ in
            invocation.worker = true
        },
        Option(names: ["--arg"], value: "VALUE", help: "", hidden: true) { invocation, value in
            invocation.scriptArguments.append(value)
        },
    ]

    /// busted's flags that `scrim test` does not have: named in the error, so a script's author knows.
    static let unsupported: Set<String> = [
        "-e", "--coverage", "-c", "--no-coverage", "--coverage-config-file", "-s", "--enable-sound", "--lang",
        "--loaders", "-Xoutput", "-Xhelper", "--ignore-lua", "--lazy", "--no-lazy", "--auto-insulate",
        "--no-auto-insulate", "-R", "--recursive", "--no-recursive", "--sort", "--sort-files", "--sort-tests",
        "--shuffle-files", "--shuffle-tests", "--suppress-pending", "--defer-print", "--version",
    ]

    static func main(_ arguments: [String]) throws -> Int32 {
        var invocation = Invocation()
        let given = try parse(arguments, into: &invocation)
        if invocation.help {
            print(help)
            return 0
        }
        if invocation.worker {
            invocation.options.scriptArguments = invocation.scriptArguments
            return TestWorker.run(invocation.paths, options: invocation.options)
        }
        if let directory = invocation.directory, chdir(directory) != 0 {
            throw UsageError(message: "cannot change to '\(directory)': \(String(cString: strerror(errno)))", command: "test")
        }
        // A .busted file's task, under what the command line says.
        if let config = try BustedConfig.load(path: invocation.configFile, task: invocation.task) {
            var configured = Invocation()
            configured.configFile = invocation.configFile
            for (key, values) in config.settings {
                if key == "ROOT" {
                    configured.paths += values
                    continue
                }
                guard let option = options.first(where: { $0.names.contains("--" + key) || $0.names.contains("-" + key) }),
                      !option.hidden || key.hasPrefix("no-") else {
                    if unsupported.contains("--" + key) || unsupported.contains("-" + key) {
                        printError("scrim test: \(config.path): busted's setting '\(key)' is not supported by scrim test; ignored")
                    }
                    continue
                }
                for value in values {
                    if option.value != nil {
                        try option.apply(&configured, value)
                    } else if value == "true" {
                        try option.apply(&configured, "")
                    } else if value == "false", let negative = options.first(where: { $0.names.contains("--no-" + key) }) {
                        try negative.apply(&configured, "")
                    }
                }
            }
            // Settings of the command line win over the task's.
            var merged = configured
            merged.options.scriptArguments = []
            _ = try parse(given, into: &merged, replacing: true)
            if invocation.paths.isEmpty { merged.paths = configured.paths } else { merged.paths = invocation.paths }
            merged.scriptArguments = invocation.scriptArguments
            invocation = merged
        }
        var options = invocation.options
        options.scriptArguments = invocation.scriptArguments
        options.paths = invocation.paths
        options.workerCommand = [executablePath(), "test", "--worker"]
        do {
            let session = TestSession(options: options, write: { fputs($0, stdout) }, writeNote: { fputs($0, stderr) })
            return try session.run()
        } catch let error as TestSetupError {
            throw UsageError(message: error.message, command: "test")
        }
    }

    /// Applies `arguments` to `invocation`; returns the option arguments (for replaying them over a .busted task).
    /// With `replacing`, a list option given on the command line replaces the task's list.
    @discardableResult
    static func parse(_ arguments: [String], into invocation: inout Invocation, replacing: Bool = false) throws -> [String] {
        var index = 0
        var optionArguments: [String] = []
        var cleared: Set<String> = []
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--" {
                let rest = Array(arguments[(index + 1)...])
                if invocation.worker { invocation.paths += rest } else { invocation.scriptArguments += rest }
                break
            }
            guard argument.hasPrefix("-"), argument != "-" else {
                invocation.paths.append(argument)
                index += 1
                continue
            }
            // "--flag=value" and "--flag value" both work.
            var flag = argument, inline: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                flag = String(argument[..<equals])
                inline = String(argument[argument.index(after: equals)...])
            }
            guard let option = options.first(where: { $0.names.contains(flag) }) else {
                if unsupported.contains(flag) {
                    throw UsageError(message: "busted's option '\(flag)' is not supported by scrim test", command: "test")
                }
                throw UsageError(message: "unknown option '\(flag)'", command: "test")
            }
            var value = ""
            if option.value != nil {
                if let inline {
                    value = inline
                } else {
                    guard index + 1 < arguments.count else {
                        throw UsageError(message: "option '\(flag)' needs a value", command: "test")
                    }
                    index += 1
                    value = arguments[index]
                }
                optionArguments += [flag, value]
            } else {
                if inline != nil { throw UsageError(message: "option '\(flag)' takes no value", command: "test") }
                optionArguments.append(flag)
            }
            if replacing && !cleared.contains(option.key) {
                cleared.insert(option.key)
                clearList(option.key, in: &invocation)
            }
            try option.apply(&invocation, value)
            index += 1
        }
        return optionArguments
    }

    /// A list setting of a .busted task that the command line gives anew.
    private static func clearList(_ key: String, in invocation: inout Invocation) {
        switch key {
        case "pattern": invocation.options.patterns = []
        case "exclude-pattern": invocation.options.excludedPatterns = []
        case "tags": invocation.options.tags = []
        case "exclude-tags": invocation.options.excludedTags = []
        case "filter": invocation.options.filters = []
        case "filter-out": invocation.options.filtersOut = []
        case "plugins": invocation.options.pluginDirectories = []
        case "lpath": invocation.pathsGiven.remove("lpath")
        case "cpath": invocation.pathsGiven.remove("cpath")
        default: break
        }
    }

    private static func appendPath(_ invocation: inout Invocation, _ key: String, _ value: String, to path: String) -> String {
        if invocation.pathsGiven.contains(key) { return path + ";" + value }
        invocation.pathsGiven.insert(key)
        return value
    }

    private static func tagList(_ text: String) -> [String] {
        text.split(whereSeparator: { $0 == "," || $0 == " " }).map { $0.hasPrefix("#") ? String($0.dropFirst()) : String($0) }
    }

    private static func checkPattern(_ pattern: String, _ flag: String) throws {
        if let problem = FilterPattern.problem(pattern) {
            throw UsageError(message: "invalid \(flag) '\(pattern)' (\(problem))", command: "test")
        }
    }

    /// Scrim's report names and busted's output handlers.
    static func outputFormat(_ name: String) -> OutputFormat? {
        switch name {
        case "text", "utfTerminal", "plainTerminal", "gtest": return .text
        case "tap", "TAP": return .tap
        case "junit": return .junit
        case "json": return .json
        default: return nil
        }
    }

    /// `scrim test --help`, made from the option table.
    static var help: String {
        var lines = [
            "Usage: scrim test [options] [paths…] [-- args…]",
            "",
            "Runs the spec files below each path (default: ./spec, or the ROOT of the .busted task; when",
            "there is neither, the current folder), each in a fresh runtime, in busted's order, with",
            "busted's vocabulary: describe/context/insulate/expose, it, pending, before_each, after_each,",
            "setup/teardown, lazy_setup, strict_setup, finally, randomize, require('busted'); luassert's",
            "assert with its extension API (assert:register, say, formatters, parameters), spy, stub,",
            "mock and match; plus assert.rect_near and assert.snapshot. ./src is on package.path and",
            "./.busted is read, as busted does. Arguments after -- are the specs' global `arg`.",
            "",
            "Options:",
        ]
        for option in options where !option.hidden {
            var head = option.names.joined(separator: ", ")
            if let value = option.value { head += " " + value }
            let helpLines = option.help.split(separator: "\n")
            let padded = head.count < 27 ? head + String(repeating: " ", count: 27 - head.count) : head + "\n" + String(repeating: " ", count: 29)
            lines.append("  " + padded + (helpLines.first.map(String.init) ?? ""))
            for more in helpLines.dropFirst() { lines.append(String(repeating: " ", count: 29) + more) }
        }
        lines += [
            "",
            "A test passes, fails (an assertion), errors (any other error, counted as failed; also an error",
            "reported while it ran, e.g. in a timer, and os.exit) or is skipped (pending). An error in a",
            "describe body or a hook is reported against that block, and the run goes on. The last line is",
            "`N passed, N failed` (`, N skipped` when any were). Exit status: 0 nothing failed, 1 something",
            "failed, 2 a usage error or no test files found.",
        ]
        return lines.joined(separator: "\n")
    }

    /// This program, for starting workers.
    private static func executablePath() -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return CommandLine.arguments[0] }
        return String(decoding: buffer[0 ..< count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// A `.busted` file: Lua returning a table of tasks (`default = {…}`, `_all = {…}`, others chosen with `--run`).
/// The chosen task's settings, `_all`'s under them, each as a list of strings (a table's items, or one value).
struct BustedConfig {
    var path: String
    var settings: [(String, [String])]

    static func load(path explicit: String?, task: String?) throws -> BustedConfig? {
        let path = explicit ?? ".busted"
        guard access(path, R_OK) == 0 else {
            if explicit != nil { throw UsageError(message: "specified config file '\(path)' not found", command: "test") }
            if let task { throw UsageError(message: "no .busted file for --run '\(task)'", command: "test") }
            return nil
        }
        let state = LuaState(memoryLimit: 1 << 26, timeBudget: 5)
        defer { state.close() }
        let L = state.L
        do {
            try state.loadFile(path)
            try state.call(nargs: 0, nresults: 1)
        } catch {
            throw UsageError(message: "failed loading config file `\(path)`: \(error)", command: "test")
        }
        guard lua_type(L, -1) == LUA_TTABLE else {
            throw UsageError(message: "\(path) does not return a table", command: "test")
        }
        var settings: [(String, [String])] = []
        func read(_ name: String, required: Bool) throws {
            let type = lua_getfield(L, -1, name)
            defer { lua_settop(L, -2) }
            if type != LUA_TTABLE {
                if required { throw UsageError(message: "Task `\(name)` not found, or not a table (\(path))", command: "test") }
                return
            }
            lua_pushnil(L)
            while lua_next(L, -2) != 0 {
                defer { lua_settop(L, -2) }
                guard lua_type(L, -2) == LUA_TSTRING else { continue }
                let key = state.string(at: -2)
                if settings.contains(where: { $0.0 == key }) { continue }
                settings.append((key, values(state)))
            }
        }
        try read(task ?? "default", required: task != nil)
        try read("_all", required: false)
        return BustedConfig(path: path, settings: settings)
    }

    /// The value on top of the stack as strings: a list's items, or the one value.
    private static func values(_ state: LuaState) -> [String] {
        let L = state.L
        func text(_ index: Int32) -> String {
            switch lua_type(L, index) {
            case LUA_TBOOLEAN: return lua_toboolean(L, index) != 0 ? "true" : "false"
            case LUA_TNUMBER, LUA_TSTRING: return state.string(at: index)
            default: return ""
            }
        }
        guard lua_type(L, -1) == LUA_TTABLE else { return [text(-1)] }
        var items: [String] = []
        let count = lua_rawlen(L, -1)
        if count > 0 {
            for i in 1 ... count {
                lua_rawgeti(L, -1, lua_Integer(i))
                items.append(text(-1))
                lua_settop(L, -2)
            }
        }
        return items
    }
}
