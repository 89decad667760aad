import Cassowary
import Testing
@testable import ScrimCore

/// A scene whose layout warnings are collected instead of printed.
private final class LayoutScene {
    let scene = TestScene()
    var warnings: [String] = []

    init() {
        scene.runtime.warningSink = { [unowned self] in self.warnings.append($0) }
    }

    var runtime: Runtime { scene.runtime }
    var window: Window { scene.window }

    @discardableResult
    func addView(_ name: String, _ frame: Rect = .zero, to parent: View? = nil) -> View {
        scene.addView(name, frame, to: parent)
    }
}

/// An active constraint `item.attribute relation multiplier × toItem.toAttribute + constant @priority`.
@discardableResult
private func constrain(_ item: View, _ attribute: LayoutAttribute, _ relation: LayoutRelation = .equal,
                       _ toItem: View? = nil, _ toAttribute: LayoutAttribute? = nil, multiplier: Double = 1,
                       _ constant: Double = 0, priority: Double = 1000) throws -> LayoutConstraint {
    let constraint = try LayoutConstraint(item: item, attribute: attribute, relatedBy: relation, toItem: toItem,
                                          attribute: toAttribute, multiplier: multiplier, constant: constant,
                                          priority: priority)
    try constraint.activate()
    return constraint
}

private func pinEdges(_ view: View, to other: View, inset: Double = 0) throws {
    try constrain(view, .left, .equal, other, .left, inset)
    try constrain(view, .right, .equal, other, .right, -inset)
    try constrain(view, .top, .equal, other, .top, inset)
    try constrain(view, .bottom, .equal, other, .bottom, -inset)
}

@Suite struct ViewLayoutTests {
    @Test func prioritiesMapOntoKiwiStrengths() {
        #expect(Strength(priority: 1000) == .required)
        #expect(Strength(priority: 250).value == Strength.weak.value)
        #expect(abs(Strength(priority: 500).value - Strength.medium.value) < 1e-6)
        #expect(abs(Strength(priority: 750).value - Strength.strong.value) < 1e-3)
        #expect(Strength(priority: 999) < .required)
        #expect(!Strength(priority: 999).isRequired)
        #expect(Strength(priority: 1).value > 1e-3)
        for p in 1..<1000 {
            #expect(Strength(priority: Double(p)) < Strength(priority: Double(p + 1)))
        }
    }

    @Test func higherPriorityBeatsManyLowerOnes() throws {
        let x = Variable("x"), y = Variable("y")
        let solver = Solver()
        try solver.addConstraint(Constraint(x .== 0, strength: Strength(priority: 750)))
        for _ in 0..<500 {
            try solver.addConstraint(Constraint(x .== 100, strength: Strength(priority: 500)))
        }
        try solver.addConstraint(Constraint(y .== 0, strength: Strength(priority: 251)))
        try solver.addConstraint(Constraint(y .== 100, strength: Strength(priority: 250)))
        try solver.addConstraint(Constraint(x .<= 1000, strength: Strength(priority: 999)))
        solver.updateVariables()
        #expect(x.value == 0)
        #expect(y.value == 0)
    }

    @Test func pinnedEdgesFillTheSuperviewWithInsets() throws {
        let s = LayoutScene()
        let container = s.addView("container", Rect(x: 20, y: 40, width: 300, height: 500))
        let child = s.addView("child", Rect(x: 1, y: 2, width: 3, height: 4), to: container)
        try constrain(child, .leading, .equal, container, .leading, 10)
        try constrain(child, .trailing, .equal, container, .trailing, -10)
        try constrain(child, .top, .equal, container, .top, 20)
        try constrain(container, .bottom, .equal, child, .bottom, 20)
        #expect(child.frame == Rect(x: 1, y: 2, width: 3, height: 4), "nothing moves before layout")
        child.layoutIfNeeded()
        #expect(child.frame == Rect(x: 10, y: 20, width: 280, height: 460))
        #expect(container.frame == Rect(x: 20, y: 40, width: 300, height: 500), "the superview keeps its frame")
        #expect(s.warnings.isEmpty)
    }

    @Test func centringAndFixedSize() throws {
        let s = LayoutScene()
        let container = s.addView("container", Rect(x: 0, y: 100, width: 300, height: 500))
        let child = s.addView("child", .zero, to: container)
        try constrain(child, .width, .equal, nil, nil, 100)
        try constrain(child, .height, .equal, nil, nil, 50)
        try constrain(child, .centerX, .equal, container, .centerX)
        try constrain(child, .centerY, .equal, container, .centerY, 10)
        s.window.layoutIfNeeded()
        #expect(child.frame == Rect(x: 100, y: 235, width: 100, height: 50))
    }

