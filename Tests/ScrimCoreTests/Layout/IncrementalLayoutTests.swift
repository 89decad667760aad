import Testing
@testable import ScrimCore

/// The incremental engine does work in proportion to the change, and ends where a from-scratch rebuild would.
@Suite struct IncrementalLayoutTests {
    @discardableResult
    private func constrain(_ item: View, _ attribute: LayoutAttribute, _ toItem: View? = nil,
                           _ toAttribute: LayoutAttribute? = nil, multiplier: Double = 1, _ constant: Double = 0,
                           priority: Double = 1000) throws -> LayoutConstraint {
        let constraint = try LayoutConstraint(item: item, attribute: attribute, toItem: toItem, attribute: toAttribute,
                                              multiplier: multiplier, constant: constant, priority: priority)
        try constraint.activate()
        return constraint
    }

    @Test func aConstantEditTouchesOnlyTheViewsItMoves() throws {
        let scene = TestScene()
        let window = scene.window
        var insets: [LayoutConstraint] = []
        var rows: [[View]] = []
        for r in 0..<20 {
            let row = scene.addView("row\(r)", Rect(x: 0, y: Double(r) * 20, width: 390, height: 20))
            var previous: View?
            var views: [View] = []
            for j in 0..<5 {
                let view = scene.addView("v\(r).\(j)", .zero, to: row)
                try constrain(view, .top, row, .top)
                try constrain(view, .height, row, .height)
                try constrain(view, .width, nil, nil, 30)
                if let previous {
                    try constrain(view, .left, previous, .right, 2)
                } else {
                    insets.append(try constrain(view, .left, row, .left, 0))
                }
                previous = view
                views.append(view)
            }
            rows.append(views)
        }
        window.layoutIfNeeded()
        #expect(rows[19][4].frame == Rect(x: 128, y: 0, width: 30, height: 20))

        let before = scene.runtime.autoLayout.workCount
        window.layoutIfNeeded()
        #expect(scene.runtime.autoLayout.workCount == before, "a pass with nothing changed does nothing")

        insets[7].constant = 10
        window.layoutIfNeeded()
        let after = scene.runtime.autoLayout.workCount
        #expect(after.assignments - before.assignments == 5, "the five views of row 7, no other")
        #expect(after.suggestions - before.suggestions == 1, "the one constant: the row's sizes and tops are fixed")
        #expect(after.passes - before.passes == 1)
        #expect(rows[7].map(\.frame.x) == [10, 42, 74, 106, 138])
        #expect(rows[6].map(\.frame.x) == [0, 32, 64, 96, 128])

        // Ten edits before one layout cost one pass.
        let batch = scene.runtime.autoLayout.workCount
        for (index, inset) in insets.prefix(10).enumerated() { inset.constant = Double(index + 1) }
        window.layoutIfNeeded()
        #expect(scene.runtime.autoLayout.workCount.passes - batch.passes == 1)
        #expect(rows[3][0].frame.x == 4)
    }

    @Test func deactivatedConstraintsAreNotKept() throws {
        let scene = TestScene()
        let view = scene.addView("view", Rect(x: 0, y: 0, width: 10, height: 10))
        scene.window.layoutIfNeeded()
        var released: [() -> Bool] = []
        for i in 0..<100 {
            let constraint = try LayoutConstraint(item: view, attribute: .width, constant: Double(i))
            try constraint.activate()
            if i % 2 == 0 { scene.window.layoutIfNeeded() }
            constraint.deactivate()
            weak let gone = constraint
            released.append { gone == nil }
        }
        scene.window.layoutIfNeeded()
        #expect(released.allSatisfy { $0() }, "neither the engine nor its pending work keeps them")
        #expect(view.constraints.isEmpty)
    }

