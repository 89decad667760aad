import Foundation
import ScrimTestSupport
import Testing

/// `scrim.plugins.load` of a plugin that fails says so on standard error — the plugin, file:line and the reason, as
/// at start-up — and still returns the names it loaded (none), as documented.
@Suite struct PluginLoadFailureTests {
    @Test(arguments: [
        ("Tests/fixtures/plugins/failures/setup_error",
         "scrim: plugin 'setup_error' failed to load: Tests/fixtures/plugins/failures/setup_error/plugin.lua:4: setup went wrong"),
        ("Tests/fixtures/plugins/sandbox/esc_io",
         "scrim: plugin 'esc_io' failed to load: Tests/fixtures/plugins/sandbox/esc_io/plugin.lua:4: plugin 'esc_io': io is not permitted"),
    ])
    func aFailedLoadIsReported(folder: String, message: String) throws {
        let result = try ScrimProcess.run(["-e", "print(#scrim.plugins.load('\(folder)'))"])
        #expect(result.stdout == "0\n")
        #expect(result.stderr.hasPrefix(message), "\(result.stderr)")
        // What is healthy loads without a word.
        let healthy = try ScrimProcess.run(["-e", "print(#scrim.plugins.load('Tests/fixtures/plugins/failures/healthy'))"])
        #expect(healthy.stdout == "1\n" && healthy.stderr.isEmpty, "\(healthy.stderr)")
    }
}