    @Test func multipliersScaleTheSecondAttribute() throws {
        let s = LayoutScene()
        let container = s.addView("container", Rect(x: 0, y: 0, width: 300, height: 400))
        let child = s.addView("child", .zero, to: container)
        try constrain(child, .left, .equal, container, .left)
        try constrain(child, .top, .equal, container, .top)
        try constrain(child, .width, .equal, container, .width, multiplier: 0.5)
        try constrain(child, .height, .equal, container, .height, multiplier: 0.25, 10)
        let square = s.addView("square", .zero, to: container)
        try constrain(square, .right, .equal, container, .centerX, multiplier: 2)
        try constrain(square, .bottom, .equal, container, .bottom)
        try constrain(square, .width, .equal, nil, nil, 40)
        try constrain(square, .height, .equal, square, .width, multiplier: 1.5)
        container.layoutIfNeeded()
        #expect(child.frame == Rect(x: 0, y: 0, width: 150, height: 110))
        #expect(square.frame == Rect(x: 260, y: 340, width: 40, height: 60))
    }

    @Test func requiredInequalitiesBoundOptionalPreferences() throws {
        let s = LayoutScene()
        let box = s.addView("box", Rect(x: 0, y: 0, width: 10, height: 10))
        try constrain(box, .left, .equal, s.window, .left)
        try constrain(box, .width, .lessThanOrEqual, nil, nil, 200)
        let high = try constrain(box, .width, .equal, nil, nil, 250, priority: 750)
        try constrain(box, .width, .equal, nil, nil, 150, priority: 250)
        s.window.layoutIfNeeded()
        #expect(box.frame.width == 200, "the required bound wins over any priority")
        try high.setPriority(200)
        s.window.layoutIfNeeded()
        #expect(box.frame.width == 150, "the 250 preference now beats the 200 one")
        try high.setPriority(251)
        s.window.layoutIfNeeded()
        #expect(box.frame.width == 200)
        try constrain(box, .width, .greaterThanOrEqual, s.window, .width, multiplier: 0.5, 10)  // ≥ 205
        s.window.layoutIfNeeded()
        #expect(box.frame.width == 200, "a conflict: the new constraint is broken")
    }

    @Test func deactivationRemovesTheConstraintAndUnconstrainedValuesStay() throws {
        let s = LayoutScene()
        let box = s.addView("box", Rect(x: 5, y: 6, width: 7, height: 8))
        let left = try constrain(box, .left, .equal, s.window, .left, 10)
        try constrain(box, .width, .equal, nil, nil, 100)
        s.window.layoutIfNeeded()
        #expect(box.frame == Rect(x: 10, y: 6, width: 100, height: 8), "unconstrained y and height stay")
        #expect(box.constraints.count == 2 && left.isActive)
        left.deactivate()
        #expect(!left.isActive && box.constraints.count == 1 && s.window.constraints.isEmpty)
        try constrain(box, .left, .equal, s.window, .left, 50)
        s.window.layoutIfNeeded()
        #expect(box.frame.x == 50)
        box.frame.origin.y = 70
        s.window.layoutIfNeeded()
        #expect(box.frame == Rect(x: 50, y: 70, width: 100, height: 8), "a frame set by hand stays where free")
        try left.activate()
        s.window.layoutIfNeeded()
        #expect(box.frame.x == 50, "two required lefts conflict; the one activated last is broken")
    }

    @Test func changingAConstantEqualsBuildingFromScratch() throws {
        func build(bottom: Double, width: Double) throws -> (LayoutScene, View, LayoutConstraint, LayoutConstraint) {
            let s = LayoutScene()
            let sheet = s.addView("sheet", Rect(x: 0, y: 0, width: 390, height: 844))
            let card = s.addView("card", .zero, to: sheet)
            let label = s.addView("label", .zero, to: card)
            try constrain(card, .centerX, .equal, sheet, .centerX)
            let w = try constrain(card, .width, .equal, nil, nil, width, priority: 999)
            try constrain(card, .width, .lessThanOrEqual, sheet, .width, -20)
            try constrain(card, .height, .equal, nil, nil, 200, priority: 750)
            try constrain(card, .top, .greaterThanOrEqual, sheet, .top, 40)
            let b = try constrain(sheet, .bottom, .equal, card, .bottom, bottom)
            try pinEdges(label, to: card, inset: 8)
            s.window.layoutIfNeeded()
            return (s, card, w, b)
        }
        let (s, card, width, bottom) = try build(bottom: -300, width: 300)
        let engine = s.runtime.autoLayout
        let before = engine.solverConstraint(of: bottom)
        bottom.constant = 20
        width.constant = 500  // clipped by width <= 370
        s.window.layoutIfNeeded()
        bottom.constant = 700  // pushes card.top above 40: the height preference gives way
        s.window.layoutIfNeeded()
        #expect(engine.solverConstraint(of: bottom) === before, "updated in place, not rebuilt")
        let (fresh, freshCard, _, _) = try build(bottom: 700, width: 500)
        #expect(card.frame == freshCard.frame)
        #expect(card.subviews[0].frame == freshCard.subviews[0].frame)
        #expect(card.frame == Rect(x: 10, y: 40, width: 370, height: 104))
        #expect(s.warnings.isEmpty && fresh.warnings.isEmpty)
    }

