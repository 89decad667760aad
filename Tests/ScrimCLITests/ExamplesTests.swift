import ScrimRender
import ScrimTestSupport
import Foundation
import Testing

/// The examples run as the README says, and the share sheet's film strip in the repository is what the app draws.
@Suite struct ExamplesTests {
    @Test(arguments: ["examples/popup_window.lua", "examples/more_actions.lua", "examples/share_sheet"])
    func exampleRuns(path: String) throws {
        let result = try ScrimProcess.run([path])
        #expect(result.status == 0, "\(path): \(result.stderr)")
        #expect(result.stderr.isEmpty, "\(path): \(result.stderr)")
        #expect(!result.stdout.isEmpty)
    }

    @Test func theShareSheetPlaysThroughItsMenu() throws {
        let result = try ScrimProcess.run(["examples/share_sheet"])
        #expect(result.stdout.hasSuffix("actions: menu:copyLink\n"), "\(result.stdout)")
        #expect(result.stdout.contains("popup.didSelect copyLink"))
    }

    /// `make demo` writes the same strip to out/; the committed one is regenerated with
    /// `scrim snapshot examples/share_sheet --film 8 -o examples/share_sheet/film.png`.
    @Test func theCommittedFilmStripIsCurrent() throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("scrim-film-\(UUID().uuidString).png").path
        defer { try? FileManager.default.removeItem(atPath: output) }
        let result = try ScrimProcess.run(["snapshot", "examples/share_sheet", "--film", "8", "-o", output])
        #expect(result.status == 0, "\(result.stderr)")
        let reference = ScrimProcess.repoRoot.appendingPathComponent("examples/share_sheet/film.png").path
        let comparison = try ImageComparison.comparePNG(actual: output, reference: reference)
        #expect(comparison.matches(maxDifferingShare: 0.0005), "examples/share_sheet/film.png is stale: \(comparison.summary)")
    }
}
