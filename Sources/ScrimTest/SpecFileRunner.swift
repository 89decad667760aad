import CLua
import ScrimLua
import ScrimPlugins

/// Runs one spec file in a fresh `LuaRuntime`: loads the test library, the file (which declares its
/// tests), then each planned step as its own protected call, so the time budget applies per test.
public struct SpecFileRunner {
    public var options: TestOptions

    public init(options: TestOptions) {
        self.options = options
    }

    /// Runs every selected test of the file at `path`; stops after the first failure with `failFast`.
    public func run(_ path: String) -> FileResult {
        var file = FileResult(path: path)
        let runtime = LuaRuntime(options: options.runtime)
        PluginHost.start(in: runtime, searchPath: .standard(flags: options.pluginDirectories, includeDefault: false))
        let state = runtime.state
        let L = state.L
        defer { state.close() }

        let runner: Int32
        do {
            try state.load(AssertLibrary.source, name: AssertLibrary.chunkName)
            try state.call(nargs: 0, nresults: 1)
            state.push(SnapshotHandler.function(runtime: runtime, spec: path))
            lua_setfield(L, -2, "snapshot_handler")
            try state.load(SpecLibrary.source, name: SpecLibrary.chunkName)
            lua_rotate(L, -2, 1)
            try state.call(nargs: 1, nresults: 1)
            runner = lua_gettop(L)
        } catch {
            file.results.append(loadFailure(path, error, "the test library failed to load: "))
            return file
        }
        callRunner(state, runner, "set_update_snapshots") { lua_pushboolean(L, options.updateSnapshots ? 1 : 0) }

        let start = scrim_monotonic()
        do {
            try state.loadFile(path)
            try state.call(nargs: 0, nresults: 0)
        } catch {
            // Tests declared before the error still run, as busted runs the blocks it reached.
            var failure = loadFailure(path, error)
            failure.duration = scrim_monotonic() - start
            file.results.append(failure)
            if options.failFast { return file }
        }

        let steps: Int
        do {
            steps = try plan(state, runner, path: path)
        } catch {
            file.results.append(loadFailure(path, error, "cannot plan the tests: "))
            return file
        }
        for step in stride(from: 1, through: steps, by: 1) {
            let start = scrim_monotonic()
            var result: TestResult?
            state.restartTimeBudget() // each test has the whole budget
            do {
                lua_getfield(L, runner, "step")
                lua_pushinteger(L, lua_Integer(step))
                try state.call(nargs: 1, nresults: 1)
                result = readResult(state, path: path)
                lua_settop(L, runner)
            } catch let error as LuaError {
                result = aborted(state, runner, step: step, path: path, error: error)
            } catch {
                result = TestResult(status: .error, names: [], file: path, line: 0, message: "\(error)")
            }
            guard var result else { continue }
            result.duration = scrim_monotonic() - start
            file.results.append(result)
            if options.failFast && result.isFailure { break }
        }
        return file
    }

    private func plan(_ state: LuaState, _ runner: Int32, path: String) throws -> Int {
        let L = state.L
        lua_getfield(L, runner, "plan")
        if let filter = options.filter { state.pushString(filter) } else { lua_pushnil(L) }
        if options.tags.isEmpty { lua_pushnil(L) } else { state.pushString(options.tags.joined(separator: ",")) }
        if options.shuffle, let seed = options.seed {
            lua_pushinteger(L, lua_Integer(Int64(bitPattern: SeededRandom.fileSeed(seed, path: path))))
        } else {
            lua_pushnil(L)
        }
        try state.call(nargs: 3, nresults: 1)
        defer { lua_settop(L, runner) }
        return Int(lua_tointegerx(L, -1, nil))
    }

    private func callRunner(_ state: LuaState, _ runner: Int32, _ name: String, arguments: () -> Void) {
        lua_getfield(state.L, runner, name)
        arguments()
        try? state.call(nargs: 1, nresults: 0)
        lua_settop(state.L, runner)
    }

    /// A step stopped from outside Lua (the time budget, Ctrl-C): the runner winds the test down in a
    /// fresh entry and names it, so the stop is reported against the right test and the next one runs.
    private func aborted(_ state: LuaState, _ runner: Int32, step: Int, path: String, error: LuaError) -> TestResult {
        let L = state.L
        lua_settop(L, runner)
        state.restartTimeBudget() // winding the test down is not part of its time
        lua_getfield(L, runner, "abort")
        lua_pushinteger(L, lua_Integer(step))
        var result = TestResult(status: .error, names: ["(step \(step))"], file: path, line: 0)
        if (try? state.call(nargs: 1, nresults: 1)) != nil, let named = readResult(state, path: path) {
            result = named
        }
        lua_settop(L, runner)
        result.status = .error
        result.message = error.message
        result.location = error.location.map { "\($0.file):\($0.line)" }
        result.traceback = Traceback.trimmed(error.traceback)
        // The budget error is raised again at every instruction until it leaves Lua, so it ends up
        // located in the library's frames; the test's own line is the useful place to name.
        if let location = error.location, location.file.hasPrefix("[scrim") {
            result.message = String(error.message.dropFirst("\(location.file):\(location.line): ".count))
            result.location = "\(path):\(result.line)"
        }
        return result
    }

    private func loadFailure(_ path: String, _ error: Error, _ prefix: String = "") -> TestResult {
        guard let error = error as? LuaError else {
            return TestResult(status: .error, names: [], file: path, line: 0, message: prefix + "\(error)")
        }
        let location = error.location
        return TestResult(status: .error, names: [], file: path, line: location?.line ?? 0,
                          message: prefix + error.message,
                          location: location.map { "\($0.file):\($0.line)" },
                          traceback: Traceback.trimmed(error.traceback))
    }

    /// The result table on top of the stack (nil for steps that report nothing); pops it.
    private func readResult(_ state: LuaState, path: String) -> TestResult? {
        let L = state.L
        defer { lua_settop(L, -2) }
        guard lua_type(L, -1) == LUA_TTABLE else { return nil }
        func field(_ name: String) -> String? {
            defer { lua_settop(L, -2) }
            return lua_getfield(L, -1, name) == LUA_TSTRING ? state.string(at: -1) : nil
        }
        var names: [String] = []
        if lua_getfield(L, -1, "names") == LUA_TTABLE {
            let count = lua_rawlen(L, -1)
            if count > 0 {
                for i in 1 ... count {
                    lua_rawgeti(L, -1, lua_Integer(i))
                    names.append(state.string(at: -1))
                    lua_settop(L, -2)
                }
            }
        }
        lua_settop(L, -2)
        lua_getfield(L, -1, "line")
        let line = Int(lua_tointegerx(L, -1, nil))
        lua_settop(L, -2)
        let status = field("status").flatMap(TestStatus.init(rawValue:)) ?? .error
        return TestResult(status: status, names: names, file: path, line: line, message: field("message"),
                          location: field("where"), expected: field("expected"), actual: field("actual"),
                          traceback: field("traceback"))
    }
}
