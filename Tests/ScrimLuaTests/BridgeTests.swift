import CLua
import Glibc
import Synchronization
import Testing
@testable import ScrimLua

/// A Swift object with a counter of how many times it was deallocated.
final class Probe {
    /// Tests run in parallel.
    static let deinits = Mutex<[String: Int]>([:])
    let tag: String
    var value = 1.5
    var label = "probe"
    init(_ tag: String) { self.tag = tag }
    deinit { Probe.deinits.withLock { [tag] in $0[tag, default: 0] += 1 } }
    static func deinitCount(_ tag: String) -> Int { deinits.withLock { $0[tag] ?? 0 } }
}

let probeClass = LuaClass<Probe>("Probe")
    .property("value", get: { $0.value }, set: { $0.value = $1 })
    .readonly("tag") { $0.tag }
    .property("label", get: { $0.label }, set: { probe, text in
        guard !text.isEmpty else { throw ScriptError("label must not be empty") }
        probe.label = text
    })
    .method("scale") { probe, call in
        probe.value *= try call.number(2)
        return call.push(probe.value)
    }
    .description { "Probe(\($0.tag))" }

/// A state for a test (one that cannot be made fails the test process at once: nothing else could run).
func makeState(memory: Int? = 64 << 20, budget: Double? = 5) -> LuaState {
    let state = try! LuaState(memoryLimit: memory, timeBudget: budget)
    state.register(probeClass, for: Probe.self)
    return state
}

func setGlobal(_ state: LuaState, _ name: String, _ object: AnyObject) {
    state.push(any: object)
    lua_setglobal(state.L, name)
}

func setGlobal(_ state: LuaState, _ name: String, _ function: HostFunction) {
    state.push(function)
    lua_setglobal(state.L, name)
}

func eval(_ state: LuaState, _ code: String) throws -> String {
    try state.run(code, name: "=test").map(\.description).joined(separator: ",")
}

@Suite struct IdentityTests {
    @Test func sameObjectIsSameUserdata() throws {
        let state = makeState()
        let probe = Probe("identity")
        setGlobal(state, "a", probe)
        setGlobal(state, "b", probe)
        #expect(try eval(state, "return rawequal(a, b), a == b, tostring(a)") == "true,true,Probe(identity)")
        let other = Probe("identity-other")
        setGlobal(state, "c", other)
        #expect(try eval(state, "return a == c, rawequal(a, c)") == "false,false")
    }

    @Test func gcReleasesExactlyOnce() throws {
        let tag = "gc-once"
        do {
            let state = makeState()
            var probe: Probe? = Probe(tag)
            setGlobal(state, "p", probe!)
            probe = nil
            state.collectGarbage()
            #expect(Probe.deinitCount(tag) == 0, "Lua still references it")
            try state.run("p = nil")
            state.collectGarbage()
            #expect(Probe.deinitCount(tag) == 1)
            state.collectGarbage()
            state.close()
        }
        #expect(Probe.deinitCount(tag) == 1)
    }

    @Test func closingReleasesEveryObject() throws {
        let tag = "close-releases"
        let state = makeState()
        for _ in 0..<10 { state.push(any: Probe(tag)); lua_settop(state.L, -2) }
        try state.run("keep = {}")
        state.close()
        #expect(Probe.deinitCount(tag) == 10)
    }

    @Test func referencesReleaseWithTheirTokenAndAreInertAfterClose() throws {
        let state = makeState()
        try state.run("weak = setmetatable({}, {__mode = 'v'})")
        try state.load("return {}", name: "=t")
        try state.call(nresults: 1)
        lua_getglobal(state.L, "weak")
        lua_pushvalue(state.L, -2)
        lua_rawseti(state.L, -2, 1)
        lua_settop(state.L, -2)
        var ref: LuaRef? = state.popRef()
        state.collectGarbage()
        #expect(try eval(state, "return weak[1] ~= nil") == "true")
        ref = nil
        state.collectGarbage()
        #expect(try eval(state, "return weak[1] == nil") == "true")
        let late = state.ref(at: -1)
        state.close()
        #expect(late.isValid == false)
        _ = ref
    }
}

