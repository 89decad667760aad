import ScrimCore
@testable import ScrimRender
import Testing

@Suite struct RenderTreeTests {
    @Test func nodesFollowPresentationMidAnimation() throws {
        let scene = Scene(width: 300, height: 300)
        let box = scene.add("box", Rect(x: 0, y: 10, width: 50, height: 20), .red)
        scene.runtime.animate(duration: 1, curve: .linear, animations: {
            box.frame = Rect(x: 200, y: 10, width: 50, height: 20)
        })
        scene.runtime.advance(by: 0.5)
        let node = try #require(scene.tree.node(named: "box"))
        #expect(abs(node.frame.x - 100) < 1e-6)
        #expect(node.frame.y == 10 && node.frame.width == 50 && node.frame.height == 20)
    }

    @Test func framesNestAndTransformsApplyAboutTheCentre() throws {
        let scene = Scene(width: 300, height: 300)
        let parent = scene.add("parent", Rect(x: 50, y: 60, width: 100, height: 100), .blue)
        let child = scene.add("child", Rect(x: 10, y: 20, width: 40, height: 20), .red, to: parent)
        child.transform = Transform(scaleX: 2, scaleY: 0.5, translateX: 5, translateY: -5)
        let node = try #require(scene.tree.node(named: "child"))
        // Centre in window space: (50 + 10 + 20 + 5, 60 + 20 + 10 − 5); size 80 × 10.
        #expect(node.frame == Rect(x: 45, y: 80, width: 80, height: 10))
        #expect(node.depth == 2)
    }

    @Test func rotationIsExactAndFrameIsTheBoundingBox() throws {
        let scene = Scene(width: 300, height: 300)
        let bar = scene.add("bar", Rect(x: 100, y: 140, width: 100, height: 20), .red)
        bar.transform = Transform(rotation: .pi / 2)
        let node = try #require(scene.tree.node(named: "bar"))
        #expect(abs(node.frame.x - 140) < 1e-9 && abs(node.frame.y - 100) < 1e-9)
        #expect(abs(node.frame.width - 20) < 1e-9 && abs(node.frame.height - 100) < 1e-9)
        #expect(node.contains(Point(x: 150, y: 110)))
        #expect(!node.contains(Point(x: 110, y: 150)))
    }

    @Test func alphaMultipliesDownAndFaintOrHiddenViewsAreLeftOut() {
        let scene = Scene()
        let outer = scene.add("outer", Rect(x: 0, y: 0, width: 50, height: 50), .black, alpha: 0.5)
        scene.add("inner", Rect(x: 0, y: 0, width: 10, height: 10), .black, to: outer, alpha: 0.4)
        let hidden = scene.add("hidden", Rect(x: 0, y: 0, width: 10, height: 10), .red)
        hidden.isHidden = true
        scene.add("under-hidden", Rect(x: 0, y: 0, width: 5, height: 5), .red, to: hidden)
        let faint = scene.add("faint", Rect(x: 0, y: 0, width: 10, height: 10), .red, alpha: 0.005)
        scene.add("under-faint", Rect(x: 0, y: 0, width: 5, height: 5), .red, to: faint)
        let almost = scene.add("almost", Rect(x: 0, y: 0, width: 10, height: 10), .red, alpha: 0.05)
        scene.add("product-too-small", Rect(x: 0, y: 0, width: 5, height: 5), .red, to: almost, alpha: 0.1)
        let tree = scene.tree
        #expect(tree.nodes.map { $0.name ?? "-" } == ["window", "outer", "inner", "almost"])
        #expect(abs(tree.node(named: "inner")!.alpha - 0.2) < 1e-12)
        #expect(abs(tree.node(named: "inner")!.fill!.a - 0.2) < 1e-12)
    }

    @Test func textIsBlackOnLightAndWhiteOnDark() {
        let scene = Scene()
        scene.add("light", Rect(x: 0, y: 0, width: 50, height: 50), .yellow).text = "A"
        scene.add("dark", Rect(x: 50, y: 0, width: 50, height: 50), .blue).text = "B"
        let clear = scene.add("clear", Rect(x: 0, y: 50, width: 50, height: 50), nil)
        clear.text = "C"
        scene.add("dim", Rect(x: 50, y: 50, width: 50, height: 50), .black, alpha: 0.8).text = "D"
        let tree = scene.tree
        #expect(tree.node(named: "light")!.textColor == .black)
        #expect(tree.node(named: "dark")!.textColor == .white)
        #expect(tree.node(named: "clear")!.textColor == .black) // on the white background
        #expect(tree.node(named: "dim")!.textColor == .white)
    }

    @Test func colorAtCompositesOverTheBackground() {
        let scene = Scene()
        scene.add("base", Rect(x: 0, y: 0, width: 100, height: 100), Color(r: 0, g: 0, b: 1))
        scene.add("dim", Rect(x: 0, y: 0, width: 100, height: 100), .black, alpha: 0.5)
        let c = scene.tree.color(at: Point(x: 10, y: 10))
        #expect(abs(c.b - 0.5) < 1e-12 && c.r == 0 && c.g == 0)
    }

    @Test func nonFiniteGeometryIsLeftOut() {
        let scene = Scene()
        scene.add("nan", Rect(x: .nan, y: 0, width: 10, height: 10), .red)
        scene.add("ok", Rect(x: 0, y: 0, width: 10, height: 10), .red)
        #expect(scene.tree.nodes.map(\.name) == ["window", "ok"])
    }
}
