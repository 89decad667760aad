import Glibc
import ScrimCore
import ScrimLua
import ScrimPlugins

/// The Lua of the test library, embedded from Sources/ScrimTest/Lua. Chunks named "[scrim]/…" are hidden from
/// locations and tracebacks.
enum TestLibrary {
    /// The assertion library's modules in load order: each is called with the library's table and adds to it.
    static let assertion = [
        EmbeddedLua("[scrim]/say.lua", PackageResources.say_lua),
        EmbeddedLua("[scrim]/values.lua", PackageResources.values_lua),
        EmbeddedLua("[scrim]/messages.lua", PackageResources.messages_lua),
        EmbeddedLua("[scrim]/failure.lua", PackageResources.failure_lua),
        EmbeddedLua("[scrim]/arglist.lua", PackageResources.arglist_lua),
        EmbeddedLua("[scrim]/compare.lua", PackageResources.compare_lua),
        EmbeddedLua("[scrim]/state.lua", PackageResources.state_lua),
        EmbeddedLua("[scrim]/chain.lua", PackageResources.chain_lua),
        EmbeddedLua("[scrim]/assert.lua", PackageResources.assert_lua),
        EmbeddedLua("[scrim]/match.lua", PackageResources.match_lua),
        EmbeddedLua("[scrim]/formatters.lua", PackageResources.formatters_lua),
        EmbeddedLua("[scrim]/modifiers.lua", PackageResources.modifiers_lua),
        EmbeddedLua("[scrim]/assertions.lua", PackageResources.assertions_lua),
        EmbeddedLua("[scrim]/array.lua", PackageResources.array_lua),
        EmbeddedLua("[scrim]/matchers.lua", PackageResources.matchers_lua),
        EmbeddedLua("[scrim]/override.lua", PackageResources.override_lua),
        EmbeddedLua("[scrim]/spy.lua", PackageResources.spy_lua),
        EmbeddedLua("[scrim]/stub.lua", PackageResources.stub_lua),
        EmbeddedLua("[scrim]/mock.lua", PackageResources.mock_lua),
        EmbeddedLua("[scrim]/scrim_assertions.lua", PackageResources.scrim_assertions_lua),
        EmbeddedLua("[scrim]/luassert.lua", PackageResources.luassert_lua),
    ]
    static let spec = EmbeddedLua("[scrim]/spec.lua", PackageResources.spec_lua)
    static let modules = EmbeddedLua("[scrim]/modules.lua", PackageResources.modules_lua)
}

/// Runs one spec file in a fresh `LuaRuntime`, in busted's order (see spec.lua): the runner's scheduler says
/// what to run next, and each body or hook runs as its own protected entry into Lua, so the time budget applies
/// to each and a stopped one is reported against its test while the rest of the file still runs.
public struct SpecFileRunner {
    public var options: TestOptions
    /// What a host does to each file's runtime before the file runs (ScrimKit: register its classes).
    public var prepare: (LuaRuntime) throws -> Void = { _ in }

    public init(options: TestOptions) {
        self.options = options
    }

    /// Errors the runtime reported (timers, hook handlers, delegate methods) since the runner last asked.
    private final class ReportBox {
        var reports: [ErrorReport] = []
    }

    /// Runs every selected test of the file at `path`.
    /// `finished` gets each test's result as soon as it is known (a worker hands it on at once, so that a test that
    /// ends the process loses none of the results before it).
    public func run(_ path: String, finished: (TestResult) -> Void = { _ in }) -> FileResult {
        var file = FileResult(path: path)
        let runtime: LuaRuntime
        do { runtime = try LuaRuntime(options: options.runtime) } catch {
            file.results.append(TestResult(status: .error, names: ["(preparing the runtime)"], file: path, line: 0,
                                           message: String(describing: error)))
            return file
        }
        // A reported error fails the test that was running (scrim run and the REPL only print it), unless the
        // spec watches the `error` event itself: then the report is what it tests.
        let box = ReportBox()
        let hooks = runtime.core.hooks
        runtime.core.errorSink = { [weak hooks] report in
            if hooks?.hasHandlers("error") != true { box.reports.append(report) }
        }
        PluginHost.start(in: runtime, searchPath: .standard(flags: options.pluginDirectories, includeDefault: false))
        do { try prepare(runtime) } catch {
            file.results.append(TestResult(status: .error, names: ["(preparing the runtime)"], file: path, line: 0,
                                           message: String(describing: error)))
            return file
        }
        let state = runtime.state
        defer { state.close() }
        applyPaths(runtime)
        setArguments(runtime)

        let runner: LuaRef
        do {
            LuaFields([
                ("snapshotHandler", SnapshotHandler.function(runtime: runtime, spec: path)),
                ("takeReports", Self.takeReports(box, options)),
                // `runtimeChunks["@class.lua"]`: Scrim's own chunks, those loaded so far and those loaded later.
                ("runtimeChunks", LuaFields([], metatable: [("__index", Traceback.isRuntimeChunk)])),
            ]).push(state)
            let library = state.popRef()
            for module in TestLibrary.assertion {
                try state.load(module)
                try state.call(state.popRef(), [library])
            }
            try state.load(TestLibrary.spec)
            guard case .table(let made) = try state.call(state.popRef(), [library]) else {
                throw LuaError(message: "spec.lua made no runner")
            }
            runner = made
            try state.load(TestLibrary.modules)
            try state.call(state.popRef(), [library, state.field(runner, "dsl")]) // the runner keeps what it needs
            try configure(state, runner)
        } catch {
            file.results.append(loadFailure(path, error, "the test library failed to load: "))
            return file
        }

        if let helper = options.helper {
            do {
                try state.loadFile(helper)
                try state.call(nargs: 0, nresults: 0)
            } catch {
                file.results.append(loadFailure(path, error, "the helper \(helper) failed: "))
                return file
            }
        }
        box.reports.removeAll()

        do {
            try state.loadFile(path)
            try state.callField(runner, "load", [state.popRef(), path])
        } catch {
            file.results.append(loadFailure(path, error))
            return file
        }

        var start = Moment.now()
        while true {
            let more: Bool
            state.restartTimeBudget()
            do {
                let next = try state.callField(runner, "next")
                more = next.first?.isTrue ?? false
                for var result in ResultReader.read(state, next.dropFirst().first ?? .nil, path: path) {
                    let now = Moment.now()
                    result.duration = now.tick - start.tick
                    result.startTime = start.time
                    result.startTick = start.tick
                    start = now
                    file.results.append(result)
                    finished(result)
                }
            } catch {
                file.results.append(loadFailure(path, error, "the test runner failed: "))
                return file
            }
            if !more { break }
            // Each body and hook has the whole budget: handing the results on (a pipe the parent is slow to read)
            // is not part of it.
            state.restartTimeBudget()
            do {
                try state.callField(runner, "invoke")
            } catch let error as LuaError {
                aborted(state, runner, path: path, error: error)
            } catch {
                aborted(state, runner, path: path, error: LuaError(message: "\(error)"))
            }
        }
        return file
    }