@Suite struct BindingTests {
    @Test func propertiesAndMethods() throws {
        let state = makeState()
        let probe = Probe("props")
        setGlobal(state, "p", probe)
        #expect(try eval(state, "p.value = 4; return p.value, p.tag, p:scale(2)") == "4.0,props,8.0")
        #expect(probe.value == 8)
    }

    @Test func badValuesAreErrorsAtTheCallersLine() throws {
        let state = makeState()
        setGlobal(state, "p", Probe("bad"))
        let cases: [(String, String)] = [
            ("\np.value = 'x'", "test:2: bad value for field 'value' (number expected, got string)"),
            ("p.tag = 'y'", "test:1: field 'tag' of Probe is read-only"),
            ("p.nope = 1", "test:1: Probe has no field 'nope'"),
            ("\n\np:scale('big')", "test:3: bad argument #1 to 'scale' (number expected, got string)"),
            ("p.scale(42, 2)", "test:1: calling 'scale' on bad self (Probe expected, got number) — call it with ':' (object:scale(…)), which passes the object as self"),
            ("p.label = ''", "test:1: label must not be empty"),
        ]
        for (code, expected) in cases {
            #expect(throws: LuaError.self) { try state.run(code, name: "=test") }
            do { try state.run(code, name: "=test") } catch let error as LuaError {
                #expect(error.message == expected)
            }
        }
        // Nothing was half-applied and the state still works.
        #expect(try eval(state, "return p.value, p.tag, p.label") == "1.5,bad,probe")
    }

    @Test func unknownFieldsRaiseWithTheNearestMember() throws {
        let state = makeState()
        setGlobal(state, "p", Probe("nil"))
        #expect(throws: LuaError.self) { try state.run("return p.missing", name: "=test") }
        do { try state.run("return p.valeu", name: "=test") } catch let error as LuaError {
            #expect(error.message == "test:1: Probe has no field 'valeu' — did you mean 'value'?")
        }
        do { try state.run("p.lable = 'x'", name: "=test") } catch let error as LuaError {
            #expect(error.message == "test:1: Probe has no field 'lable' — did you mean 'label'?")
        }
        do { try state.run("return p[1]", name: "=test") } catch let error as LuaError {
            #expect(error.message == "test:1: Probe has no field of type number")
        }
    }
}

@Suite struct ErrorTests {
    @Test func nestedErrorKeepsItsPositionAndTraceback() throws {
        let state = makeState()
        // Lua → Swift → Lua: the innermost error must come back positioned where it was raised.
        setGlobal(state, "callback", HostFunction("callback") { call in
            let fn = try call.function(1)
            fn.push(call.L)
            try call.state.call(nargs: 0, nresults: 0)
            return 0
        })
        try state.run("""
        function inner()
          error("deep failure")
        end
        function outer()
          callback(inner)
        end
        """, name: "@nested.lua")
        do {
            try state.run("outer()", name: "@main.lua")
            Issue.record("expected an error")
        } catch let error as LuaError {
            #expect(error.message == "nested.lua:2: deep failure")
            #expect(error.location?.file == "nested.lua")
            #expect(error.location?.line == 2)
            #expect(error.traceback.hasPrefix("stack traceback:"))
            #expect(error.traceback.contains("nested.lua:5: in function 'outer'"))
            #expect(error.traceback.contains("main.lua:1: in main chunk"))
        }
        // Caught inside Lua too, and no stack slots leak.
        let top = lua_gettop(state.L)
        for _ in 0..<200 {
            #expect(try eval(state, "local ok, e = pcall(outer) return ok, e") == "false,nested.lua:2: deep failure")
        }
        #expect(lua_gettop(state.L) == top)
    }

