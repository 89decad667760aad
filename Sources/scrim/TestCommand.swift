import CLua
import Glibc
import ScrimLua
import ScrimTest
import ScrimPlugins

/// `scrim test [options] [paths…] [-- args…]`, and `scrim test --worker … -- files…` (a worker of `--jobs`).
/// The options are one table (`TestCommand.options`): each a declaration for the shared parser and what it does.
/// busted's vocabulary, so that CI scripts written for busted work with `scrim test` in its place, and Scrim's own;
/// the long names are also the keys of a `.busted` file's tasks.
enum TestCommand {
    /// What the options collect before it becomes `TestOptions`.
    struct Invocation {
        var options = TestOptions()
        var paths: [String] = []
        var worker = false
        var task: String?
        var configFile: String?
        var directory: String?
        var scriptArguments: [String] = []
        /// `--lpath`/`--cpath` given: the first replaces busted's default, later ones are appended.
        var pathsGiven: Set<String> = []
    }

    /// An option of `scrim test`: its declaration, and what a value of it does.
    struct TestOption {
        let option: Option
        let apply: (inout Invocation, String) throws -> Void

        init(_ long: String?, short: Character? = nil, value: String? = nil, help: String, hidden: Bool = false,
             _ apply: @escaping (inout Invocation, String) throws -> Void) {
            option = Option(long, short: short, value: value, help: help, hidden: hidden)
            self.apply = apply
        }
    }

    /// A busted option that `scrim test` does not have: refused by name, so that a script's author knows.
    static func unsupported(_ long: String?, short: Character? = nil, value: String? = nil) -> TestOption {
        TestOption(long, short: short, value: value, help: "", hidden: true) { _, _ in
            let name = long.map { "--" + $0 } ?? "-" + String(short ?? "?")
            throw UsageError(message: "busted's option '\(name)' is not supported by scrim test", command: "test")
        }
    }

