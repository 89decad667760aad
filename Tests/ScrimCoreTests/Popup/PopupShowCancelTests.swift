import Testing
@testable import ScrimCore

@Suite struct PopupShowCancelTests {
    @Test func createSlidesUpFromTheBottomOnTheEaseInOutCurve() throws {
        let scene = TestScene()
        let log = PopupEventLog(scene.runtime)
        let popup = scene.seedPopup()
        #expect(popup.create() === popup, "create returns the popup for chaining")
        #expect(popup.view.superview === scene.window)
        #expect(popup.view.frame == scene.window.bounds, "the model is at its final place at once")
        #expect(popup.isShowing && popup.phase == .appearing)
        #expect(popup.view.backgroundColor == .clear)
        let height = 844.0
        for t in [0.0, 0.05, 0.1, 0.15, 0.2, 0.25] {
            scene.runtime.advance(by: t - scene.runtime.now)
            let y = popup.view.presentation().frame.y
            #expect(abs(y - height * (1 - easeInOutProgress(t / 0.3))) < 0.01, "y at \(t) s")
        }
        #expect(log.entries == ["popup.willShow"])
        scene.runtime.advance(by: 0.05)
        #expect(popup.view.presentation().frame.y == 0)
        #expect(log.entries == ["popup.willShow", "popup.didShow"], "didShow when the slide has finished")
        #expect(popup.phase == .shown)
    }

    @Test func cancelSlidesDownAndRemovesTheViewExactlyPointThreeSecondsLater() throws {
        let scene = TestScene()
        let log = PopupEventLog(scene.runtime)
        let popup = scene.seedPopup().create()
        try scene.runtime.settle()
        let start = scene.runtime.now
        popup.cancel()
        #expect(!popup.isShowing && popup.phase == .cancelling, "isShowing turns false when cancel starts")
        #expect(popup.view.frame.y == 844)
        for t in [0.0, 0.06, 0.12, 0.18, 0.24] {
            scene.clock.advance(to: start + t)
            #expect(abs(popup.view.presentation().frame.y - 844 * easeInOutProgress(t / 0.3)) < 0.01, "y at \(t) s")
        }
        scene.clock.advance(to: start + 0.2999)
        #expect(popup.view.superview === scene.window)
        #expect(scene.runtime.popups.contains(popup))
        scene.clock.advance(to: start + 0.3)
        #expect(popup.view.superview == nil)
        #expect(popup.phase == .hidden)
        #expect(!scene.runtime.popups.contains(popup))
        #expect(log.entries == ["popup.willShow", "popup.didShow", "popup.willCancel", "popup.didCancel"])
        #expect(scene.runtime.clock.isIdle)
    }

    @Test func createAddsToTheWindowOnTop() throws {
        let scene = TestScene()
        scene.addView("background", scene.window.bounds)
        let first = scene.seedPopup().create()
        #expect(scene.window.subviews.last === first.view)
        let second = scene.seedPopup()
        second.name = "second"
        second.create()
        #expect(scene.window.subviews.map(\.name) == ["background", "popup", "second"])
        #expect(scene.runtime.find("rename")?.superview?.superview === second.view, "the topmost popup's cell first")
        #expect(scene.runtime.popups.popups.count == 2)
    }

