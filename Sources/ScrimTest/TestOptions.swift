import ScrimLua

/// The report formats of `scrim test --output`: `json` is busted's shape, `scrim-json` Scrim's own.
public enum OutputFormat: String, CaseIterable, Sendable {
    case text, tap, junit, json
    case scrimJSON = "scrim-json"
}

/// `--shard I/N`: this machine runs every file whose position in the sorted list is I modulo N.
public struct Shard: Equatable, Sendable {
    /// 1-based.
    public var index: Int
    public var count: Int

    public init(index: Int, count: Int) {
        self.index = index
        self.count = count
    }

    /// "2/4" → index 2 of 4; nil unless 1 ≤ I ≤ N.
    public init?(parsing text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]),
              count >= 1, index >= 1, index <= count else { return nil }
        self.init(index: index, count: count)
    }
}

/// What `scrim test` was asked to do.
public struct TestOptions: Sendable {
    /// What to run: files and folders. Empty: busted's default root, `spec`.
    public var paths: [String] = []
    /// `--filter`: run only tests whose full name matches one of these Lua patterns.
    public var filters: [String] = []
    /// `--filter-out`: skip tests and blocks whose full name matches one of these Lua patterns.
    public var filtersOut: [String] = []
    /// Run only tests whose names carry one of these `#tags`.
    public var tags: [String] = []
    /// `--exclude-tags`: skip tests and blocks whose names carry one of these `#tags`.
    public var excludedTags: [String] = []
    /// `--pattern`: Lua patterns one of which a spec file's name must match; busted's `_spec` unless given.
    public var patterns = TestOptions.defaultPatterns
    public static let defaultPatterns = ["_spec"]
    /// `--exclude-pattern`: Lua patterns that exclude a spec file by its name.
    public var excludedPatterns: [String] = []
    /// Put in front of `package.path` / `package.cpath` of every spec (busted's `--lpath` / `--cpath` defaults).
    public var luaPath = TestOptions.defaultLuaPath
    public var luaCPath = TestOptions.defaultLuaCPath
    public static let defaultLuaPath = "./src/?.lua;./src/?/?.lua;./src/?/init.lua"
    public static let defaultLuaCPath = "./csrc/?.so;./csrc/?/?.so"
    /// `--helper`: a Lua file run in every spec's runtime before the spec.
    public var helper: String?
    /// `--list`: name the tests instead of running them.
    public var list = false
    /// `--repeat`: run the whole suite this many times.
    public var repeatCount = 1
    /// The command line after `test`, as given: every spec's global `arg[1…]` (busted's is its command line).
    public var scriptArguments: [String] = []
    /// `--verbose`: tracebacks whole, with Scrim's own frames (as `--trace-internals`).
    public var verbose = false
    /// Tracebacks keep Scrim's frames (`--verbose`, `--trace-internals`).
    public var showsInternalFrames: Bool { verbose || runtime.traceInternals }
    /// Files and tests in a seeded random order.
    public var shuffle = false
    public var seed: UInt64?
    /// Stop at the first failing test.
    public var failFast = false
    /// Worker processes; 1 runs everything in this process.
    public var jobs = 1
    public var shard: Shard?
    public var output: OutputFormat = .text
    /// Whether results carry busted's traces (where each test was declared and where it failed): for its JSON.
    public var wantsTraces: Bool { output == .json }
    /// For snapshot assertions (the rendering module): rewrite reference images instead of comparing.
    public var updateSnapshots = false
    /// Time and memory budgets of every spec's runtime (`--timeout`, `--max-memory`).
    public var runtime = RuntimeOptions()
    /// `--plugins DIR` flags: every spec's runtime loads the plugins there (and along `SCRIM_PLUGIN_PATH`, but not
    /// `./plugins`, so that a spec runs the same wherever it is started).
    public var pluginDirectories: [String] = []
    /// How to start a worker: the executable and the arguments before the worker's own flags
    /// (e.g. `[/proc/self/exe, "test", "--worker"]`). Needed when `jobs` > 1.
    public var workerCommand: [String] = []

    public init() {}
}

/// A problem with what `scrim test` was asked to run (bad path, no test files): exit status 2.
public struct TestSetupError: Error, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