    @Test func aConstrainedChildOfAConstrainedParentMovesWithIt() throws {
        let s = LayoutScene()
        let card = s.addView("card")
        let label = s.addView("label", .zero, to: card)
        let badge = s.addView("badge", Rect(x: 3, y: 4, width: 10, height: 10), to: card)
        try pinEdges(card, to: s.window, inset: 20)
        try pinEdges(label, to: card, inset: 8)
        try constrain(badge, .top, .equal, s.window, .top, 100)  // across the hierarchy
        try constrain(badge, .right, .equal, label, .right)  // between cousins of different depth
        s.window.layoutIfNeeded()
        #expect(card.frame == Rect(x: 20, y: 20, width: 350, height: 804))
        #expect(label.frame == Rect(x: 8, y: 8, width: 334, height: 788), "frames are relative to the superview")
        #expect(badge.frame == Rect(x: 332, y: 80, width: 10, height: 10))
        #expect(badge.frameInWindow == Rect(x: 352, y: 100, width: 10, height: 10))
    }

    @Test func aFreeChildFollowsItsMovedParent() throws {
        let s = LayoutScene()
        let card = s.addView("card", Rect(x: 0, y: 0, width: 100, height: 100))
        let inner = s.addView("inner", Rect(x: 10, y: 10, width: 20, height: 20), to: card)
        let leaf = s.addView("leaf", Rect(x: 5, y: 5, width: 5, height: 5), to: inner)
        let left = try constrain(card, .left, .equal, s.window, .left, 0)
        try constrain(leaf, .width, .equal, nil, nil, 8)  // leaf and its ancestors enter the solver
        s.window.layoutIfNeeded()
        left.constant = 50
        s.window.layoutIfNeeded()
        #expect(card.frame.x == 50)
        #expect(inner.frame == Rect(x: 10, y: 10, width: 20, height: 20))
        #expect(leaf.frame == Rect(x: 5, y: 5, width: 8, height: 5))
        #expect(leaf.frameInWindow.x == 65)
    }

    @Test func viewsWithoutACommonAncestorCannotBeConstrained() throws {
        let s = LayoutScene()
        let inWindow = s.addView("inWindow")
        let loose = View(name: "loose")
        let constraint = try LayoutConstraint(item: inWindow, attribute: .top, toItem: loose, attribute: .bottom)
        let error = #expect(throws: LayoutError.self) { try constraint.activate() }
        #expect(error?.message.contains("inWindow") == true && error?.message.contains("loose") == true)
        #expect(error?.message.contains("no common ancestor") == true)
        #expect(!constraint.isActive && inWindow.constraints.isEmpty)
        let other = try LayoutConstraint(item: inWindow, attribute: .width, constant: 10)
        #expect(throws: LayoutError.self) { try LayoutConstraint.activate([other, constraint]) }
        #expect(!other.isActive, "all or nothing")
    }

