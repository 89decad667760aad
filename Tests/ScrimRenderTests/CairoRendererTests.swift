import ScrimCore
@testable import ScrimRender
import Testing

@Suite struct CairoRendererTests {
    @Test func redViewIsDrawnAtItsPresentationPositionMidAnimation() throws {
        let scene = Scene(width: 200, height: 100, scale: 2)
        let box = scene.add("box", Rect(x: 0, y: 20, width: 40, height: 40), .red)
        scene.runtime.animate(duration: 1, curve: .linear, animations: {
            box.frame = Rect(x: 160, y: 20, width: 40, height: 40)
        })
        scene.runtime.advance(by: 0.5)
        let image = try CairoRenderer.image(of: scene.tree)
        #expect(image.width == 400 && image.height == 200)
        // Presentation x = 80 at t = 0.5: the box covers x 80…120 (points).
        #expect(image.pixel(at: Point(x: 100, y: 40), scale: 2) == red)
        #expect(image.pixel(at: Point(x: 81, y: 21), scale: 2) == red)
        #expect(image.pixel(at: Point(x: 78, y: 40), scale: 2) == white)
        #expect(image.pixel(at: Point(x: 122, y: 40), scale: 2) == white)
        // Neither where the model is (160) nor where it started (0).
        #expect(image.pixel(at: Point(x: 170, y: 40), scale: 2) == white)
        #expect(image.pixel(at: Point(x: 10, y: 40), scale: 2) == white)
    }

    @Test func semiTransparentBlackCompositesOverAColouredView() throws {
        let scene = Scene()
        scene.add("content", Rect(x: 0, y: 0, width: 100, height: 100), Color(r: 0.2, g: 0.6, b: 1.0))
        // A dimming view at alpha 0.5 whose colour is black at 0.4: 0.2 of black over the content.
        scene.add("dim", Rect(x: 0, y: 0, width: 100, height: 50), Color(r: 0, g: 0, b: 0, a: 0.4), alpha: 0.5)
        let image = try CairoRenderer.image(of: scene.tree)
        let expected = RGBA(r: UInt8((0.2 * 0.8 * 255).rounded()), g: UInt8((0.6 * 0.8 * 255).rounded()),
                            b: UInt8((1.0 * 0.8 * 255).rounded()))
        let dimmed = image.pixel(at: Point(x: 50, y: 25), scale: 2)
        #expect(near(dimmed, expected), "got \(dimmed), expected \(expected)")
        let plain = image.pixel(at: Point(x: 50, y: 75), scale: 2)
        #expect(near(plain, RGBA(r: 51, g: 153, b: 255)), "got \(plain)")
    }

    @Test func hiddenViewsAreNotDrawn() throws {
        let scene = Scene()
        scene.add("hidden", Rect(x: 0, y: 0, width: 100, height: 100), .red).isHidden = true
        let image = try CairoRenderer.image(of: scene.tree)
        #expect(image.pixel(at: Point(x: 50, y: 50), scale: 2) == white)
        #expect(image.pixel(at: Point(x: 1, y: 1), scale: 2) == white)
    }

    @Test func cornerRadiusLeavesTheCornersUnpainted() throws {
        let scene = Scene()
        scene.add("card", Rect(x: 10, y: 10, width: 80, height: 80), .red).cornerRadius = 20
        let image = try CairoRenderer.image(of: scene.tree)
        for corner in [Point(x: 11, y: 11), Point(x: 88.5, y: 11), Point(x: 11, y: 88.5), Point(x: 88.5, y: 88.5)] {
            #expect(image.pixel(at: corner, scale: 2) == white, "corner \(corner)")
        }
        // Edges' middles and the centre are painted.
        for inside in [Point(x: 50, y: 11), Point(x: 11, y: 50), Point(x: 50, y: 50), Point(x: 88.5, y: 50)] {
            #expect(image.pixel(at: inside, scale: 2) == red, "inside \(inside)")
        }
    }

