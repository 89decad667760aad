import Testing
@testable import ScrimCore

@Suite struct ViewHierarchyTests {
    func names(_ view: View) -> [String] { view.subviews.map { $0.name ?? "-" } }

    @Test func zOrderOperations() throws {
        let parent = View(name: "parent")
        let a = View(name: "a"), b = View(name: "b"), c = View(name: "c")
        try parent.addSubview(a)
        try parent.addSubview(b)
        try parent.addSubview(c)
        #expect(names(parent) == ["a", "b", "c"])
        parent.bringSubviewToFront(a)
        #expect(names(parent) == ["b", "c", "a"])
        parent.sendSubviewToBack(c)
        #expect(names(parent) == ["c", "b", "a"])
        let d = View(name: "d")
        try parent.insertSubview(d, at: 1)
        #expect(names(parent) == ["c", "d", "b", "a"])
        try parent.insertSubview(d, at: 99)
        #expect(names(parent) == ["c", "b", "a", "d"], "index clamped; re-inserting moves")
        try parent.insertSubview(a, at: -3)
        #expect(names(parent) == ["a", "c", "b", "d"])
        try parent.addSubview(c)
        #expect(names(parent) == ["a", "b", "d", "c"], "adding an existing subview brings it to the top")
        parent.bringSubviewToFront(View(name: "stranger"))
        #expect(names(parent) == ["a", "b", "d", "c"])
    }

    @Test func addSubviewMovesBetweenSuperviewsAndUpdatesWindow() throws {
        let window = Window(name: "window", frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let first = View(name: "first"), second = View(name: "second"), leaf = View(name: "leaf")
        try window.addSubview(first)
        try first.addSubview(leaf)
        #expect(leaf.window === window && leaf.superview === first)
        try second.addSubview(leaf)
        #expect(first.subviews.isEmpty)
        #expect(leaf.superview === second && leaf.window == nil)
        try window.addSubview(second)
        #expect(leaf.window === window)
        leaf.removeFromSuperview()
        #expect(leaf.superview == nil && second.subviews.isEmpty && leaf.window == nil)
        leaf.removeFromSuperview()
        #expect(window.window === window)
    }

    @Test func cyclesAndNestedWindowsAreRefused() throws {
        let a = View(name: "a"), b = View(name: "b")
        try a.addSubview(b)
        #expect(throws: ViewHierarchyError.self) { try a.addSubview(a) }
        #expect(throws: ViewHierarchyError.self) { try b.addSubview(a) }
        #expect(throws: ViewHierarchyError.self) { try a.addSubview(Window()) }
        #expect(a.subviews.count == 1 && a.superview == nil, "nothing half-applied")
    }

    @Test func moveNotificationsFire() throws {
        final class Probe: View {
            var log: [String] = []
            override func didMoveToSuperview() { log.append("superview \(superview?.name ?? "nil")") }
            override func didMoveToWindow() { log.append("window \(window?.name ?? "nil")") }
        }
        let window = Window(name: "w")
        let holder = View(name: "holder")
        let probe = Probe(name: "probe")
        try holder.addSubview(probe)
        try window.addSubview(holder)
        probe.removeFromSuperview()
        #expect(probe.log == ["superview holder", "window w", "superview nil", "window nil"])
    }

    @Test func findSearchesDescendantsDepthFirstFrontToBack() throws {
        let root = View(name: "target")
        let back = View(name: "back"), front = View(name: "front")
        let deepInBack = View(name: "target"), inFront = View(name: "target"), deeper = View(name: "target")
        try root.addSubview(back)
        try root.addSubview(front)
        try back.addSubview(deepInBack)
        try front.addSubview(inFront)
        try inFront.addSubview(deeper)
        #expect(root.find("target") === inFront, "the receiver is not a candidate; the front subtree first, parents first")
        #expect(root.find("nothing") == nil)
        inFront.name = "renamed"
        #expect(root.find("target") === deeper)
    }

    @Test func centerAndBoundsFollowTheFrame() {
        let v = View(frame: Rect(x: 10, y: 20, width: 30, height: 40))
        #expect(v.center == Point(x: 25, y: 40))
        #expect(v.bounds == Rect(x: 0, y: 0, width: 30, height: 40))
        v.center = Point(x: 0, y: 0)
        #expect(v.frame == Rect(x: -15, y: -20, width: 30, height: 40))
        v.alpha = 3
        #expect(v.alpha == 1)
        #expect(v.description == "View() {-15, -20, 30, 40}")
    }

    @Test func layoutIfNeededDelegatesToTheWindowsEngineAndAnimates() throws {
        final class HalfWidth: LayoutEngine {
            func layoutIfNeeded(_ view: View) {
                for sub in view.window?.subviews ?? [] { sub.frame.size.width = (view.window?.frame.width ?? 0) / 2 }
            }
        }
        final class Laid: View {
            var count = 0
            override func layoutSubviews() { count += 1 }
        }
        let scene = TestScene()
        let engine = HalfWidth() // the window holds its engine weakly; its installer owns it
        scene.window.layoutEngine = engine
        let laid = Laid(name: "laid", frame: Rect(x: 0, y: 0, width: 10, height: 10))
        try scene.window.addSubview(laid)
        scene.runtime.animate(duration: 1, curve: .linear, animations: { scene.window.layoutIfNeeded() })
        #expect(laid.frame.width == 195)
        scene.runtime.advance(by: 0.5)
        #expect(laid.presentation().frame.width == 102.5, "layout inside an animation block animates")
        #expect(laid.count == 1, "the size change marked it for layout")
        laid.layoutIfNeeded()
        #expect(laid.count == 1)
        laid.setNeedsLayout()
        laid.layoutIfNeeded()
        withExtendedLifetime(engine) {}
        #expect(laid.count == 2)
    }
}