    @Test func malformedConstraintsThrow() throws {
        let a = View(name: "a"), b = View(name: "b")
        #expect(throws: LayoutError.self) { try LayoutConstraint(item: a, attribute: .left, constant: 10) }
        #expect(throws: LayoutError.self) { try LayoutConstraint(item: a, attribute: .left, toItem: b, attribute: .top) }
        #expect(throws: LayoutError.self) { try LayoutConstraint(item: a, attribute: .width, toItem: b, attribute: .left) }
        #expect(throws: LayoutError.self) {
            try LayoutConstraint(item: a, attribute: .left, toItem: b, attribute: .left, multiplier: 0)
        }
        #expect(throws: LayoutError.self) { try LayoutConstraint(item: a, attribute: .width, priority: 1001) }
        let aspect = try LayoutConstraint(item: a, attribute: .width, toItem: b, attribute: .height, multiplier: 2)
        #expect(aspect.description == "a.width == 2*b.height")
        let same = try LayoutConstraint(item: a, attribute: .top, toItem: b, constant: -3, priority: 750)
        same.identifier = "gap"
        #expect(same.toAttribute == .top)
        #expect(same.description == "'gap' a.top == b.top - 3 @750")
    }

    @Test func priorityCannotSwitchBetweenRequiredAndOptionalWhileActive() throws {
        let s = LayoutScene()
        let box = s.addView("box")
        let width = try constrain(box, .width, .equal, nil, nil, 100)
        let error = #expect(throws: LayoutError.self) { try width.setPriority(750) }
        #expect(error?.message.contains("between required and optional") == true)
        #expect(error?.message.contains("box.width == 100") == true)
        #expect(width.priority == 1000)
        let optional = try constrain(box, .width, .equal, nil, nil, 50, priority: 500)
        #expect(throws: LayoutError.self) { try optional.setPriority(1000) }
        try optional.setPriority(600)
        width.deactivate()
        try width.setPriority(700)
        try width.activate()
        s.window.layoutIfNeeded()
        #expect(box.frame.width == 100, "700 beats 600")
        try optional.setPriority(800)
        s.window.layoutIfNeeded()
        #expect(box.frame.width == 50)
    }

    @Test func unsatisfiableConstraintsAreReportedAndOneIsBroken() throws {
        let s = LayoutScene()
        var events: [HookEvent] = []
        s.runtime.hooks.on("layout.unsatisfiable") { events.append($0) }
        let sheet = s.addView("sheet", Rect(x: 0, y: 100, width: 390, height: 744))
        let content = s.addView("content", .zero, to: sheet)
        try constrain(content, .left, .equal, sheet, .left)
        try constrain(content, .width, .equal, nil, nil, 200)
        try constrain(content, .top, .equal, sheet, .top)
        try constrain(content, .height, .equal, nil, nil, 300)
        let clash = try constrain(sheet, .bottom, .equal, content, .bottom)
        s.window.layoutIfNeeded()

        #expect(s.warnings.count == 1)
        let warning = s.warnings.first ?? ""
        #expect(warning.hasPrefix("Unable to simultaneously satisfy constraints."))
        #expect(warning.hasSuffix("Will attempt to recover by breaking constraint\n\"sheet.bottom == content.bottom\""))
        #expect(events.count == 1)
        let listed = events.first?["constraints"]?.listValue?.compactMap(\.stringValue) ?? []
        #expect(listed == ["content.top == sheet.top", "content.height == 300", "sheet.bottom == content.bottom",
                           "sheet.height == 744 (fixed frame)"])
        #expect(events.first?["broken"]?.stringValue == "sheet.bottom == content.bottom")
        #expect(clash.isBroken && clash.isActive)
        #expect(content.frame == Rect(x: 0, y: 0, width: 200, height: 300), "layout still happens")

        clash.constant = 444  // compatible now: the broken constraint holds again, without a new warning
        s.window.layoutIfNeeded()
        #expect(content.frame == Rect(x: 0, y: 0, width: 200, height: 300) && s.warnings.count == 1)
        #expect(clash.isBroken)
    }

    @Test func aConflictingConstantChangeBreaksThatConstraint() throws {
        let s = LayoutScene()
        let box = s.addView("box")
        try constrain(box, .left, .equal, s.window, .left)
        let right = try constrain(box, .right, .equal, s.window, .left, 100)
        try constrain(box, .width, .lessThanOrEqual, nil, nil, 150)
        s.window.layoutIfNeeded()
        #expect(box.frame.width == 100)
        right.constant = 200
        #expect(right.isBroken && s.warnings.count == 1)
        #expect(s.warnings.first?.contains("\"box.width <= 150\"") == true)
        s.window.layoutIfNeeded()
        #expect(box.frame.width == 150, "the broken constraint holds as far as the others allow")
    }

    @Test func aMovedFixedFrameThatConflictsBreaksTheNewestConstraint() throws {
        let s = LayoutScene()
        let sheet = s.addView("sheet", Rect(x: 0, y: 0, width: 300, height: 300))
        let content = s.addView("content", .zero, to: sheet)
        try constrain(content, .width, .equal, sheet, .width)
        let fixed = try constrain(content, .width, .equal, nil, nil, 300)
        s.window.layoutIfNeeded()
        #expect(s.warnings.isEmpty)
        sheet.frame.size.width = 200
        s.window.layoutIfNeeded()
        #expect(fixed.isBroken && s.warnings.count == 1)
        #expect(s.warnings.first?.contains("\"sheet.width == 200 (fixed frame)\"") == true)
        #expect(content.frame.width == 200)
    }

    @Test func bottomSheetSlidesUpAlongTheEaseInOutCurve() throws {
        let s = LayoutScene()
        let screen = s.window.frame
        let root = s.addView("root", screen)
        let content = s.addView("content", .zero, to: root)
        try constrain(content, .leading, .equal, root, .leading)
        try constrain(content, .trailing, .equal, root, .trailing)
        try constrain(content, .height, .equal, nil, nil, 300)
        let bottom = try constrain(root, .bottom, .equal, content, .bottom, -300)
        root.layoutIfNeeded()
        #expect(content.frame == Rect(x: 0, y: screen.height, width: screen.width, height: 300), "below the screen")

        s.runtime.animate(duration: 0.25) {
            bottom.constant = 0
            root.layoutIfNeeded()
        }
        let final = Rect(x: 0, y: screen.height - 300, width: screen.width, height: 300)
        #expect(content.frame == final, "the model frame is final at once")
        #expect(root.frame == screen)
        #expect(content.presentation().frame.y == screen.height)
        s.runtime.advance(by: 0.125)
        let progress = TimingCurve.easeInOut.progress(0.5)
        #expect(abs(progress - referenceBezier(0.42, 0, 0.58, 1, at: 0.5)) < 1e-6)
        let y = content.presentation().frame.y
        #expect(abs(y - (screen.height - 300 * progress)) < 1e-9)
        #expect(abs(y - (screen.height - 150)) < 1e-6, "halfway")
        s.runtime.advance(by: 0.125)
        #expect(content.presentation().frame == final)
        #expect(s.warnings.isEmpty)
    }

    @Test func constraintsOfViewsLeavingTheWindowStopApplying() throws {
        let s = LayoutScene()
        let holder = s.addView("holder", Rect(x: 0, y: 0, width: 200, height: 200))
        let box = s.addView("box", .zero, to: holder)
        let width = try constrain(box, .width, .equal, holder, .width, multiplier: 0.5)
        s.window.layoutIfNeeded()
        #expect(box.frame.width == 100)
        holder.removeFromSuperview()
        s.window.layoutIfNeeded()
        #expect(width.isActive && s.runtime.autoLayout.solverConstraint(of: width) == nil)
        holder.frame.size.width = 300
        try s.window.addSubview(holder)
        s.window.layoutIfNeeded()
        #expect(box.frame.width == 150, "back in the window, it applies again")
    }
}

