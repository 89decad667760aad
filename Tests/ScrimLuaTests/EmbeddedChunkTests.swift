import CLua
import Testing
@testable import ScrimLua

/// An embedded chunk is compiled from its text by the first two runtimes of a process that load it, and read from
/// the bytecode the second kept by every later one: each load must give the same function, named and numbered as its
/// file.
@Suite struct EmbeddedChunkTests {
    /// A chunk of its own per test (the cache is the process's), failing at line 3 when called with true.
    static func chunk(_ name: String) -> EmbeddedLua {
        EmbeddedLua(name, Array("""
            local fail = ...
            local function deep(x) return x * 2 end
            if fail then error("broken on purpose") end
            return deep(21), debug.getinfo(1, "S").source
            """.utf8))
    }

    /// Loads `chunk` into a fresh runtime and calls it with `fail`; its results, or its error message.
    static func run(_ chunk: EmbeddedLua, fail: Bool, options: RuntimeOptions = RuntimeOptions()) throws -> String {
        let runtime = try LuaRuntime(options: options)
        let state = runtime.state
        defer { state.close() }
        try state.load(chunk)
        lua_pushboolean(state.L, fail ? 1 : 0)
        do {
            try state.call(nargs: 1, nresults: 2)
        } catch let error as LuaError {
            return error.message.split(separator: "\n").first.map(String.init) ?? ""
        }
        defer { lua_settop(state.L, -3) }
        return "\(state.string(at: -2)) \(state.string(at: -1))"
    }

    @Test func everyLoadGivesTheSameResultsAndErrorPlaces() throws {
        let chunk = Self.chunk("embedded-same.lua")
        for _ in 0..<4 {
            #expect(try Self.run(chunk, fail: false) == "42 @embedded-same.lua")
            #expect(try Self.run(chunk, fail: true) == "embedded-same.lua:3: broken on purpose")
        }
        #expect(EmbeddedLua.isLoadedChunk("embedded-same.lua"))
    }

    /// `--no-bytecode` refuses scripts' binary chunks, not the bytecode Scrim made of its own text.
    @Test func aTextOnlyRuntimeStillReadsScrimsOwnBytecode() throws {
        let chunk = Self.chunk("embedded-text-only.lua")
        var options = RuntimeOptions()
        options.refusesBytecode = true
        for _ in 0..<3 {
            #expect(try Self.run(chunk, fail: true, options: options) == "embedded-text-only.lua:3: broken on purpose")
        }
        let runtime = try LuaRuntime(options: options)
        defer { runtime.state.close() }
        try runtime.run(bytes: Array(#"local f, why = load("\27Lua") assert(why:find("mode is 't'"), why)"#.utf8), name: "=probe")
    }
}
