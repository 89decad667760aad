@testable import ScrimLua
import Testing

/// The REPL's Tab completion of the module: its functions and fields, the computed ones (`screen`, `frameRate`, which
/// no key of the module table shows) included.
@Suite struct CompletionTests {
    @Test func moduleFieldsCompleteComputedOnesIncluded() throws {
        let runtime = try LuaRuntime()
        runtime.materializeModule()
        let console = LuaConsole(runtime: runtime)
        #expect(console.completions(for: "scrim.scr") == ["scrim.screen"])
        #expect(console.completions(for: "scrim.frameR") == ["scrim.frameRate"])
        #expect(console.completions(for: "scrim.adv") == ["scrim.advance"])
        // Listed without being made: making it would put the root view in the window.
        #expect(console.completions(for: "scrim.rootV") == ["scrim.rootViewController"])
        #expect(runtime.core.window.subviews.isEmpty)
        #expect(console.completions(for: "scrim:scr") == [], "a field is not a method")
        #expect(console.completions(for: "scrim.screen.wi") == ["scrim.screen.width"])
    }
}
