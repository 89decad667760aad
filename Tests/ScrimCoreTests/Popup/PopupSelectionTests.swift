import Testing
@testable import ScrimCore

@Suite struct PopupSelectionTests {
    @Test func aSelectionRunsWillSelectHandlerDidSelectThenCancel() throws {
        let scene = TestScene()
        let log = PopupEventLog(scene.runtime)
        let popup = scene.seedPopup().create()
        try scene.runtime.settle()
        popup.on("rename") { p in
            log.entries.append("handler showing=\(p.isShowing)")
            return nil
        }
        #expect(try popup.select("rename"))
        #expect(log.entries == ["popup.willShow", "popup.didShow", "popup.willSelect rename 3", "handler showing=true",
                                "popup.didSelect rename 3", "popup.willCancel"])
        try scene.runtime.settle()
        #expect(log.entries.last == "popup.didCancel")
    }

    @Test func handlersAreFoundPerItemThenSetItemsThenDelegateMethodThenDidSelectItem() throws {
        let scene = TestScene()
        var calls: [String] = []
        let delegate = RecordingPopupDelegate(methods: ["attach": nil, "detach": nil, "rename": nil], catchAll: .some(nil))
        let popup = scene.seedPopup(delegate: delegate)
        try popup.setItems(popup.items) { item, index, p in
            calls.append("setItems \(item.id) \(index) \(p === popup)")
            return nil
        }
        popup.on("attach") { _ in calls.append("on attach"); return nil }
        for id in ["attach", "detach"] {
            popup.create()
            try popup.select(id)
            try scene.runtime.settle()
        }
        popup.itemHandler = nil
        for id in ["rename", "control"] {
            popup.create()
            try popup.select(id)
            try scene.runtime.settle()
        }
        #expect(calls == ["on attach", "setItems detach 2 true"])
        #expect(delegate.calls == ["delegate:rename", "delegate:didSelectItem control 5"])
        #expect(try popup.handler(for: "attach").map { "\($0)" }?.hasPrefix("item") == true)
        popup.on("attach", nil)
        if case .delegateMethod? = try popup.handler(for: "attach") {} else { Issue.record("delegate method expected") }
    }

    @Test func falseKeepsThePopupOpenAndTrueOrNilClosesIt() throws {
        let scene = TestScene()
        let popup = scene.seedPopup().create()
        try scene.runtime.settle()
        popup.on("attach") { _ in false }
        popup.on("detach") { _ in true }
        try popup.select("attach")
        #expect(popup.isShowing)
        try scene.runtime.settle()
        #expect(popup.view.superview === scene.window)
        try popup.select("detach")
        #expect(!popup.isShowing)
    }

    @Test func anItemWithoutHandlerClosesThePopupAsTheSeedDoesAndIsWarnedAboutOnce() throws {
        let scene = TestScene()
        var warnings: [String] = []
        scene.runtime.warningSink = { warnings.append($0) }
        let log = PopupEventLog(scene.runtime)
        let popup = scene.seedPopup(delegate: PopupActions(["renmae": { _ in nil }])).create()
        try scene.runtime.settle()
        #expect(try popup.select("rename"))
        #expect(!popup.isShowing)
        try scene.runtime.settle()
        #expect(log.entries == ["popup.willShow", "popup.didShow", "popup.willSelect rename 3",
                                "popup.didSelect rename 3", "popup.willCancel", "popup.didCancel"])
        popup.create()
        try scene.runtime.settle()
        try popup.select("rename")
        // Once when first shown (the method meant an item), once at the selection that found nothing.
        #expect(warnings.count == 2, "\(warnings)")
        #expect(warnings.first == "PopupWindow: delegate has 'renmae' but no 'rename' — did you mean 'rename'?")
        #expect(warnings.last?.contains("nothing handles item \"rename\"") == true)
        #expect(warnings.last?.contains("its delegate has 'renmae' — did you mean 'rename'?") == true)
    }

    @Test func aThrowingHandlerIsReportedAndThePopupStillCloses() throws {
        let scene = TestScene()
        let log = PopupEventLog(scene.runtime)
        let popup = scene.seedPopup(delegate: PopupActions(["delete": { _ in throw TestError(text: "disk full") }]))
        popup.name = "menu"
        popup.create()
        try scene.runtime.settle()
        try popup.select("delete")
        #expect(scene.errors.map(\.message) == ["disk full"])
        #expect(scene.errors.first?.context == "delegate method delete for item \"delete\" of PopupWindow \"menu\"")
        #expect(log.entries.suffix(2) == ["popup.didSelect delete 4", "popup.willCancel"])
        try scene.runtime.settle()
        #expect(popup.view.superview == nil)
    }

    @Test func cancellingWillSelectStopsTheSelection() throws {
        let scene = TestScene()
        let popup = scene.seedPopup().create()
        try scene.runtime.settle()
        var ran = false
        popup.on("rename") { _ in ran = true; return nil }
        scene.runtime.hooks.on("popup.willSelect") { event in
            if event["item"]?.stringValue == "rename" { event.cancel() }
        }
        #expect(try popup.select("rename") == false)
        #expect(!ran && popup.isShowing)
    }

    @Test func anUnknownItemThrowsNamingTheItems() throws {
        let scene = TestScene()
        let popup = scene.seedPopup()
        popup.name = "menu"
        #expect(throws: PopupError(message: "PopupWindow \"menu\" has no item \"move\" (items: attach, detach, rename, delete, control)")) {
            try popup.select("move")
        }
        let empty = PopupWindow(runtime: scene.runtime)
        #expect(throws: PopupError(message: "PopupWindow has no item \"x\" (items: none)")) { try empty.select("x") }
    }

    @Test func selectingWhileNotShowingOrDuringTheSlideDownDoesNothing() throws {
        let scene = TestScene()
        var calls = 0
        let popup = scene.seedPopup()
        popup.on("rename") { _ in calls += 1; return false }
        #expect(try popup.select("rename") == false, "never shown")
        popup.create()
        #expect(try popup.select("rename"), "during the slide up a programmatic select goes ahead")
        try scene.runtime.settle()
        popup.cancel()
        scene.runtime.advance(by: 0.1)
        #expect(try popup.select("rename") == false)
        #expect(calls == 1)
    }

    @Test func tappingACellSelectsAndTappingTheDismissViewCancels() throws {
        let scene = TestScene()
        var calls: [String] = []
        let popup = scene.seedPopup(delegate: PopupActions(didSelect: { _, item, index in
            calls.append("\(item.id) \(index)")
            return false
        })).create()
        try scene.runtime.settle()
        #expect(scene.runtime.tap(try #require(popup.cell("control"))) === popup.cell("control"))
        #expect(scene.runtime.tap(at: Point(x: 10, y: 844 - 56 * 5 + 1)) === popup.cell("attach"))
        #expect(calls == ["control 5", "attach 1"])
        #expect(scene.runtime.tap(at: Point(x: 200, y: 100)) === popup.dismissView)
        #expect(!popup.isShowing)
        try scene.runtime.settle()
        #expect(popup.view.superview == nil)
    }

    @Test func tapsAreIgnoredWhileThePopupSlides() throws {
        let scene = TestScene()
        let background = scene.addView("background", scene.window.bounds)
        var backgroundTaps = 0
        background.addGestureRecognizer(TapGestureRecognizer { _ in backgroundTaps += 1 })
        var selected = 0
        let popup = scene.seedPopup(delegate: PopupActions(didSelect: { _, _, _ in selected += 1; return false }))
        popup.create()
        scene.runtime.advance(by: 0.29)
        let cell = try #require(popup.cell("rename"))
        #expect(scene.runtime.tap(cell) === background, "mid slide-up a cell ignores the tap")
        #expect(scene.runtime.tap(popup.dismissView) === background, "so does the dismissView")
        #expect(selected == 0 && popup.isShowing)
        try scene.runtime.settle()
        #expect(scene.runtime.tap(cell) === cell)
        popup.cancel()
        scene.runtime.advance(by: 0.01)
        #expect(scene.runtime.tap(at: Point(x: 200, y: 700)) === background, "mid slide-down too")
        #expect(selected == 1 && backgroundTaps == 3)
    }

    @Test func theDismissViewTapCanBeTurnedOff() throws {
        let scene = TestScene()
        let popup = scene.seedPopup().create()
        popup.cancelsOnDismissViewTap = false
        try scene.runtime.settle()
        #expect(scene.runtime.tap(popup.dismissView) === popup.dismissView, "swallowed")
        #expect(popup.isShowing)
    }
}