    /// busted's default module paths (`./src/?.lua;./src/?/?.lua;./src/?/init.lua`, `./csrc/?.so`, or those of
    /// `--lpath`/`--cpath`) in front of the runtime's.
    private func applyPaths(_ runtime: LuaRuntime) {
        for (field, prefix) in [("path", options.luaPath), ("cpath", options.luaCPath)] where !prefix.isEmpty {
            runtime.prependPackagePath(field, prefix)
        }
    }

    /// The global `arg` as busted's is: the runner at 0 (`test`), the interpreter at -1 (this executable's path: `arg[-1]
    /// .. " " .. arg[0]` runs the runner again), then the words of its command line (everything after `test`).
    private func setArguments(_ runtime: LuaRuntime) {
        let words = [SpecFileRunner.executablePath, "test"] + options.scriptArguments
        runtime.setArgTable(words: words.map { Array($0.utf8) }, scriptIndex: 1)
    }

    /// This executable (the same in the runner and its workers), or `scrim` if it cannot be read.
    static let executablePath: String = {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        return length > 0 ? String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self) : "scrim"
    }()

    private func configure(_ state: LuaState, _ runner: LuaRef) throws {
        try state.callField(runner, "configure", [LuaFields([
            ("filter", options.filters), ("filterOut", options.filtersOut),
            ("tags", options.tags), ("excludeTags", options.excludedTags),
            ("shuffle", options.shuffle), ("seed", Int(truncatingIfNeeded: options.seed ?? 0)),
            ("keepGoing", !options.failFast), ("list", options.list),
            ("traces", options.wantsTraces), ("internals", options.showsInternalFrames),
        ])])
        try state.callField(runner, "setUpdateSnapshots", [options.updateSnapshots])
    }

    /// `lib.takeReports()`: the reported errors since the last call, as {context=, message=, traceback=} tables.
    private static func takeReports(_ box: ReportBox, _ options: TestOptions) -> HostFunction {
        HostFunction(oneState: "takeReports") { call in
            // Nothing (spec.lua's withReports reads nil as none) in the common case: it runs after every test.
            if box.reports.isEmpty { return 0 }
            let reports = box.reports
            box.reports.removeAll()
            return call.push(reports.map { report in
                LuaFields([("context", report.context), ("message", report.message),
                           ("traceback", report.traceback.flatMap { Traceback.shown($0, options) })])
            })
        }
    }

    /// An invoke stopped from outside Lua (the time budget, Ctrl-C): the runner gets it as that code's error,
    /// so it is reported against the right test and the run goes on.
    private func aborted(_ state: LuaState, _ runner: LuaRef, path: String, error: LuaError) {
        state.restartTimeBudget() // winding the test down is not part of its time
        var message = error.message
        var location = error.location.map { "\($0.file):\($0.line)" }
        // The budget error is raised again at every instruction until it leaves Lua, so it may end up
        // located in the library's frames; the spec's own line is then unknown.
        if let place = error.location, place.file.hasPrefix("[scrim") {
            message = String(error.message.dropFirst("\(place.file):\(place.line): ".count))
            location = nil
        }
        _ = try? state.callField(runner, "aborted", [message, location, Traceback.shown(error.traceback, options)])
    }

    private func loadFailure(_ path: String, _ error: Error, _ prefix: String = "") -> TestResult {
        guard let error = error as? LuaError else {
            return TestResult(status: .error, names: [], file: path, line: 0, message: prefix + "\(error)")
        }
        let location = error.location
        return TestResult(status: .error, names: [], file: path, line: location?.line ?? 0,
                          message: ResultText.bounded(prefix + error.message),
                          location: location.map { "\($0.file):\($0.line)" },
                          traceback: Traceback.shown(error.traceback, options).map(ResultText.bounded))
    }
}