    @Test func textIsDrawnInsideItsView() throws {
        let scene = Scene(width: 200, height: 100)
        scene.add("label", Rect(x: 0, y: 0, width: 200, height: 100), .white).text = "MMMM"
        let image = try CairoRenderer.image(of: scene.tree)
        var dark = 0
        for y in 0..<image.height { for x in 0..<image.width where image[x, y].r < 128 { dark += 1 } }
        #expect(dark > 100)
    }

    @Test func pngRoundTrips() throws {
        let scene = Scene()
        scene.add("box", Rect(x: 25, y: 25, width: 50, height: 50), Color(r: 0.1, g: 0.2, b: 0.3), alpha: 0.7)
        let path = temporaryDirectory() + "/sub/dir/box.png"
        try CairoRenderer.writePNG(scene.tree, to: path)
        let read = try PNGFile.read(path)
        #expect(read == (try CairoRenderer.image(of: scene.tree)))
        #expect(read.width == 200 && read.height == 200)
    }

    @Test func filmStripIsNFramesWideWithTimeLabels() throws {
        let scene = Scene(width: 100, height: 80, scale: 1)
        let box = scene.add("box", Rect(x: 0, y: 0, width: 20, height: 20), .red)
        scene.runtime.animate(duration: 0.3, curve: .linear, animations: {
            box.frame = Rect(x: 80, y: 0, width: 20, height: 20)
        })
        let frames = FilmRecorder.frames(of: scene.runtime, at: [0, 0.1, 0.2, 0.3])
        #expect(frames.map { FilmStrip.label(for: $0.time) } == ["0.00 s", "0.10 s", "0.20 s", "0.30 s"])
        let strip = try FilmStrip.image(of: frames)
        #expect(strip.width == 4 * 100)
        #expect(strip.height == 80 + Int(FilmStrip.labelHeight))
        let top = Int(FilmStrip.labelHeight)
        // The box moves right from frame to frame: at 0.2 s it is at x 53⅓…73⅓.
        #expect(strip[200 + 63, top + 10] == red)
        #expect(strip[200 + 10, top + 10] == white)
        #expect(strip[300 + 90, top + 10] == red)
        // The label band holds dark text pixels.
        var dark = 0
        for y in 0..<top { for x in 1..<100 where strip[x, y].r < 100 { dark += 1 } }
        #expect(dark > 10)
    }

    @Test func filmRecorderPicksEvenlySpacedFrames() throws {
        let scene = Scene(width: 100, height: 80, scale: 1)
        let box = scene.add("box", Rect(x: 0, y: 0, width: 20, height: 20), .red)
        let recorder = FilmRecorder(runtime: scene.runtime)
        scene.runtime.animate(duration: 0.5, animations: { box.alpha = 0.2 })
        try scene.runtime.settle()
        recorder.stop()
        let frames = recorder.frames(count: 3)
        #expect(frames.count == 3)
        #expect(frames[0].time == 0)
        #expect(abs(frames[1].time - 0.25) < 1.0 / 60)
        #expect(abs(frames[2].time - 0.5) < 1.0 / 60)
        #expect(abs(frames[2].node(named: "box")!.alpha - 0.2) < 1e-9)
    }

    @Test func missingCairoGivesAClearError() {
        #expect {
            _ = try Cairo(library: "libcairo-that-is-not-there.so.2")
        } throws: { error in
            (error as? RenderError)?.message.hasPrefix("PNG snapshots need libcairo2") == true
        }
    }

    @Test func tooLargeImagesAreAnErrorNotACrash() {
        let scene = Scene(width: 100, height: 100)
        #expect(throws: RenderError.self) { try CairoRenderer.image(of: scene.tree, scale: 1000) }
        #expect(throws: RenderError.self) { try CairoRenderer.image(of: scene.tree, scale: .nan) }
    }
}