    @Test func swiftErrorsBecomeCatchableLuaErrors() throws {
        let state = makeState()
        setGlobal(state, "fail", HostFunction("fail") { _ in throw ScriptError("swift said no") })
        #expect(try eval(state, "local ok, e = pcall(fail) return ok, e") == "false,swift said no")
        do {
            try state.run("\nfail()", name: "@caller.lua")
            Issue.record("expected an error")
        } catch let error as LuaError {
            #expect(error.message == "caller.lua:2: swift said no")
        }
    }

    @Test func tracebackWorksWithoutDebugLibrary() throws {
        let state = makeState()
        try state.run("debug = nil; package.loaded.debug = nil")
        do {
            try state.run("local function f() error('x') end\nf()", name: "@nodebug.lua")
        } catch let error as LuaError {
            #expect(error.traceback.contains("nodebug.lua:2: in main chunk"))
        }
    }

    @Test func locationParsesPathsWithColons() {
        let error = LuaError(message: "C:/dir/a.lua:12: oops")
        #expect(error.location?.file == "C:/dir/a.lua")
        #expect(error.location?.line == 12)
        #expect(LuaError(message: "not enough memory").location == nil)
    }
}

@Suite struct LimitTests {
    @Test func timeBudget() throws {
        let state = makeState(budget: 0.2)
        do {
            try state.run("local n = 0\nwhile true do n = n + 1 end", name: "@spin.lua")
            Issue.record("expected the budget to stop it")
        } catch let error as LuaError {
            #expect(error.message == "spin.lua:2: exceeded the time budget of 0.2 s")
        }
        // A script cannot swallow the budget error and keep running.
        state.restartTimeBudget()
        #expect(throws: LuaError.self) {
            try state.run("while true do pcall(function() while true do end end) end")
        }
        // The budget covers the whole run: once spent, nothing more runs until it is restarted.
        #expect(throws: LuaError(message: "exceeded the time budget of 0.2 s")) { try state.run("return 1") }
        state.restartTimeBudget()
        #expect(try eval(state, "return 1 + 1") == "2")
    }

    @Test func memoryBudget() throws {
        let state = makeState(memory: 16 << 20)
        // Raised where the budget ran out, with a traceback: the headroom kept for it leaves room to build one.
        let error = #expect(throws: LuaError.self) {
            try state.run("local t = {} for i = 1, 1e9 do t[i] = ('x'):rep(100) .. i end", name: "@bomb.lua")
        }
        #expect(error?.message == "bomb.lua:1: not enough memory")
        #expect(error?.traceback.contains("bomb.lua:1: in main chunk") == true)
        #expect(throws: LuaError.self) { try state.run("local s = ('x'):rep(1 << 30)") }
        state.collectGarbage()
        #expect(state.memoryInUse < 4 << 20)
        #expect(try eval(state, "local t = {} for i = 1, 1000 do t[i] = i end return #t") == "1000")
    }

    @Test func stackOverflow() throws {
        let state = makeState(memory: 1 << 30)
        do {
            try state.run("local function f() return 1 + f() end\nreturn f()", name: "@rec.lua")
            Issue.record("expected a stack overflow")
        } catch let error as LuaError {
            #expect(error.message.contains("stack overflow"))
            #expect(error.location?.file == "rec.lua")
        }
        // Recursion through Swift frames is bounded too (C stack), and reported the same way.
        setGlobal(state, "again", HostFunction("again") { call in
            let fn = try call.function(1)
            fn.push(call.L)
            lua_pushvalue(call.L, 1)
            try call.state.call(nargs: 1, nresults: 0)
            return 0
        })
        #expect(throws: LuaError.self) { try state.run("local function g(self) again(g) end again(g)") }
        #expect(try eval(state, "return 'alive'") == "alive")
    }

    @Test func binaryChunksLoadAsInLuaAndModesAreHonoured() throws {
        let state = makeState()
        #expect(try eval(state, "return load(string.dump(function() return 1 end))()") == "1")
        #expect(try eval(state, "return select(2, load(string.dump(function() end), 'x', 't'))")
            == "attempt to load a binary chunk (mode is 't')")
        #expect(try eval(state, "return select(2, load('return 1', 'x', 'b'))") == "attempt to load a text chunk (mode is 'b')")
        let path = "/tmp/scrim-binary-\(getpid()).luac"
        defer { unlink(path) }
        try state.run("local f = io.open('\(path)', 'wb') f:write(string.dump(function() return 7 end)) f:close()")
        #expect(try eval(state, "return dofile('\(path)')") == "7")
        try state.loadFile(path)
        try state.call(nargs: 0, nresults: 0)
    }

    @Test func noBytecodeRefusesBinaryChunksEverywhere() throws {
        let state = makeState()
        let path = "/tmp/scrim-binary-refused-\(getpid()).luac"
        defer { unlink(path) }
        try state.run("chunk = string.dump(function() return 1 end) local f = io.open('\(path)', 'wb') f:write(chunk) f:close()")
        state.refuseBytecode()
        #expect(try eval(state, "local f, e = load(chunk) return f, e") == "nil,attempt to load a binary chunk (mode is 't')")
        #expect(try eval(state, "local f, e = load(chunk, 'x', 'b') return f == nil") == "true")
        #expect(try eval(state, "return string.dump") == "nil")
        #expect(throws: LuaError(message: "\(path): binary chunks are refused (Scrim loads Lua source text only)")) {
            try state.loadFile(path)
        }
        #expect(try eval(state, "return (select(2, pcall(dofile, '\(path)')))") .contains("binary chunk"))
        #expect(try eval(state, "return (select(2, loadfile('\(path)')))").contains("binary chunk"))
    }

    @Test func dofileCanYield() throws {
        let state = makeState()
        let path = "/tmp/scrim-dofile-yield-\(getpid()).lua"
        defer { unlink(path) }
        try state.run("local f = io.open('\(path)', 'w') f:write('coroutine.yield(1) return 2') f:close()")
        let script = "local co = coroutine.wrap(function() return dofile('\(path)') end) return co(), co()"
        #expect(try eval(state, script) == "1,2")
        state.refuseBytecode()
        #expect(try eval(state, script) == "1,2")
    }
}

