import Testing
@testable import ScrimCore

@Suite struct RuntimeTests {
    @Test func windowFillsTheScreen() throws {
        let runtime = Runtime(screen: try Screen.parse("320x568@2"))
        #expect(runtime.window.frame == Rect(x: 0, y: 0, width: 320, height: 568))
        #expect(runtime.window.name == "window")
        #expect(runtime.frameRate == 60 && runtime.now == 0)
    }

    @Test func treeListsTheHierarchyDeterministically() {
        let scene = TestScene()
        let sheet = scene.addView("sheet", Rect(x: 0, y: 500.5, width: 390, height: 344))
        scene.addView("title", Rect(x: 16, y: 8, width: 100.25, height: 20), to: sheet).alpha = 0.5
        let hidden = View(frame: Rect(x: 0, y: 0, width: 1, height: 1))
        hidden.isHidden = true
        hidden.isUserInteractionEnabled = false
        try! scene.window.addSubview(hidden)
        #expect(scene.runtime.tree() == """
            window Window {0, 0, 390, 844} alpha=1
              sheet View {0, 500.5, 390, 344} alpha=1
                title View {16, 8, 100.25, 20} alpha=0.5
              - View {0, 0, 1, 1} alpha=1 hidden interaction=off
            """)
    }

    @Test func findIncludesTheWindowItself() {
        let scene = TestScene()
        let a = scene.addView("a", Rect(x: 0, y: 0, width: 1, height: 1))
        #expect(scene.runtime.find("window") === scene.window)
        #expect(scene.runtime.find("a") === a)
        #expect(scene.runtime.find("zzz") == nil)
    }

    @Test func runtimesAreIndependent() throws {
        let one = TestScene(), two = TestScene()
        let a = one.addView("a", Rect(x: 0, y: 0, width: 10, height: 10))
        one.runtime.animate(duration: 1, animations: { a.alpha = 0 })
        #expect(!one.clock.isIdle && two.clock.isIdle)
        two.runtime.advance(by: 5)
        #expect(one.runtime.now == 0 && a.isAnimating)
        try one.runtime.settle()
        #expect(!a.isAnimating)
    }

    @Test func aViewOutlivingItsRuntimeIsReleasedFromItsAnimations() {
        let box = View(name: "box")
        do {
            let runtime = Runtime()
            runtime.animate(duration: 1, animations: { box.alpha = 0 })
            #expect(box.isAnimating)
        }
        #expect(!box.isAnimating)
        #expect(box.presentation().alpha == 0)
    }
}
