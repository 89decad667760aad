import Glibc
import ScrimLua
import ScrimTest
import ScrimPlugins

/// `scrim test [options] [paths…]`, and `scrim test --worker … -- files…` (a worker of `--jobs`).
enum TestCommand {
    static let filter = Option("filter", value: "PATTERN", help: "only tests whose full name matches the Lua pattern")
    static let tags = Option("tags", short: "t", value: "TAG[,TAG]", help: "only tests whose names carry one of these #tags")
    static let shuffle = Option("shuffle", help: "files and tests in random order (the seed is printed)")
    static let seed = Option("seed", value: "N", help: "shuffle with this seed (implies --shuffle), to repeat an order")
    static let failFast = Option("fail-fast", help: "stop at the first failing test")
    static let jobs = Option("jobs", short: "j", value: "N", help: "run files in N worker processes (same results for any N)")
    static let shard = Option("shard", value: "I/N", help: "run only the I-th of N shares of the sorted file list (for CI)")
    static let output = Option("output", short: "o", value: "FORMAT", help: """
        text (default), tap, junit or json; for the last three the report
        goes to standard output and the closing line to standard error
        """)
    static let plugins = Option("plugins", value: "DIR", help: """
        every file's runtime loads the plugins in DIR (repeatable), then those
        along SCRIM_PLUGIN_PATH; not ./plugins, so specs run the same anywhere
        """)
    static let updateSnapshots = Option("update-snapshots", help: """
        rewrite snapshot references instead of comparing with them
        (assert.snapshot(name): __snapshots__/<spec>/<name>.png beside the spec;
        a missing one is recorded, but fails when CI=true)
        """)
    static let timeout = Option("timeout", value: "S", help: "wall-clock budget of each test, in seconds (default 30; 0 = none)")
    static let maxMemory = Option("max-memory", value: "SIZE",
                                  help: "memory budget of each file's runtime, e.g. 64M (default 1G; 0 = none)")
    /// Internal: this process is a worker of `--jobs`, running the files it is given.
    static let worker = Option("worker", help: "", hidden: true)

    static let command = Command(
        path: ["test"], usage: ["[options] [paths…]"],
        summary: "run busted-style tests (*_spec.lua, *_test.lua)",
        about: """
            Runs every *_spec.lua and *_test.lua below each path (default: the current folder; hidden
            folders such as .build are skipped), each file in a fresh runtime, with busted's vocabulary:
            describe/context, it, pending, before_each, after_each, setup, teardown, finally, luassert's
            assert (chains and negation: assert.are.same, assert.is_not.equal, assert.has_no.errors, …),
            spy, stub, mock and match; plus assert.rect_near(actual, expected [, tol=0.5]).
            """,
        options: [filter, tags, shuffle, seed, failFast, jobs, shard, output, plugins, updateSnapshots, timeout,
                  maxMemory, worker],
        operands: .interleaved,
        notes: """
            A test passes, fails (an assertion), errors (any other error; counted as failed) or is
            skipped (pending). The last line is `N passed, N failed` (`, N skipped` when any were).
            Exit status: 0 nothing failed, 1 something failed, 2 a usage error or no test files found.
            """,
        run: main)

    static func main(_ parsed: ParsedArguments) throws -> Int32 {
        var options = TestOptions()
        try RuntimeFlags.apply(parsed, to: &options.runtime)
        options.pluginDirectories = try RuntimeFlags.pluginDirectories(parsed)
        if let pattern = parsed.value(filter) {
            if let problem = FilterPattern.problem(pattern) {
                throw parsed.command.usageError("invalid --filter '\(pattern)' (\(problem))")
            }
            options.filter = pattern
        }
        for list in parsed.values(tags) {
            let names = list.split(whereSeparator: { $0 == "," || $0 == " " }).map(String.init)
            options.tags += names.map { $0.hasPrefix("#") ? String($0.dropFirst()) : $0 }
        }
        options.shuffle = parsed.has(shuffle)
        if let seed = try parsed.value(seed, expected: "a whole number ≥ 0", { UInt64($0) }) {
            options.seed = seed
            options.shuffle = true
        }
        options.failFast = parsed.has(failFast)
        if let jobs = try parsed.value(jobs, expected: "a number of worker processes, 1 to 256", { text in
            Int(text).flatMap { (1 ... 256).contains($0) ? $0 : nil }
        }) {
            options.jobs = jobs
        }
        if let shard = try parsed.value(shard, expected: "I/N with 1 ≤ I ≤ N, e.g. 2/4", { Shard(parsing: $0) }) {
            options.shard = shard
        }
        if let format = try parsed.value(output, expected: "text, tap, junit or json", { OutputFormat(rawValue: $0) }) {
            options.output = format
        }
        options.updateSnapshots = parsed.has(updateSnapshots)
        let worker = parsed.has(worker)
        let paths = parsed.operands.map(\.text)
        if worker { return TestWorker.run(paths, options: options) }
        if !paths.isEmpty { options.paths = paths }
        options.workerCommand = [executablePath(), "test", "--worker"]
        do {
            let session = TestSession(options: options, write: { fputs($0, stdout) }, writeNote: { fputs($0, stderr) })
            return try session.run()
        } catch let error as TestSetupError {
            throw UsageError(message: error.message, command: "test")
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