    static let options: [TestOption] = [
        TestOption("pattern", short: "p", value: "PATTERN",
               help: "only run files whose name matches the Lua pattern (repeatable;\ndefault: *_spec.lua and *_test.lua)") { invocation, value in
            invocation.options.patterns.append(value)
        },
        TestOption("exclude-pattern", value: "PATTERN",
               help: "do not run files whose name matches the Lua pattern (repeatable)") { invocation, value in
            invocation.options.excludedPatterns.append(value)
        },
        TestOption("lpath", short: "m", value: "PATH",
               help: "put PATH in front of package.path\n(default ./src/?.lua;./src/?/?.lua;./src/?/init.lua)") { invocation, value in
            invocation.options.luaPath = appendPath(&invocation, "lpath", value, to: invocation.options.luaPath)
        },
        TestOption("cpath", value: "PATH",
               help: "put PATH in front of package.cpath (default ./csrc/?.so;./csrc/?/?.so)") { invocation, value in
            invocation.options.luaCPath = appendPath(&invocation, "cpath", value, to: invocation.options.luaCPath)
        },
        TestOption("tags", short: "t", value: "TAG[,TAG]", help: "only tests whose names carry one of these #tags") { invocation, value in
            invocation.options.tags += tagList(value)
        },
        TestOption("exclude-tags", value: "TAG[,TAG]",
               help: "skip tests and blocks whose names carry one of these #tags") { invocation, value in
            invocation.options.excludedTags += tagList(value)
        },
        TestOption("filter", value: "PATTERN",
               help: "only tests whose full name matches the Lua pattern (repeatable)") { invocation, value in
            try checkPattern(value, "--filter")
            invocation.options.filters.append(value)
        },
        TestOption("filter-out", value: "PATTERN",
               help: "skip tests and blocks whose full name matches the Lua pattern\n(repeatable)") { invocation, value in
            try checkPattern(value, "--filter-out")
            invocation.options.filtersOut.append(value)
        },
        TestOption("output", short: "o", value: "FORMAT",
               help: "text (default), tap, junit or json, or busted's names utfTerminal,\nplainTerminal, gtest (text), TAP; for tap, junit and json the report\ngoes to standard output and the closing line to standard error") { invocation, value in
            guard let format = outputFormat(value) else {
                throw UsageError(message: "invalid --output '\(value)' (text, tap, junit, json, utfTerminal, plainTerminal, TAP, gtest)", command: "test")
            }
            invocation.options.output = format
        },
        TestOption("list", short: "l", value: nil, help: "list the tests (file:line: full name) instead of running them") { invocation, _ in
            invocation.options.list = true
        },
        TestOption("repeat", value: "N", help: "run the tests N times") { invocation, value in
            guard let count = Int(value), count >= 1, count <= 1_000_000 else {
                throw UsageError(message: "invalid --repeat '\(value)' (a number of runs, at least 1)", command: "test")
            }
            invocation.options.repeatCount = count
        },
        TestOption("verbose", short: "v", value: nil, help: "tracebacks in every report (the text report always has them)") { invocation, _ in
            invocation.options.verbose = true
        },
        TestOption("no-verbose", value: nil, help: "", hidden: true) { invocation, _ in
            invocation.options.verbose = false
        },
        TestOption("keep-going", short: "k", value: nil, help: "go on after a failure (the default)") { invocation, _ in
            invocation.options.failFast = false
        },
        TestOption("no-keep-going", value: nil, help: "stop at the first failing test") { invocation, _ in
            invocation.options.failFast = true
        },
        TestOption("fail-fast", value: nil, help: "the same as --no-keep-going") { invocation, _ in
            invocation.options.failFast = true
        },
        TestOption("shuffle", value: nil, help: "files and tests in random order (the seed is printed)") { invocation, _ in
            invocation.options.shuffle = true
        },
        TestOption("no-shuffle", value: nil, help: "", hidden: true) { invocation, _ in
            invocation.options.shuffle = false
        },
        TestOption("seed", value: "N", help: "the seed of --shuffle and of randomize(), to repeat an order") { invocation, value in
            guard let seed = UInt64(value) else {
                throw UsageError(message: "invalid --seed '\(value)' (a whole number ≥ 0)", command: "test")
            }
            invocation.options.seed = seed
        },
        TestOption("helper", value: "FILE", help: "a Lua file run in every spec file's runtime before the spec") { invocation, value in
            invocation.options.helper = value
        },
        TestOption("run", short: "r", value: "TASK", help: "the task of the .busted file to use (default: its `default` task)") { invocation, value in
            invocation.task = value
        },
        TestOption("config-file", short: "f", value: "FILE", help: "read the tasks from FILE instead of ./.busted") { invocation, value in
            invocation.configFile = value
        },
        TestOption("directory", short: "C", value: "DIR", help: "change to DIR before anything else") { invocation, value in
            invocation.directory = value
        },
        TestOption("lua", value: "LUA", help: "accepted for busted's scripts; specs always run on Scrim's Lua 5.4") { _, _ in },
        TestOption("jobs", short: "j", value: "N", help: "run files in N worker processes (same results for any N)") { invocation, value in
            guard let jobs = Int(value), jobs >= 1, jobs <= 256 else {
                throw UsageError(message: "invalid --jobs '\(value)' (a number of worker processes, 1 to 256)", command: "test")
            }
            invocation.options.jobs = jobs
        },
        TestOption("shard", value: "I/N", help: "run only the I-th of N shares of the sorted file list (for CI)") { invocation, value in
            guard let shard = Shard(parsing: value) else {
                throw UsageError(message: "invalid --shard '\(value)' (I/N with 1 ≤ I ≤ N, e.g. 2/4)", command: "test")
            }
            invocation.options.shard = shard
        },
        TestOption("plugins", value: "DIR",
               help: "every file's runtime loads the plugins in DIR (repeatable), then\nthose along SCRIM_PLUGIN_PATH; not ./plugins, so specs run the same\nanywhere") { invocation, value in
            if let problem = PluginSearchPath.problem(with: value) { throw UsageError(message: problem, command: "test") }
            invocation.options.pluginDirectories.append(value)
        },
        TestOption("update-snapshots", value: nil,
               help: "rewrite snapshot references instead of comparing with them\n(assert.snapshot(name): __snapshots__/<spec>/<name>.png beside the spec;\na missing one is recorded, but fails when CI=true)") { invocation, _ in
            invocation.options.updateSnapshots = true
        },
        // Read by RuntimeFlags, as for every command that starts a runtime.
        TestOption("timeout", value: "S", help: "wall-clock budget of each test and hook, in seconds\n(default 30; 0 = none)") { _, _ in },
        TestOption("max-memory", value: "SIZE", help: "memory budget of each file's runtime, e.g. 64M\n(default 1G; 0 = none)") { _, _ in },
        TestOption("worker", value: nil, help: "", hidden: true) { invocation, _ in
            invocation.worker = true
        },
        TestOption("arg", value: "VALUE", help: "", hidden: true) { invocation, value in
            invocation.scriptArguments.append(value)
        },
    ] + unsupportedNames.map { unsupported($0.long, short: $0.short, value: $0.value) }