    @Test func createDuringTheSlideDownComesBackUpFromWhereItIsAndOnTop() throws {
        let scene = TestScene()
        let log = PopupEventLog(scene.runtime)
        let popup = scene.seedPopup().create()
        try scene.runtime.settle()
        popup.cancel()
        scene.runtime.advance(by: 0.15)
        let halfway = popup.view.presentation().frame.y
        scene.addView("later", Rect(x: 0, y: 0, width: 10, height: 10))
        popup.create()
        #expect(popup.isShowing)
        #expect(scene.window.subviews.last === popup.view, "brought to front again")
        #expect(abs(popup.view.presentation().frame.y - halfway) < 1e-6, "no jump")
        try scene.runtime.settle()
        #expect(popup.view.superview === scene.window, "the pending removal was called off")
        #expect(popup.view.presentation().frame.y == 0)
        #expect(scene.runtime.popups.contains(popup))
        #expect(log.entries == ["popup.willShow", "popup.didShow", "popup.willCancel", "popup.willShow",
                                "popup.didShow"])
    }

    @Test func createAgainAfterAFullCancelShowsItAgain() throws {
        let scene = TestScene()
        let popup = scene.seedPopup().create()
        try scene.runtime.settle()
        popup.cancel()
        try scene.runtime.settle()
        #expect(popup.view.superview == nil)
        popup.create()
        #expect(popup.view.superview === scene.window)
        scene.runtime.advance(by: 0.15)
        #expect(abs(popup.view.presentation().frame.y - 844 * (1 - easeInOutProgress(0.5))) < 0.01)
        try scene.runtime.settle()
        #expect(popup.phase == .shown)
    }

    @Test func createWhileShownAndDoubleCancelDoNothing() throws {
        let scene = TestScene()
        let log = PopupEventLog(scene.runtime)
        let popup = scene.seedPopup().create()
        scene.runtime.advance(by: 0.1)
        popup.create()
        #expect(scene.runtime.animator.runningAnimations.count == 1)
        try scene.runtime.settle()
        popup.create()
        popup.cancel()
        popup.cancel()
        #expect(scene.runtime.clock.pendingTimers.count == 1, "one removal")
        try scene.runtime.settle()
        popup.cancel()
        #expect(log.entries == ["popup.willShow", "popup.didShow", "popup.willCancel", "popup.didCancel"])
    }

    @Test func cancelDuringTheSlideUpReversesWithoutDidShow() throws {
        let scene = TestScene()
        let log = PopupEventLog(scene.runtime)
        let popup = scene.seedPopup().create()
        scene.runtime.advance(by: 0.1)
        let y = popup.view.presentation().frame.y
        popup.cancel()
        #expect(abs(popup.view.presentation().frame.y - y) < 1e-6, "no jump (additive animations)")
        try scene.runtime.settle()
        #expect(popup.view.superview == nil)
        #expect(log.entries == ["popup.willShow", "popup.willCancel", "popup.didCancel"])
    }

    @Test func cancelledWillShowShowsNothingAndCancelledWillCancelStays() throws {
        let scene = TestScene()
        let popup = scene.seedPopup()
        var vetoShow = true, vetoCancel = true
        scene.runtime.hooks.on("popup.willShow") { event in if vetoShow { event.cancel() } }
        scene.runtime.hooks.on("popup.willCancel") { event in if vetoCancel { event.cancel() } }
        popup.create()
        #expect(!popup.isShowing)
        #expect(!popup.isViewLoaded || popup.view.superview == nil)
        #expect(scene.runtime.popups.popups.isEmpty)
        #expect(scene.runtime.clock.isIdle)
        vetoShow = false
        popup.create()
        try scene.runtime.settle()
        popup.cancel()
        #expect(popup.isShowing && popup.phase == .shown)
        try scene.runtime.settle()
        #expect(popup.view.superview === scene.window)
        vetoCancel = false
        popup.cancel()
        try scene.runtime.settle()
        #expect(popup.view.superview == nil)
    }

    @Test func theRuntimeHoldsAShownPopupAndNothingAfterTheCancel() throws {
        let scene = TestScene()
        var held: [String] = []
        scene.runtime.popups.didHold = { held.append("hold \($0.displayName)") }
        scene.runtime.popups.didRelease = { held.append("release \($0.displayName)") }
        // The bridge keeps what the popup keeps from a script until the last handler that receives it ran.
        scene.runtime.hooks.on("popup.didCancel") { [weak runtime = scene.runtime] _ in
            held.append("didCancel, \(runtime?.popups.popups.count ?? -1) held")
        }
        weak var weakPopup: PopupWindow?
        weak var weakView: View?
        weak var weakDelegate: RecordingPopupDelegate?
        do {
            let delegate = RecordingPopupDelegate(methods: ["rename": nil])
            weakDelegate = delegate
            let popup = scene.seedPopup(delegate: delegate)
            popup.name = "menu"
            weakPopup = popup
            weakView = popup.view
            popup.create()
        }
        #expect(weakPopup != nil, "held while shown: the script need not keep it")
        #expect(weakDelegate != nil, "the delegate is held strongly")
        try scene.runtime.settle()
        try #require(weakPopup).select("rename")
        #expect(weakDelegate?.calls == ["delegate:rename"])
        #expect(weakPopup != nil, "still held during the slide down")
        try scene.runtime.settle()
        #expect(weakPopup == nil)
        #expect(weakView == nil)
        #expect(weakDelegate == nil)
        #expect(held == ["hold PopupWindow \"menu\"", "didCancel, 0 held", "release PopupWindow \"menu\""])
        #expect(scene.runtime.popups.popups.isEmpty)
    }

    @Test func registriesBelongToTheirRuntime() {
        let a = TestScene(), b = TestScene()
        #expect(a.runtime.popups === a.runtime.popups)
        #expect(a.runtime.popups !== b.runtime.popups)
        let popup = a.seedPopup().create()
        #expect(a.runtime.popups.popups.map(ObjectIdentifier.init) == [ObjectIdentifier(popup)])
        #expect(b.runtime.popups.popups.isEmpty)
    }

    @Test func aPopupOutlivingItsRuntimeDoesNothing() throws {
        var runtime: Runtime? = Runtime()
        let popup = try PopupWindow(runtime: runtime!, items: ["a"])
        let shown = try PopupWindow(runtime: runtime!, items: ["b"]).create()
        runtime = nil
        #expect(popup.runtime == nil)
        popup.create()
        #expect(!popup.isShowing)
        shown.cancel()
        #expect(try shown.select("b") == false)
        _ = Runtime().popups
    }
}
