import Testing
@testable import ScrimCore

/// Hierarchies far deeper than the native stack allows recursion for: every walk keeps its own stack.
@Suite struct DeepTreeTests {
    static let depth = 200_000

    /// A window holding a chain of `depth` nested views, each filling its superview; the innermost last.
    static func chain(in runtime: Runtime) throws -> [View] {
        var views: [View] = []
        var parent: View = runtime.window
        for index in 0..<depth {
            let view = View(name: "v\(index)", frame: Rect(x: 0, y: 0, width: 100, height: 100))
            try parent.addSubview(view)
            views.append(view)
            parent = view
        }
        return views
    }

    @Test func traversalsOfADeepChain() throws {
        let runtime = Runtime()
        let views = try DeepTreeTests.chain(in: runtime)
        let innermost = try #require(views.last)
        #expect(innermost.window === runtime.window)
        #expect(runtime.find("v\(DeepTreeTests.depth - 1)") === innermost)
        #expect(runtime.window.hitTest(Point(x: 5, y: 5)) === innermost)
        var tapped = false
        innermost.addGestureRecognizer(TapGestureRecognizer { _ in tapped = true })
        #expect(runtime.tap(at: Point(x: 5, y: 5)) === innermost && tapped)
        innermost.setNeedsLayout()
        views[0].layoutIfNeeded()
        #expect(!innermost.needsLayout)
        #expect(throws: ViewHierarchyError.self) { try innermost.addSubview(views[0]) }
        let lines = runtime.tree().split(separator: "\n")
        #expect(lines.count == DeepTreeTests.depth + 1)
        #expect(lines.last?.hasPrefix(String(repeating: "  ", count: Runtime.treeIndentLimit) + "[depth \(DeepTreeTests.depth)] v") == true)
        // Moving the chain out of the window updates every view's window.
        views[0].removeFromSuperview()
        #expect(innermost.window == nil)
        try runtime.window.addSubview(views[0])
        #expect(innermost.window === runtime.window)
    }

    @Test func aDeepChainIsFreedWithoutRecursion() throws {
        weak var innermost: View?
        weak var outermost: View?
        do {
            let runtime = Runtime()
            let views = try DeepTreeTests.chain(in: runtime)
            innermost = views.last
            outermost = views.first
        }
        #expect(innermost == nil && outermost == nil)
    }

    @Test func aViewHeldElsewhereSurvivesItsSuperviewsRelease() throws {
        var root: View? = View(name: "root")
        let kept = View(name: "kept")
        do {
            var parent = try #require(root)
            for _ in 0..<1000 {
                let view = View()
                try parent.addSubview(view)
                parent = view
            }
            try parent.addSubview(kept)
            try kept.addSubview(View(name: "leaf"))
        }
        root = nil
        #expect(kept.superview == nil)
        #expect(kept.subviews.map(\.name) == ["leaf"])
    }
}
