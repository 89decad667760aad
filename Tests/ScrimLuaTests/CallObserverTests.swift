import Testing
import ScrimCore
@testable import ScrimLua

/// The bridge's two hooks for the rendering module: `LuaState.callObserver` (traces) and `LuaRuntime.snapshotter`.
@Suite(.serialized) struct CallObserverTests {
    @Test func observerSeesEveryCallIntoLuaWithItsNameAndSource() throws {
        let runtime = try LuaRuntime()
        var seen: [LuaCallee] = []
        var depth = 0, deepest = 0
        runtime.state.callObserver = { callee, call in
            seen.append(callee)
            depth += 1
            deepest = max(deepest, depth)
            defer { depth -= 1 }
            return call()
        }
        try runtime.runString("""
            scrim.on("custom", function(ev) end)
            local delegate = {}
            function delegate:attach() end
            local popup = scrim.PopupWindow{ items = {"attach"}, delegate = delegate }
            popup:create()
            scrim.settle()
            scrim.emit("custom")
            popup:select("attach")
            """, name: "@flow.lua")
        #expect(seen.first == LuaCallee(name: "main chunk", source: "flow.lua"))
        #expect(seen.contains(LuaCallee(name: "hook custom", source: "flow.lua:1")))
        #expect(seen.contains(LuaCallee(name: "attach", source: "flow.lua:3")))
        #expect(deepest >= 2) // callbacks run inside the main chunk nest in it
    }

    @Test func withoutAnObserverNothingIsDescribed() throws {
        let runtime = try LuaRuntime()
        #expect(runtime.state.callObserver == nil)
        let results = try runtime.state.run("return 1 + 1")
        guard case .integer(2)? = results.first else { Issue.record("got \(results)"); return }
    }

    @Test func snapshotWithoutARendererIsAClearError() throws {
        let saved = LuaRuntime.snapshotter
        LuaRuntime.snapshotter = nil
        defer { LuaRuntime.snapshotter = saved }
        let runtime = try LuaRuntime()
        #expect {
            try runtime.runString("scrim.snapshot('x.png')", name: "=test")
        } throws: { error in
            (error as? LuaError)?.message == "test:1: scrim.snapshot needs the rendering module (Cairo), which this program does not include"
        }
    }

    @Test func snapshotHandsTheRuntimeAndPathToTheRenderer() throws {
        let saved = LuaRuntime.snapshotter
        var asked: [String] = []
        LuaRuntime.snapshotter = { _, path in asked.append(path) }
        defer { LuaRuntime.snapshotter = saved }
        let runtime = try LuaRuntime()
        let results = try runtime.state.run("return scrim.snapshot('a.png'), scrim.snapshot()")
        guard case .string(let given)? = results.first, case .string(let generated)? = results.last else {
            Issue.record("no paths returned: \(results)")
            return
        }
        #expect(given == "a.png")
        #expect(generated.hasPrefix("scrim-snapshot-") && generated.hasSuffix(".png"))
        #expect(asked == ["a.png", generated])
    }
}
