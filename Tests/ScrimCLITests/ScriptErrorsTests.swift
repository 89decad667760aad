import Foundation
import ScrimTestSupport
import Testing

/// What a script author sees on standard error: whole warnings, tracebacks of callback errors.
@Suite struct ScriptErrorsTests {
    @Test func warningsArePrintedWholeWithOnePrefix() throws {
        let script = """
            setmetatable({}, { __gc = function() error("boom") end }); collectgarbage()
            warn("a", "b", "c"); warn("@off"); warn("hidden"); warn("@on"); warn("x", ("y"):rep(3000), "z"); warn("done")
            """
        let result = try ScrimProcess.run(["run", "-W", "-e", script])
        #expect(result.status == 0)
        let lines = result.stderr.split(separator: "\n").map(String.init)
        #expect(lines.count == 4, "\(lines)")
        #expect(lines.first?.hasPrefix("Lua warning: error in __gc") == true)
        #expect(lines.first?.contains("boom") == true)
        #expect(lines.dropFirst().first == "Lua warning: abc")
        #expect(lines.dropFirst(2).first == "Lua warning: x" + String(repeating: "y", count: 3000) + "z")
        #expect(lines.last == "Lua warning: done")
        #expect(!result.stderr.contains("hidden"))
        // Without -W, as in lua5.4: no warnings until warn("@on").
        let quiet = try ScrimProcess.run(["run", "-e", script])
        #expect(quiet.status == 0 && quiet.stderr == "Lua warning: x" + String(repeating: "y", count: 3000) + "z\nLua warning: done\n")
    }

    @Test func callbackErrorsPrintTheTracebackFromWhereTheyWereRaised() throws {
        let script = """
            local function inner() error("deep") end
            local function outer() inner() end
            scrim.after(0.1, function() outer() end)
            """
        let result = try ScrimProcess.run(["run", "-e", script])
        #expect(result.status == 1)
        #expect(result.stderr.contains("deep\nstack traceback:\n"), "\(result.stderr)")
        #expect(result.stderr.contains("in upvalue 'inner'"))
        #expect(result.stderr.contains("in upvalue 'outer'"))
    }

    @Test func subscribingToAnUnknownScrimEventWarnsWithTheNearestName() throws {
        let result = try ScrimProcess.run(["run", "-e", "scrim.on('popup.didselect', print) scrim.on('mine.anything', print)"])
        #expect(result.status == 0)
        #expect(result.stderr == "scrim: (command line):1: no event \"popup.didselect\" among Scrim's \"popup\" events, "
            + "so this handler never runs; did you mean \"popup.didSelect\"?\n", "\(result.stderr)")
    }
}