@Suite struct ConstraintLifetimeTests {
    /// Views own their active constraints and constraints hold views weakly (UIKit's rule): a content view with
    /// constraints, once out of the hierarchy and unreferenced, goes away with them — no cycle keeps it.
    @Test func droppedViewsAndTheirConstraintsAreReleased() throws {
        let scene = TestScene()
        weak var weakContent: View?
        weak var weakConstraint: LayoutConstraint?
        try {
            let container = View(name: "container", frame: Rect(x: 0, y: 0, width: 390, height: 844))
            try scene.window.addSubview(container)
            let content = View(name: "content")
            try container.addSubview(content)
            let height = try LayoutConstraint(item: content, attribute: .height, constant: 300)
            try height.activate()
            try LayoutConstraint(item: container, attribute: .bottom, toItem: content, attribute: .bottom).activate()
            try LayoutConstraint(item: content, attribute: .leading, toItem: container, attribute: .leading).activate()
            try LayoutConstraint(item: content, attribute: .trailing, toItem: container, attribute: .trailing).activate()
            scene.window.layoutIfNeeded()
            #expect(content.frame == Rect(x: 0, y: 544, width: 390, height: 300))
            weakContent = content
            weakConstraint = height
            container.removeFromSuperview()
            scene.window.layoutIfNeeded() // the engine lets go of views that left the window
        }()
        #expect(weakContent == nil)
        #expect(weakConstraint == nil)
    }

    @Test func aConstraintWhoseViewIsGoneIsInert() throws {
        let scene = TestScene()
        let keeper = View(name: "keeper")
        try scene.window.addSubview(keeper)
        var constraint: LayoutConstraint?
        do {
            let transient = View(name: "transient")
            constraint = try LayoutConstraint(item: transient, attribute: .width, toItem: keeper, attribute: .width)
        }
        let gone = try #require(constraint)
        #expect(gone.item == nil)
        #expect(!gone.isIntact)
        #expect(throws: LayoutError.self) { try gone.activate() }
        #expect(gone.description.contains("(gone).width"))
    }
}
