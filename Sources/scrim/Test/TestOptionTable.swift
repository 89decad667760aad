import ScrimCore
import ScrimTest
import ScrimPlugins

/// The options of `scrim test`, one table: each a declaration for the shared parser and what a value of it does.
/// busted's vocabulary, so that CI scripts written for busted work with `scrim test` in its place, and Scrim's own;
/// the long names are also the keys of a `.busted` file's tasks.
extension TestCommand {
    /// An option of `scrim test`: its declaration, and what a value of it does.
    struct TestOption: Sendable {
        let option: Option
        let apply: @Sendable (inout Invocation, String) throws -> Void

        init(_ long: String?, short: Character? = nil, value: String? = nil, help: String, hidden: Bool = false,
             _ apply: @escaping @Sendable (inout Invocation, String) throws -> Void) {
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
               help: "only run .lua files whose name matches the Lua pattern (repeatable;\ndefault: _spec, as busted's; -p _spec -p _test adds *_test.lua)") { invocation, value in
            if invocation.defaultsReplaced.insert("pattern").inserted { invocation.options.patterns = [] }
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
               help: "text (default), tap, junit, json (busted's) or scrim-json (Scrim's own,\nricher), or busted's names utfTerminal, plainTerminal, gtest (text),\nTAP; but for text the report goes to standard output and the closing\nline to standard error") { invocation, value in
            guard let format = outputFormat(value) else {
                throw UsageError(message: "invalid --output '\(value)' (text, tap, junit, json, scrim-json, utfTerminal, plainTerminal, TAP, gtest)", command: "test")
            }
            invocation.options.output = format
        },
        TestOption("list", short: "l", value: nil, help: "list the tests (file:line: full name) instead of running them") { invocation, _ in
            invocation.options.list = true
        },
        TestOption("repeat", value: "N", help: "run the tests N times") { invocation, value in
            invocation.options.repeatCount = try quantity("repeat", value, Quantity("runs", 1...1_000_000, whole: true))
        },
        TestOption("verbose", short: "v", value: nil, help: "tracebacks whole, with Scrim's own frames (as --trace-internals)") { invocation, _ in
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
            invocation.options.jobs = try quantity("jobs", value, Quantity("worker processes", 1...256, whole: true))
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
        TestOption("trace-internals", value: nil, help: RuntimeFlags.traceInternals.help) { _, _ in },
        TestOption("no-bytecode", value: nil, help: "specs refuse binary chunks (load, loadfile, dofile, require) and\nhave no string.dump") { invocation, _ in
            invocation.options.runtime.refusesBytecode = true
        },
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

    static func appendPath(_ invocation: inout Invocation, _ key: String, _ value: String, to path: String) -> String {
        invocation.defaultsReplaced.insert(key).inserted ? value : path + ";" + value
    }

    /// `value` of option `--name` as `bounds` allows (from the command line or a `.busted` task).
    private static func quantity(_ name: String, _ value: String, _ bounds: Quantity) throws -> Int {
        do { return try bounds.parseWhole(value) } catch {
            throw UsageError(message: "invalid --\(name) '\(value)' (\(bounds.expected))", command: "test")
        }
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
        case "scrim-json": return .scrimJSON
        default: return nil
        }
    }
}
