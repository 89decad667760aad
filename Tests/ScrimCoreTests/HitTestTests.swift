import Testing
@testable import ScrimCore

@Suite struct HitTestTests {
    /// back (0,0,200,200) under front (50,50,100,100), which holds child (10,10,20,20).
    func makeScene() -> (TestScene, back: View, front: View, child: View) {
        let scene = TestScene()
        let back = scene.addView("back", Rect(x: 0, y: 0, width: 200, height: 200))
        let front = scene.addView("front", Rect(x: 50, y: 50, width: 100, height: 100))
        let child = scene.addView("child", Rect(x: 10, y: 10, width: 20, height: 20), to: front)
        return (scene, back, front, child)
    }

    @Test func subviewsAreTestedFrontToBackInLocalCoordinates() {
        let (scene, back, front, child) = makeScene()
        #expect(scene.window.hitTest(Point(x: 65, y: 65)) === child)
        #expect(scene.window.hitTest(Point(x: 100, y: 100)) === front)
        #expect(scene.window.hitTest(Point(x: 10, y: 10)) === back)
        #expect(scene.window.hitTest(Point(x: 300, y: 300)) === scene.window)
        #expect(front.hitTest(Point(x: 15, y: 15)) === child, "in the receiver's coordinates")
        scene.window.sendSubviewToBack(front)
        #expect(scene.window.hitTest(Point(x: 65, y: 65)) === back)
    }

    @Test func hiddenViewsAreSkippedWithTheirSubviews() {
        let (scene, back, front, _) = makeScene()
        front.isHidden = true
        #expect(scene.window.hitTest(Point(x: 65, y: 65)) === back)
    }

    @Test func viewsWithInteractionOffAreSkipped() {
        let (scene, back, front, child) = makeScene()
        child.isUserInteractionEnabled = false
        #expect(scene.window.hitTest(Point(x: 65, y: 65)) === front)
        front.isUserInteractionEnabled = false
        #expect(scene.window.hitTest(Point(x: 65, y: 65)) === back)
    }

    @Test func nearlyTransparentViewsAreSkipped() {
        let (scene, back, front, child) = makeScene()
        child.alpha = 0.0099
        #expect(scene.window.hitTest(Point(x: 65, y: 65)) === front)
        child.alpha = 0.01
        #expect(scene.window.hitTest(Point(x: 65, y: 65)) === child)
        front.alpha = 0
        #expect(scene.window.hitTest(Point(x: 65, y: 65)) === back)
    }

    @Test func aPointOutsideAViewNeverReachesItsSubviews() {
        let (scene, back, _, child) = makeScene()
        child.frame = Rect(x: 90, y: 90, width: 40, height: 40) // sticks out of front (ends at 150,150 in window)
        #expect(scene.window.hitTest(Point(x: 145, y: 145)) === child)
        #expect(scene.window.hitTest(Point(x: 160, y: 160)) === back, "outside front, so child is not asked")
    }

    @Test func modelGeometryIsHitNotThePresentation() {
        let (scene, back, front, _) = makeScene()
        scene.runtime.animate(duration: 1, options: .allowUserInteraction, animations: {
            front.frame.origin.x = 150
        })
        scene.runtime.advance(by: 0.1)
        #expect(front.presentation().frame.x < 60)
        #expect(scene.window.hitTest(Point(x: 55, y: 100)) === back)
        #expect(scene.window.hitTest(Point(x: 160, y: 100)) === front)
    }

    @Test func animatingViewsIgnoreTouchesUnlessAllowed() throws {
        let (scene, back, front, child) = makeScene()
        scene.runtime.animate(duration: 1, animations: { front.alpha = 0.5 })
        #expect(scene.window.hitTest(Point(x: 65, y: 65)) === back, "as if interaction were off: what lies behind")
        try scene.runtime.settle()
        #expect(scene.window.hitTest(Point(x: 65, y: 65)) === child)
        scene.runtime.animate(duration: 1, options: .allowUserInteraction, animations: { front.alpha = 1 })
        #expect(scene.window.hitTest(Point(x: 65, y: 65)) === child)
        scene.runtime.animate(duration: 1, delay: 1, animations: { child.alpha = 0.5 })
        #expect(scene.window.hitTest(Point(x: 65, y: 65)) === front, "even during the delay")
        child.removeAllAnimations()
        #expect(scene.window.hitTest(Point(x: 65, y: 65)) === child)
    }

    @Test func pointInsideCanBeOverriddenToPassTouchesThrough() {
        final class PassThroughView: View {
            override func hitTest(_ point: Point) -> View? {
                let hit = super.hitTest(point)
                return hit === self ? nil : hit
            }
        }
        let scene = TestScene()
        let dimming = scene.addView("dimming", scene.window.bounds)
        let root = PassThroughView(name: "root", frame: scene.window.bounds)
        try! scene.window.addSubview(root)
        let content = scene.addView("content", Rect(x: 0, y: 600, width: 390, height: 244), to: root)
        #expect(scene.window.hitTest(Point(x: 100, y: 100)) === dimming)
        #expect(scene.window.hitTest(Point(x: 100, y: 700)) === content)
    }

    @Test func convertUsesFramesUpTheHierarchy() {
        let (scene, _, front, child) = makeScene()
        #expect(child.convert(Point(x: 1, y: 2), to: nil) == Point(x: 61, y: 62))
        #expect(child.convert(Point(x: 1, y: 2), to: front) == Point(x: 11, y: 12))
        #expect(front.convert(Point(x: 61, y: 62), from: scene.window) == Point(x: 11, y: 12))
        #expect(child.convert(Point(x: 61, y: 62), from: nil) == Point(x: 1, y: 2))
        #expect(child.frameInWindow == Rect(x: 60, y: 60, width: 20, height: 20))
    }
}