    @Test func removingARequiredEqualityChecksOnlyTheViewsThatDependOnIt() throws {
        let scene = TestScene()
        let window = scene.window
        func chain(_ name: String, _ count: Int, top: Double) throws -> ([View], LayoutConstraint) {
            var views: [View] = []
            var width: LayoutConstraint?
            for i in 0..<count {
                let view = scene.addView("\(name)\(i)", .zero)
                if let previous = views.last {
                    try constrain(view, .left, previous, .right, 1)
                    try constrain(view, .top, previous, .top)
                    try constrain(view, .width, previous, .width)
                    try constrain(view, .height, previous, .height)
                } else {
                    try constrain(view, .left, window, .left)
                    try constrain(view, .top, window, .top, top)
                    width = try constrain(view, .width, nil, nil, 40)
                    try constrain(view, .height, nil, nil, 10)
                }
                views.append(view)
            }
            return (views, width!)
        }
        let (short, shortWidth) = try chain("a", 3, top: 0)
        let (long, _) = try chain("b", 50, top: 20)
        window.layoutIfNeeded()
        #expect(short[2].frame == Rect(x: 82, y: 0, width: 40, height: 10))

        let before = scene.runtime.autoLayout.workCount
        shortWidth.deactivate()
        #expect(scene.runtime.autoLayout.workCount.staysNoted - before.staysNoted == 3,
                "the three views whose widths the constant fixed, none of the other chain")
        window.layoutIfNeeded()
        let after = scene.runtime.autoLayout.workCount
        #expect(after.assignments == before.assignments, "the widths stay where they were")
        #expect(short.map(\.frame.width) == [40, 40, 40])
        #expect(long[49].frame == Rect(x: 49 * 41, y: 20, width: 40, height: 10))
    }

    @Test func layoutSubviewsSurvivesAViewThatRemovesItsSiblings() throws {
        final class Hook: View {
            var onLayout: (() -> Void)?
            override func layoutSubviews() { onLayout?() }
        }
        let scene = TestScene()
        let window = scene.window
        var order: [String] = []
        func hook(_ name: String) -> Hook {
            let view = Hook(name: name)
            view.onLayout = { [unowned view] in order.append(view.name!) }
            return view
        }
        let first = hook("v0"), third = hook("v2"), child = hook("child")
        try window.addSubview(first)
        try window.addSubview(hook("v1"))
        try window.addSubview(third)
        try window.addSubview(hook("v3"))
        try third.addSubview(child)
        weak let second = window.subviews[1], fourth = window.subviews[3]
        first.onLayout = { [unowned window] in
            order.append("v0")
            // Takes later siblings out while the walk is under way; nothing else keeps them.
            window.subviews[1].removeFromSuperview()
            window.subviews[2].removeFromSuperview()
        }
        scene.runtime.advance(by: 0)
        order = []
        for view in window.subviews { view.frame = Rect(x: 0, y: 0, width: 20, height: 20) }
        child.frame = Rect(x: 0, y: 0, width: 5, height: 5)
        window.layoutIfNeeded()
        #expect(order == ["v0", "v2", "child"], "parents first, front of the list first, each once; not the views taken out")
        order = []
        window.layoutIfNeeded()
        #expect(order.isEmpty)
        #expect(second == nil && fourth == nil, "gone once the engine heard of their removal")
    }

    @Test func setNeedsLayoutCallsCoalesceIntoOnePassAtTheNextTurn() throws {
        final class Counting: View {
            var passes = 0
            override func layoutSubviews() { passes += 1 }
        }
        let scene = TestScene()
        let view = Counting(name: "counting", frame: Rect(x: 0, y: 0, width: 10, height: 10))
        try scene.window.addSubview(view)
        scene.runtime.advance(by: 0)
        view.passes = 0
        view.setNeedsLayout()
        view.setNeedsLayout()
        view.setNeedsLayout()
        #expect(view.passes == 0, "not laid out before the turn ends")
        scene.runtime.advance(by: 0)
        #expect(view.passes == 1)
        scene.runtime.advance(by: 0)
        #expect(view.passes == 1)
    }

    /// Random sequences of activate, deactivate, constant and priority edits, frames set by hand, views added,
    /// removed and moved: after every step the incremental engine's frames equal those of a fresh runtime that
    /// rebuilds the same window (views, frames before the pass, active constraints in activation order) from scratch.
    /// The constraints form a well-posed system, so that the answer does not depend on the order of work (two free
    /// views related to each other at the same depth could meet anywhere between their frames): three containers;
    /// leaves, each position or size set by at most one constraint, relative to the window or a constant; the
    /// containers, leaves and frames move around them.
    @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
    func matchesARebuildFromScratch(seed: UInt64) throws {
        var random = SplitMix(seed: seed)
        let scene = TestScene()
        scene.runtime.warningSink = { _ in }
        let window = scene.window
        var containers: [View] = []
        var leaves: [View] = []
        for i in 0..<3 {
            containers.append(scene.addView("c\(i)", Rect(x: Double(i * 30), y: Double(i * 40), width: 200, height: 150)))
        }
        for i in 0..<8 {
            let parent = random.next(below: 4) == 0 ? window : containers[random.next(below: 3)]
            leaves.append(scene.addView("l\(i)", Rect(x: Double(i * 7), y: Double(i * 5), width: 40, height: 30),
                                        to: parent))
        }
        var active: [(constraint: LayoutConstraint, slot: String)] = []
        let slots: [(name: String, attributes: [LayoutAttribute])] = [
            ("x", [.left, .right, .centerX]), ("y", [.top, .bottom, .centerY]), ("w", [.width]), ("h", [.height]),
        ]

        func activateRandomConstraint() throws {
            let index = random.next(below: leaves.count)
            let item = leaves[index]
            let slot = slots[random.next(below: slots.count)]
            let key = "\(item.name!).\(slot.name)"
            guard !active.contains(where: { $0.slot == key }) else { return }
            let attribute = slot.attributes[random.next(below: slot.attributes.count)]
            let priority: Double = random.next(below: 3) == 0 ? Double(300 + random.next(below: 600)) : 1000
            let constraint: LayoutConstraint
            if attribute.isDimension && random.next(below: 2) == 0 {
                constraint = try LayoutConstraint(item: item, attribute: attribute,
                                                  constant: Double(10 + random.next(below: 90)), priority: priority)
            } else {
                let toItem = window
                let toAttribute = slot.attributes[random.next(below: slot.attributes.count)]
                constraint = try LayoutConstraint(item: item, attribute: attribute, toItem: toItem, attribute: toAttribute,
                                                  multiplier: attribute.isDimension ? 0.5 : 1,
                                                  constant: Double(random.next(below: 60)) - 20, priority: priority)
            }
            guard (try? constraint.activate()) != nil else { return }
            active.append((constraint, key))
        }

        for _ in 0..<12 { try activateRandomConstraint() }
        window.layoutIfNeeded()
        for step in 0..<50 {
            switch random.next(below: 9) {
            case 0, 1:
                try activateRandomConstraint()
            case 2:
                if !active.isEmpty { active.remove(at: random.next(below: active.count)).constraint.deactivate() }
            case 3, 4:
                if !active.isEmpty {
                    active[random.next(below: active.count)].constraint.constant = Double(random.next(below: 80)) - 30
                }
            case 5:
                if let optional = active.map(\.constraint).filter({ !$0.isRequired }).first {
                    try optional.setPriority(Double(300 + random.next(below: 600)))
                }
            case 6:
                let all = containers + leaves
                all[random.next(below: all.count)].frame = Rect(
                    x: Double(random.next(below: 100)), y: Double(random.next(below: 100)),
                    width: Double(20 + random.next(below: 200)), height: Double(20 + random.next(below: 200)))
            case 7:
                let leaf = leaves[random.next(below: leaves.count)]
                let parents = [window] + containers
                try parents[random.next(below: parents.count)].addSubview(leaf)
            default:
                let all = containers + leaves
                let view = all[random.next(below: all.count)]
                if view.superview != nil {
                    view.removeFromSuperview()
                } else if view.name!.hasPrefix("c") {
                    try window.addSubview(view)
                } else {
                    let parents = [window] + containers
                    try parents[random.next(below: parents.count)].addSubview(view)
                }
            }
            // A view that left its superview took its constraints to the window with it (UIKit's rule).
            active.removeAll { !$0.constraint.isActive }
            let start = snapshot(window)
            window.layoutIfNeeded()
            let incremental = snapshot(window)
            let rebuilt = try rebuild(window, frames: start, constraints: active.map(\.constraint))
            #expect(incremental.keys.sorted() == rebuilt.keys.sorted())
            for (name, frame) in incremental {
                let other = rebuilt[name] ?? .zero
                #expect(abs(frame.x - other.x) < 1e-6 && abs(frame.y - other.y) < 1e-6
                            && abs(frame.width - other.width) < 1e-6 && abs(frame.height - other.height) < 1e-6,
                        "seed \(seed), step \(step): \(name) \(frame) incremental, \(other) rebuilt")
            }
        }
    }

    /// Copies the window's views (names, hierarchy, `frames`) and the constraints between them into a new runtime,
    /// lays it out and returns the frames.
    private func rebuild(_ window: Window, frames: [String: Rect], constraints: [LayoutConstraint]) throws -> [String: Rect] {
        let scene = TestScene()
        scene.runtime.warningSink = { _ in }
        var copies: [ObjectIdentifier: View] = [ObjectIdentifier(window): scene.window]
        func copy(_ view: View, into parent: View) throws {
            let clone = View(name: view.name, frame: frames[view.name ?? ""] ?? view.frame)
            try parent.addSubview(clone)
            copies[ObjectIdentifier(view)] = clone
            for subview in view.subviews { try copy(subview, into: clone) }
        }
        for subview in window.subviews { try copy(subview, into: scene.window) }
        for constraint in constraints.sorted(by: { $0.activationSerial < $1.activationSerial }) {
            guard let item = constraint.item.flatMap({ copies[ObjectIdentifier($0)] }) else { continue }
            var toItem: View?
            if let original = constraint.toItem {
                guard let clone = copies[ObjectIdentifier(original)] else { continue }
                toItem = clone
            }
            try LayoutConstraint(item: item, attribute: constraint.attribute, relatedBy: constraint.relation,
                                 toItem: toItem, attribute: constraint.toAttribute, multiplier: constraint.multiplier,
                                 constant: constraint.constant, priority: constraint.priority).activate()
        }
        scene.window.layoutIfNeeded()
        return snapshot(scene.window)
    }

    private func snapshot(_ window: Window) -> [String: Rect] {
        var frames: [String: Rect] = [:]
        func visit(_ view: View) {
            if let name = view.name { frames[name] = view.frame }
            view.subviews.forEach(visit)
        }
        visit(window)
        return frames
    }
}

/// A small seeded generator, so that a failing sequence can be replayed from its seed.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func next(below bound: Int) -> Int { Int(next() % UInt64(bound)) }
}