    /// busted's options that `scrim test` does not have.
    static let unsupportedNames: [(long: String?, short: Character?, value: String?)] = [
        (nil, "e", "STATEMENT"), ("coverage", "c", nil), ("no-coverage", nil, nil), ("coverage-config-file", nil, "FILE"),
        ("enable-sound", "s", nil), ("no-enable-sound", nil, nil), ("lang", nil, "LANG"), ("loaders", nil, "NAME"),
        (nil, "X", "OPTION"), ("ignore-lua", nil, nil), ("lazy", nil, nil), ("no-lazy", nil, nil),
        ("auto-insulate", nil, nil), ("no-auto-insulate", nil, nil), ("recursive", "R", nil), ("no-recursive", nil, nil),
        ("sort", nil, nil), ("no-sort", nil, nil), ("sort-files", nil, nil), ("sort-tests", nil, nil),
        ("shuffle-files", nil, nil), ("shuffle-tests", nil, nil), ("no-shuffle-files", nil, nil),
        ("no-shuffle-tests", nil, nil), ("suppress-pending", nil, nil), ("no-suppress-pending", nil, nil),
        ("defer-print", nil, nil), ("no-defer-print", nil, nil), ("version", nil, nil),
    ]

    static let worker = Option("worker", help: "", hidden: true)

    static let command = Command(
        path: ["test"], usage: ["[options] [paths…] [-- args…]"],
        summary: "run busted-style tests (spec/ or .busted's ROOT; *_spec.lua, *_test.lua)",
        about: """
            Runs the spec files below each path (default: ./spec, or the ROOT of the .busted task; when
            there is neither, the current folder), each in a fresh runtime, in busted's order, with
            busted's vocabulary: describe/context/insulate/expose, it, pending, before_each, after_each,
            setup/teardown, lazy_setup, strict_setup, finally, randomize, require('busted'); luassert's
            assert with its extension API (assert:register, say, formatters, parameters), spy, stub,
            mock and match; plus assert.rect_near and assert.snapshot. ./src is on package.path and
            ./.busted is read, as busted does. Arguments after -- are the specs' global `arg`.
            """,
        options: options.map(\.option),
        operands: .interleaved,
        notes: """
            A test passes, fails (an assertion), errors (any other error, counted as failed; also an error
            reported while it ran, e.g. in a timer, and os.exit) or is skipped (pending). An error in a
            describe body or a hook is reported against that block, and the run goes on. The last line is
            `N passed, N failed` (`, N skipped` when any were). Exit status: 0 nothing failed, 1 something
            failed, 2 a usage error or no test files found.
            """,
        run: main)

    static func main(_ parsed: ParsedArguments) throws -> Int32 {
        var invocation = Invocation()
        try replay(parsed, into: &invocation)
        if parsed.has(worker) {
            var options = invocation.options
            try RuntimeFlags.apply(parsed, to: &options.runtime)
            options.scriptArguments = invocation.scriptArguments
            return TestWorker.run(parsed.operands.map(\.text), options: options)
        }
        invocation.paths = parsed.leadingOperands.map(\.text)
        invocation.scriptArguments += parsed.trailingOperands.map(\.text)
        if let directory = invocation.directory, chdir(directory) != 0 {
            throw UsageError(message: "cannot change to '\(directory)': \(String(cString: strerror(errno)))", command: "test")
        }
        // A .busted file's task, under what the command line says.
        if let config = try BustedConfig.load(path: invocation.configFile, task: invocation.task) {
            var configured = Invocation()
            for (key, values) in config.settings {
                if key == "ROOT" {
                    configured.paths += values
                    continue
                }
                let known = options.first { $0.option.long == key || ($0.option.long == nil && $0.option.short.map(String.init) == key) }
                guard let known else { continue }
                if unsupportedNames.contains(where: { $0.long == key }) {
                    printError("scrim test: \(config.path): busted's setting '\(key)' is not supported by scrim test; ignored")
                    continue
                }
                for value in values {
                    if known.option.value != nil {
                        try known.apply(&configured, value)
                    } else if value == "true" {
                        try known.apply(&configured, "")
                    } else if value == "false", let negative = options.first(where: { $0.option.long == "no-" + key }) {
                        try negative.apply(&configured, "")
                    }
                }
            }
            if !invocation.paths.isEmpty { configured.paths = invocation.paths }
            configured.scriptArguments = invocation.scriptArguments
            // Settings of the command line win over the task's; a list given there replaces the task's.
            try replay(parsed, into: &configured, replacing: true)
            invocation = configured
        }
        var options = invocation.options
        try RuntimeFlags.apply(parsed, to: &options.runtime)
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

    /// Applies the options of the command line, in their order. With `replacing`, a list option replaces the
    /// list a .busted task gave.
    private static func replay(_ parsed: ParsedArguments, into invocation: inout Invocation, replacing: Bool = false) throws {
        var cleared: Set<String> = []
        for (option, value) in parsed.occurrences {
            guard let known = options.first(where: { $0.option == option }) else { continue }
            if replacing, let key = option.long, !cleared.contains(key) {
                cleared.insert(key)
                clearList(key, in: &invocation)
            }
            try known.apply(&invocation, value?.text ?? "")
        }
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