@Suite struct DelegateCallTests {
    /// The fast path of delegate calls: plain tables, tables whose methods come through __index, and errors.
    @Test func callMethodOnRefWithStaticName() throws {
        let state = makeState()
        try state.run("""
        plain = {} function plain:m(x) return x * 2 end
        local base = { m = function(self, x) return x + self.offset end }
        derived = setmetatable({ offset = 10 }, { __index = base })
        failing = {} function failing:m(x) error("delegate failed " .. x) end
        broken = setmetatable({}, { __index = function() error("lookup failed") end })
        """, name: "@delegates.lua")
        func ref(_ name: String) -> LuaRef {
            lua_getglobal(state.L, name)
            return state.popRef()
        }
        let top = lua_gettop(state.L)
        try state.callMethod(ref("plain"), static: "m", 21)
        #expect(scrim_tointeger(state.L, -1) == 42)
        lua_settop(state.L, top)
        try state.callMethod(ref("derived"), static: "m", 5)
        #expect(scrim_tointeger(state.L, -1) == 15)
        lua_settop(state.L, top)
        #expect(throws: LuaError(message: "delegates.lua:4: delegate failed 7", traceback: "")) {
            do { try state.callMethod(ref("failing"), static: "m", 7) } catch let error as LuaError {
                throw LuaError(message: error.message)
            }
        }
        #expect(lua_gettop(state.L) == top)
        #expect(throws: LuaError.self) { try state.callMethod(ref("broken"), static: "m", 1) }
        #expect(lua_gettop(state.L) == top)
        #expect(throws: LuaError.self) { try state.callMethod(ref("plain"), static: "missing", 1) }
        #expect(lua_gettop(state.L) == top)
    }
}
