import Foundation
import ScrimCore
@testable import ScrimRender
import Testing

/// Drawing is work a script caused (docs/API.md "Limits"): a picture, a film strip and a recording's frames look at
/// the run's time budget as they go and stop with its error, writing nothing.
@Suite struct RenderBudgetTests {
    /// A budget spent after `looks` looks at it, so that the tests do not depend on the machine's speed.
    final class CountingBudget {
        var looks = 0
        func budget(spentAfter limit: Int) -> TimeBudget {
            TimeBudget { [self] in
                looks += 1
                return looks > limit ? TimeBudgetExceeded(message: "exceeded the time budget of 5 s") : nil
            }
        }
    }

    static func crowdedScene() -> Scene {
        let scene = Scene(width: 390, height: 844, scale: 1)
        for index in 0..<4_000 {
            scene.add("v\(index)", Rect(x: Double(index % 380), y: Double(index % 830), width: 10, height: 10), .red)
        }
        return scene
    }

    @Test func aPictureStopsDrawingOnceTheBudgetIsSpent() throws {
        let scene = Self.crowdedScene()
        let counter = CountingBudget()
        let path = temporaryDirectory() + "/crowded.png"
        #expect(throws: TimeBudgetExceeded.self) {
            try CairoRenderer.writePNG(scene.tree, to: path, budget: counter.budget(spentAfter: 3))
        }
        #expect(counter.looks == 4, "it looked every \(CairoRenderer.viewsBetweenBudgetChecks) views and stopped")
        #expect(!FileManager.default.fileExists(atPath: path))
        // With time left, the same tree is drawn, having looked once every 256 views, then encoded, looking again
        // with each piece of the PNG written.
        let enough = CountingBudget()
        try CairoRenderer.writePNG(scene.tree, to: path, budget: enough.budget(spentAfter: 1_000))
        #expect(FileManager.default.fileExists(atPath: path))
        let drawingLooks = (4_001 + CairoRenderer.viewsBetweenBudgetChecks - 1) / CairoRenderer.viewsBetweenBudgetChecks
        #expect(enough.looks > drawingLooks)
    }

    /// Encoding is inside the budget too: spent right after the drawing, the PNG is not written — and the file
    /// that was there is left as it was, with no partial file beside it.
    @Test func encodingAPictureStopsOnceTheBudgetIsSpent() throws {
        let scene = Self.crowdedScene()
        let directory = temporaryDirectory()
        let path = directory + "/encoded.png"
        try "earlier".write(toFile: path, atomically: true, encoding: .utf8)
        let drawingLooks = (4_001 + CairoRenderer.viewsBetweenBudgetChecks - 1) / CairoRenderer.viewsBetweenBudgetChecks
        let counter = CountingBudget()
        #expect(throws: TimeBudgetExceeded.self) {
            try CairoRenderer.writePNG(scene.tree, to: path, budget: counter.budget(spentAfter: drawingLooks))
        }
        #expect(counter.looks == drawingLooks + 1, "the encoder's first piece looked")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "earlier")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["encoded.png"])
    }

    @Test func aFilmStripStopsOnceTheBudgetIsSpent() throws {
        let scene = Self.crowdedScene()
        let counter = CountingBudget()
        let path = temporaryDirectory() + "/strip.png"
        #expect(throws: TimeBudgetExceeded.self) {
            try FilmStrip.writePNG(Array(repeating: scene.tree, count: 8), to: path, scale: 1,
                                   budget: counter.budget(spentAfter: 20))
        }
        #expect(!FileManager.default.fileExists(atPath: path))
    }
}
