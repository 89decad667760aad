import Testing
@testable import ScrimCore

final class Veto: GestureRecognizerDelegate {
    var allow: Bool
    var asked: [Point] = []
    init(allow: Bool) { self.allow = allow }
    func gestureRecognizerShouldReceiveTouch(_ recognizer: GestureRecognizer, point: Point) throws -> Bool {
        asked.append(point)
        return allow
    }
}

@Suite struct TapTests {
    @Test func tapGoesToTheNearestAncestorWithARecognizer() {
        let scene = TestScene()
        let card = scene.addView("card", Rect(x: 100, y: 100, width: 100, height: 100))
        let label = scene.addView("label", Rect(x: 10, y: 10, width: 50, height: 20), to: card)
        var log: [String] = []
        let recognizer = TapGestureRecognizer { r in log.append("card tapped via \(r.view?.name ?? "?")") }
        card.addGestureRecognizer(recognizer)
        #expect(recognizer.view === card)
        #expect(scene.runtime.tap(at: Point(x: 115, y: 115)) === card)
        #expect(scene.runtime.tap(label) === card)
        #expect(log == ["card tapped via card", "card tapped via card"])
        #expect(scene.runtime.tap(at: Point(x: 10, y: 10)) == nil, "no recognizer anywhere up the chain")
    }

    @Test func disabledRecognizersAndDelegateVetoesPassTheTapUp() {
        let scene = TestScene()
        let outer = scene.addView("outer", Rect(x: 0, y: 0, width: 300, height: 300))
        let inner = scene.addView("inner", Rect(x: 50, y: 50, width: 100, height: 100), to: outer)
        var log: [String] = []
        let outerTap = TapGestureRecognizer { _ in log.append("outer") }
        let innerTap = TapGestureRecognizer { _ in log.append("inner") }
        outer.addGestureRecognizer(outerTap)
        inner.addGestureRecognizer(innerTap)
        #expect(scene.runtime.tap(at: Point(x: 60, y: 70)) === inner)
        let veto = Veto(allow: false)
        innerTap.delegate = veto
        #expect(scene.runtime.tap(at: Point(x: 60, y: 70)) === outer)
        #expect(veto.asked == [Point(x: 10, y: 20)], "the delegate sees the point in its view's coordinates")
        innerTap.delegate = nil
        innerTap.isEnabled = false
        #expect(scene.runtime.tap(at: Point(x: 60, y: 70)) === outer)
        outerTap.delegate = Veto(allow: false)
        #expect(scene.runtime.tap(at: Point(x: 60, y: 70)) == nil)
        #expect(log == ["inner", "outer", "outer"])
    }

    @Test func tapsHitTheModelAndSkipAnimatingViews() throws {
        let scene = TestScene()
        let back = scene.addView("back", scene.window.bounds)
        let button = scene.addView("button", Rect(x: 0, y: 0, width: 50, height: 50))
        var log: [String] = []
        back.addGestureRecognizer(TapGestureRecognizer { _ in log.append("back") })
        button.addGestureRecognizer(TapGestureRecognizer { _ in log.append("button") })
        scene.runtime.animate(duration: 0.3, animations: { button.frame.origin.x = 200 })
        #expect(scene.runtime.tap(at: Point(x: 210, y: 10)) === back, "animating: ignores touches")
        try scene.runtime.settle()
        #expect(scene.runtime.tap(at: Point(x: 210, y: 10)) === button)
        #expect(log == ["back", "button"])
    }

    @Test func throwingActionsAreReportedAndOtherRecognizersStillRun() {
        let scene = TestScene()
        let v = scene.addView("v", Rect(x: 0, y: 0, width: 50, height: 50))
        var ran = false
        v.addGestureRecognizer(TapGestureRecognizer { _ in throw TestError(text: "tap failed") })
        v.addGestureRecognizer(TapGestureRecognizer { _ in ran = true })
        #expect(scene.runtime.tap(at: Point(x: 5, y: 5)) === v)
        #expect(ran)
        #expect(scene.errors.map(\.message) == ["tap failed"])
        #expect(scene.errors.first?.context == "tap action on \"v\"")
    }

    @Test func recognizersMoveBetweenViews() {
        let a = View(name: "a"), b = View(name: "b")
        let r = TapGestureRecognizer { _ in }
        a.addGestureRecognizer(r)
        b.addGestureRecognizer(r)
        #expect(a.gestureRecognizers.isEmpty && b.gestureRecognizers.count == 1 && r.view === b)
        b.removeGestureRecognizer(r)
        #expect(r.view == nil && b.gestureRecognizers.isEmpty)
    }
}
