import ScrimCore
@testable import ScrimRender
import Testing

@Suite struct ImageComparisonTests {
    @Test func identicalImagesHaveNoDifferences() throws {
        let scene = Scene()
        scene.add("box", Rect(x: 10, y: 10, width: 30, height: 30), .red).cornerRadius = 6
        let dir = temporaryDirectory()
        try CairoRenderer.writePNG(scene.tree, to: dir + "/a.png")
        try CairoRenderer.writePNG(scene.tree, to: dir + "/b.png")
        let result = try ImageComparison.comparePNG(actual: dir + "/a.png", reference: dir + "/b.png",
                                                    diffPath: dir + "/diff.png")
        #expect(result.differingPixels == 0 && result.sizesMatch && result.matches())
        #expect(result.totalPixels == 200 * 200)
    }

    @Test func aChangedSquareIsCountedAndShownInRed() throws {
        let dir = temporaryDirectory()
        let scene = Scene(width: 100, height: 100, scale: 1)
        scene.add("base", Rect(x: 0, y: 0, width: 100, height: 100), .blue)
        try CairoRenderer.writePNG(scene.tree, to: dir + "/reference.png")
        scene.add("square", Rect(x: 20, y: 30, width: 10, height: 10), .yellow)
        try CairoRenderer.writePNG(scene.tree, to: dir + "/actual.png")
        let result = try ImageComparison.comparePNG(actual: dir + "/actual.png", reference: dir + "/reference.png",
                                                    diffPath: dir + "/diff.png")
        #expect(result.differingPixels == 100)
        #expect(result.maxDifference == 255)
        #expect(abs(result.differingShare - 0.01) < 1e-12)
        #expect(!result.matches() && result.matches(maxDifferingShare: 0.01))
        let diff = try PNGFile.read(dir + "/diff.png")
        #expect(diff[25, 35] == red)
        let faded = diff[5, 5]
        #expect(faded != red && faded.b == 255 && faded.r > 150) // faded blue
    }

    @Test func toleranceAndSizeMismatch() {
        var a = PixelImage(width: 4, height: 4, color: .white)
        let b = PixelImage(width: 4, height: 4, color: .white)
        a[1, 1] = RGBA(r: 253, g: 255, b: 255)
        a[2, 2] = RGBA(r: 250, g: 255, b: 255)
        let (result, _) = ImageComparison.compare(a, b, tolerance: 2)
        #expect(result.differingPixels == 1 && result.maxDifference == 5)
        let (sized, diff) = ImageComparison.compare(PixelImage(width: 5, height: 4, color: .white), b)
        #expect(!sized.sizesMatch && sized.differingPixels == 4 && diff.width == 5)
        #expect(sized.summary.hasPrefix("sizes differ; 4 of 20 pixels differ (20.00 %"))
    }

    @Test func snapshotAssertionRecordsMatchesAndReportsMismatches() throws {
        let dir = temporaryDirectory() + "/__snapshots__"
        let scene = Scene()
        scene.add("box", Rect(x: 10, y: 10, width: 30, height: 30), .red)
        let assertion = SnapshotAssertion(directory: dir)
        let first = try assertion.check(scene.tree, name: "popup open")
        #expect(first == .recorded(path: dir + "/popup_open.png"))
        #expect(try assertion.check(scene.tree, name: "popup open").passed)
        scene.add("extra", Rect(x: 50, y: 50, width: 10, height: 10), .blue)
        let outcome = try assertion.check(scene.tree, name: "popup open")
        guard case let .mismatched(comparison, _, actual, diff) = outcome else {
            Issue.record("expected a mismatch, got \(outcome)")
            return
        }
        #expect(comparison.differingPixels == 100) // 10 × 10 points at scale 1
        #expect(fileExists(actual) && fileExists(diff))
        #expect(outcome.message.contains("--update-snapshots"))
        var updating = assertion
        updating.update = true
        #expect(try updating.check(scene.tree, name: "popup open") == .updated(path: dir + "/popup_open.png"))
        #expect(!fileExists(actual) && !fileExists(diff))
        #expect(try assertion.check(scene.tree, name: "popup open").passed)
    }

    @Test func snapshotNamesBecomeSafeFileNames() {
        #expect(SnapshotAssertion.fileName("sheet/open 1") == "sheet_open_1")
        #expect(SnapshotAssertion.fileName("..") == "_..")
        #expect(SnapshotAssertion.fileName("") == "_")
        #expect(SnapshotAssertion.fileName("é") == "_")
    }
}
