import CLua
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
        let L = state.L
        defer { state.close() }
        applyPaths(state)
        setArguments(state)

        let runner: Int32
        do {
            lua_createtable(L, 0, 48)
            for module in TestLibrary.assertion {
                try state.load(module)
                lua_pushvalue(L, -2)
                try state.call(nargs: 1, nresults: 0)
            }
            state.push(SnapshotHandler.function(runtime: runtime, spec: path))
            lua_setfield(L, -2, "snapshotHandler")
            state.push(Self.takeReports(box, options))
            lua_setfield(L, -2, "takeReports")
            // `runtimeChunks["@class.lua"]`: Scrim's own chunks, those loaded so far and those loaded later.
            lua_createtable(L, 0, 0)
            lua_createtable(L, 0, 1)
            state.push(Traceback.isRuntimeChunk)
            lua_setfield(L, -2, "__index")
            lua_setmetatable(L, -2)
            lua_setfield(L, -2, "runtimeChunks")
            try state.load(TestLibrary.spec)
            lua_pushvalue(L, -2)
            try state.call(nargs: 1, nresults: 1)
            try state.load(TestLibrary.modules)
            lua_pushvalue(L, -3)
            lua_getfield(L, -3, "dsl")
            try state.call(nargs: 2, nresults: 0)
            lua_rotate(L, -2, 1)
            lua_settop(L, -2) // the library: the runner keeps what it needs
            runner = lua_gettop(L)
            try configure(state, runner, path: path)
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
            lua_getfield(L, runner, "load")
            lua_rotate(L, -2, 1)
            state.pushString(path)
            try state.call(nargs: 2, nresults: 0)
        } catch {
            file.results.append(loadFailure(path, error))
            return file
        }

        var start = Moment.now()
        while true {
            let more: Bool
            state.restartTimeBudget()
            do {
                lua_getfield(L, runner, "next")
                try state.call(nargs: 0, nresults: 2)
                more = lua_toboolean(L, -2) != 0
                for var result in readResults(state, path: path) {
                    let now = Moment.now()
                    result.duration = now.tick - start.tick
                    result.startTime = start.time
                    result.startTick = start.tick
                    start = now
                    file.results.append(result)
                    finished(result)
                }
                lua_settop(L, runner)
            } catch {
                file.results.append(loadFailure(path, error, "the test runner failed: "))
                return file
            }
            if !more { break }
            // Each body and hook has the whole budget: handing the results on (a pipe the parent is slow to read)
            // is not part of it.
            state.restartTimeBudget()
            do {
                lua_getfield(L, runner, "invoke")
                try state.call(nargs: 0, nresults: 0)
            } catch let error as LuaError {
                aborted(state, runner, path: path, error: error)
            } catch {
                aborted(state, runner, path: path, error: LuaError(message: "\(error)"))
            }
            lua_settop(L, runner)
        }
        return file
    }

    /// busted's default module paths (`./src/?.lua;./src/?/?.lua;./src/?/init.lua`, `./csrc/?.so`, or those of
    /// `--lpath`/`--cpath`) in front of the runtime's.
    private func applyPaths(_ state: LuaState) {
        let L = state.L
        lua_getglobal(L, "package")
        defer { lua_settop(L, -2) }
        guard lua_type(L, -1) == LUA_TTABLE else { return }
        for (field, prefix) in [("path", options.luaPath), ("cpath", options.luaCPath)] where !prefix.isEmpty {
            lua_getfield(L, -1, field)
            let existing = lua_type(L, -1) == LUA_TSTRING ? state.string(at: -1) : ""
            lua_settop(L, -2)
            state.pushString(existing.isEmpty ? prefix : prefix + ";" + existing)
            lua_setfield(L, -2, field)
        }
    }

    /// The global `arg` as busted's is: the runner at 0 (`test`), the interpreter at -1 (this executable's path: `arg[-1]
    /// .. " " .. arg[0]` runs the runner again), then the words of its command line (everything after `test`).
    private func setArguments(_ state: LuaState) {
        let L = state.L
        lua_createtable(L, Int32(options.scriptArguments.count), 2)
        state.pushString(SpecFileRunner.executablePath)
        lua_rawseti(L, -2, -1)
        state.pushString("test")
        lua_rawseti(L, -2, 0)
        for (index, argument) in options.scriptArguments.enumerated() {
            state.pushString(argument)
            lua_rawseti(L, -2, lua_Integer(index + 1))
        }
        lua_setglobal(L, "arg")
    }

    /// This executable (the same in the runner and its workers), or `scrim` if it cannot be read.
    static let executablePath: String = {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        return length > 0 ? String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self) : "scrim"
    }()

    private func configure(_ state: LuaState, _ runner: Int32, path: String) throws {
        let L = state.L
        lua_getfield(L, runner, "configure")
        lua_createtable(L, 0, 8)
        func list(_ name: String, _ values: [String]) {
            lua_createtable(L, Int32(values.count), 0)
            for (index, value) in values.enumerated() {
                state.pushString(value)
                lua_rawseti(L, -2, lua_Integer(index + 1))
            }
            lua_setfield(L, -2, name)
        }
        list("filter", options.filters)
        list("filterOut", options.filtersOut)
        list("tags", options.tags)
        list("excludeTags", options.excludedTags)
        lua_pushboolean(L, options.shuffle ? 1 : 0)
        lua_setfield(L, -2, "shuffle")
        lua_pushinteger(L, lua_Integer(truncatingIfNeeded: options.seed ?? 0))
        lua_setfield(L, -2, "seed")
        lua_pushboolean(L, options.failFast ? 0 : 1)
        lua_setfield(L, -2, "keepGoing")
        lua_pushboolean(L, options.list ? 1 : 0)
        lua_setfield(L, -2, "list")
        lua_pushboolean(L, options.wantsTraces ? 1 : 0)
        lua_setfield(L, -2, "traces")
        lua_pushboolean(L, options.showsInternalFrames ? 1 : 0)
        lua_setfield(L, -2, "internals")
        try state.call(nargs: 1, nresults: 0)
        lua_getfield(L, runner, "setUpdateSnapshots")
        lua_pushboolean(L, options.updateSnapshots ? 1 : 0)
        try state.call(nargs: 1, nresults: 0)
    }

    /// `lib.takeReports()`: the reported errors since the last call, as {context=, message=, traceback=} tables.
    private static func takeReports(_ box: ReportBox, _ options: TestOptions) -> HostFunction {
        HostFunction(oneState: "takeReports") { call in
            let L = call.L
            let reports = box.reports
            box.reports.removeAll()
            lua_createtable(L, Int32(reports.count), 0)
            for (index, report) in reports.enumerated() {
                lua_createtable(L, 0, 3)
                call.state.pushString(report.context)
                lua_setfield(L, -2, "context")
                call.state.pushString(report.message)
                lua_setfield(L, -2, "message")
                if let traceback = report.traceback.flatMap({ Traceback.shown($0, options) }) {
                    call.state.pushString(traceback)
                    lua_setfield(L, -2, "traceback")
                }
                lua_rawseti(L, -2, lua_Integer(index + 1))
            }
            return 1
        }
    }

    /// An invoke stopped from outside Lua (the time budget, Ctrl-C): the runner gets it as that code's error,
    /// so it is reported against the right test and the run goes on.
    private func aborted(_ state: LuaState, _ runner: Int32, path: String, error: LuaError) {
        let L = state.L
        lua_settop(L, runner)
        state.restartTimeBudget() // winding the test down is not part of its time
        var message = error.message
        var location = error.location.map { "\($0.file):\($0.line)" }
        // The budget error is raised again at every instruction until it leaves Lua, so it may end up
        // located in the library's frames; the spec's own line is then unknown.
        if let place = error.location, place.file.hasPrefix("[scrim") {
            message = String(error.message.dropFirst("\(place.file):\(place.line): ".count))
            location = nil
        }
        lua_getfield(L, runner, "aborted")
        state.pushString(message)
        if let location { state.pushString(location) } else { lua_pushnil(L) }
        if let traceback = Traceback.shown(error.traceback, options) { state.pushString(traceback) } else { lua_pushnil(L) }
        _ = try? state.call(nargs: 3, nresults: 0)
        lua_settop(L, runner)
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

    /// The list of result tables on top of the stack.
    private func readResults(_ state: LuaState, path: String) -> [TestResult] {
        let L = state.L
        guard lua_type(L, -1) == LUA_TTABLE else { return [] }
        let count = lua_rawlen(L, -1)
        guard count > 0 else { return [] }
        var results: [TestResult] = []
        for index in 1 ... count {
            lua_rawgeti(L, -1, lua_Integer(index))
            results.append(readResult(state, path: path))
            lua_settop(L, -2)
        }
        return results
    }

    /// The result table on top of the stack (a plain table spec.lua made: read raw, no metamethod runs).
    private func readResult(_ state: LuaState, path: String) -> TestResult {
        let L = state.L
        func field(_ name: String) -> String? {
            defer { lua_settop(L, -2) }
            state.pushString(name)
            lua_rawget(L, -2)
            return ResultText.read(state, at: -1)
        }
        func integer(_ name: String) -> Int64? {
            defer { lua_settop(L, -2) }
            state.pushString(name)
            return lua_rawget(L, -2) == LUA_TNUMBER ? Int64(lua_tointegerx(L, -1, nil)) : nil
        }
        var names: [String] = []
        state.pushString("names")
        if lua_rawget(L, -2) == LUA_TTABLE {
            for index in 0 ..< lua_rawlen(L, -1) {
                lua_rawgeti(L, -1, lua_Integer(index + 1))
                names.append(ResultText.read(state, at: -1) ?? "")
                lua_settop(L, -2)
            }
        }
        lua_settop(L, -2)
        let status = field("status").flatMap(TestStatus.init(rawValue:)) ?? .error
        return TestResult(status: status, names: names, file: path, line: Int(integer("line") ?? 0),
                          message: field("message"), location: field("where"), traceback: field("traceback"),
                          descriptor: field("descriptor"), declared: trace("declared", state),
                          raised: trace("raised", state), randomSeed: integer("randomseed"))
    }

    /// The trace table (spec.lua's `traceAt`) in field `name` of the table on top of the stack, if there is one.
    private func trace(_ name: String, _ state: LuaState) -> SourceTrace? {
        let L = state.L
        state.pushString(name)
        defer { lua_settop(L, -2) }
        guard lua_rawget(L, -2) == LUA_TTABLE else { return nil }
        func text(_ key: String) -> String {
            state.pushString(key)
            lua_rawget(L, -2)
            defer { lua_settop(L, -2) }
            return ResultText.read(state, at: -1) ?? ""
        }
        func number(_ key: String) -> Int {
            state.pushString(key)
            defer { lua_settop(L, -2) }
            return lua_rawget(L, -2) == LUA_TNUMBER ? Int(lua_tointegerx(L, -1, nil)) : 0
        }
        var message: SourceTrace.Message?
        state.pushString("message")
        switch lua_rawget(L, -2) {
        case LUA_TTABLE:
            state.pushString("json")
            if lua_rawget(L, -2) == LUA_TSTRING {
                // Whole or not at all: JSON cut short is not JSON.
                if lua_rawlen(L, -1) <= ResultText.limit { message = ResultText.read(state, at: -1).map(SourceTrace.Message.json) }
            } else {
                lua_settop(L, -2)
                state.pushString("message")
                lua_rawget(L, -2)
                message = .wrapped(ResultText.read(state, at: -1) ?? "")
            }
            lua_settop(L, -2)
        case LUA_TSTRING:
            message = ResultText.read(state, at: -1).map(SourceTrace.Message.text)
        default:
            break
        }
        lua_settop(L, -2)
        return SourceTrace(source: text("source"), shortSource: text("short_src"), line: number("currentline"),
                           lineDefined: number("linedefined"), lastLineDefined: number("lastlinedefined"),
                           what: text("what"), traceback: text("traceback"), message: message)
    }
}
