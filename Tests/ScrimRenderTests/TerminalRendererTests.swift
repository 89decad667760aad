import ScrimCore
@testable import ScrimRender
import Testing

@Suite struct TerminalRendererTests {
    @Test func halfBlocksCarryTheUpperAndLowerPixelColours() {
        // 40 × 40 points into 20 columns × 10 rows: 2 points a pixel, 20 × 20 pixels.
        let scene = Scene(width: 40, height: 40)
        scene.add("top", Rect(x: 0, y: 0, width: 40, height: 20), .red)
        scene.add("bottom", Rect(x: 0, y: 20, width: 40, height: 20), .blue)
        let picture = TerminalRenderer.render(scene.tree, columns: 20, rows: 10)
        #expect(picture.rows == 10 && picture.columns == 20)
        #expect(picture.lines[0].hasPrefix("\u{1B}[38;2;255;0;0m\u{1B}[48;2;255;0;0m▀"))
        #expect(picture.lines[9].hasPrefix("\u{1B}[38;2;0;0;255m\u{1B}[48;2;0;0;255m▀"))
        #expect(picture.lines.allSatisfy { $0.hasSuffix("\u{1B}[0m") })
        #expect(picture.lines[0].filter { $0 == "▀" }.count == 20)
        #expect(picture.text.hasSuffix("\u{1B}[0m\n"))
        #expect(picture.redrawingPrevious.hasPrefix("\u{1B}[10A"))
    }

    @Test func aRowSplitBetweenTwoColoursShowsBothInOneCell() {
        // 1 point a pixel: the red view's bottom edge falls between the two pixels of row 2.
        let scene = Scene(width: 10, height: 10)
        scene.add("top", Rect(x: 0, y: 0, width: 10, height: 5), .red)
        scene.add("bottom", Rect(x: 0, y: 5, width: 10, height: 5), .green)
        let picture = TerminalRenderer.render(scene.tree, columns: 10, rows: 5)
        #expect(picture.lines[2].hasPrefix("\u{1B}[38;2;255;0;0m\u{1B}[48;2;0;255;0m▀"))
    }

    @Test func pictureKeepsTheScreensAspectRatio() {
        let scene = Scene(width: 390, height: 844)
        let picture = TerminalRenderer.render(scene.tree, columns: 200, rows: 40)
        // 80 pixel rows for 844 points: about 37 columns for 390 points.
        #expect(picture.rows == 40)
        #expect(picture.columns == 37)
        let wide = TerminalRenderer.render(Scene(width: 400, height: 100).tree, columns: 40, rows: 40)
        #expect(wide.columns == 40 && wide.rows == 5)
    }

    @Test func textIsWrittenIntoTheCellsAtItsViewsCentre() {
        let scene = Scene(width: 40, height: 20)
        scene.add("button", Rect(x: 0, y: 0, width: 40, height: 20), .blue).text = "OK"
        let picture = TerminalRenderer.render(scene.tree, columns: 40, rows: 10)
        // White on blue: the background is already blue from the half blocks before.
        #expect(picture.lines[5].hasPrefix("\u{1B}[38;2;0;0;255m\u{1B}[48;2;0;0;255m▀"))
        #expect(picture.lines[5].contains("▀\u{1B}[38;2;255;255;255mOK\u{1B}[38;2;0;0;255m▀"))
        // Covered by an opaque view in front: not shown.
        scene.add("sheet", Rect(x: 0, y: 0, width: 40, height: 20), .white)
        #expect(!TerminalRenderer.render(scene.tree, columns: 40, rows: 10).text.contains("OK"))
    }

    @Test func longTextIsTruncatedToTheViewsWidth() {
        let scene = Scene(width: 40, height: 20)
        scene.add("tag", Rect(x: 10, y: 0, width: 10, height: 20), .blue).text = "a long label"
        let picture = TerminalRenderer.render(scene.tree, columns: 40, rows: 10)
        #expect(picture.lines[5].contains("a long la…"))
    }
}

/// Far-off, huge and non-finite frames are cut or left out by every renderer, never turned into a trapping index.
@Suite struct FarOffFrameTests {
    static func scene() -> Scene {
        let scene = Scene(width: 40, height: 40, scale: 1)
        scene.add("far", Rect(x: -1e300, y: 0, width: 10, height: 10), .red)
        scene.add("huge", Rect(x: -1e300, y: -1e300, width: 2e300, height: 2e300), .green)
        scene.add("nan", Rect(x: .nan, y: 0, width: 10, height: 10), .blue)
        scene.add("beyond", Rect(x: 1e300, y: 1e300, width: 1e300, height: 10), .blue)
        let text = scene.add("text", Rect(x: 1e300, y: -1e300, width: 10, height: 10), .blue)
        text.text = "far away"
        return scene
    }

    @Test func terminalAndRasterizerCutFarOffFrames() {
        let picture = TerminalRenderer.render(FarOffFrameTests.scene().tree, columns: 20, rows: 10)
        #expect(picture.rows == 10)
        #expect(picture.lines.allSatisfy { $0.hasPrefix("\u{1B}[38;2;0;255;0m\u{1B}[48;2;0;255;0m▀") })
        let image = SoftwareRasterizer.image(of: FarOffFrameTests.scene().tree, width: 8, height: 8)
        #expect(image[0, 0] == RGBA(r: 0, g: 255, b: 0) && image[7, 7] == RGBA(r: 0, g: 255, b: 0))
        #expect(image.pixel(at: Point(x: -1e300, y: .nan), scale: 1e300) == image[0, 0])
    }

    @Test func cairoDrawsWhatIsOnScreen() throws {
        let image = try CairoRenderer.image(of: FarOffFrameTests.scene().tree)
        #expect(near(image[20, 20], RGBA(r: 0, g: 255, b: 0)))
        #expect(FilmStrip.label(for: 1e300).hasSuffix(" s"))
    }
}
