import Foundation
import ScrimRender
import ScrimTestSupport
import Testing

/// Issue 26: the live window as a working session — per-entry budgets, the error screen, hot reload with state
/// kept, a window that fits, the overlays. Driven on a virtual X display as `WindowTests` are.
@Suite(.serialized) struct LiveSessionTests {
    static let fixtures = WindowTests.fixtures

    @Test func eachClickHasTheWholeBudgetAndALoopingCallbackIsStopped() throws {
        let display = try VirtualDisplay()
        defer { display.stop() }
        let scrim = try LiveProcess(["run", "--window", "--timeout", "2", "--screen", "200x300@1",
                                     Self.fixtures + "/budget.lua"], display: display)
        defer { scrim.stop() }
        #expect(scrim.waitForOutput("ready"), "\(scrim.output)")
        let start = Date()
        let window = try display.window(named: "budget.lua")

        // The loop is stopped with the budget error, at its line; the window goes on.
        try display.xdotool(["mousemove", "--window", window, "100", "50", "click", "1"])
        #expect(scrim.waitForErrors("budget.lua:8: exceeded the time budget of 2 s"), "\(scrim.errors)")
        try display.xdotool(["mousemove", "--window", window, "100", "250", "click", "1"])
        #expect(scrim.waitForOutput("alive 1"), "\(scrim.output)\(scrim.errors)")

        // Past 5 s of the run (more than twice the budget), a click is still answered.
        let wait = 5.5 - Date().timeIntervalSince(start)
        if wait > 0 { Thread.sleep(forTimeInterval: wait) }
        try display.xdotool(["mousemove", "--window", window, "100", "250", "click", "1"])
        #expect(scrim.waitForOutput("alive 2"), "\(scrim.output)\(scrim.errors)")
        #expect(!scrim.errors.contains("tap action on \"alive\""), "\(scrim.errors)")
        _ = try? display.xdotool(["key", "--window", window, "Escape"])
        #expect(scrim.waitForExit() != -1)
    }
}
