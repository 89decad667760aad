import Testing
@testable import ScrimCore

@Suite struct PopupContentTests {
    @Test func cellsSitInFullWidthRowsAtTheBottomUnderTheDismissView() {
        let scene = TestScene()
        let popup = scene.seedPopup()
        #expect(popup.view.subviews.map(\.name) == ["dismissView", "collectionView"])
        #expect(popup.collectionView.frame == Rect(x: 0, y: 844 - 280, width: 390, height: 280))
        #expect(popup.dismissView.frame == Rect(x: 0, y: 0, width: 390, height: 564))
        #expect(popup.cells.map(\.name) == ["attach", "detach", "rename", "delete", "control"])
        #expect(popup.cell("rename")?.frame == Rect(x: 0, y: 112, width: 390, height: 56))
        #expect(popup.cell("rename")?.text == "rename")
        #expect(popup.cell("nothing") == nil)
    }

    @Test func aGridLayoutAndTitles() throws {
        let scene = TestScene()
        let popup = PopupWindow(runtime: scene.runtime)
        popup.layout = PopupFlowLayout(columns: 4, itemHeight: 80, spacing: 10, inset: 15)
        try popup.setItems([PopupItem(id: "attach", title: "Attach"), "detach", "rename", "delete", "control"])
        #expect(popup.collectionView.frame == .zero, "laid out when the view loads")
        _ = popup.view
        // 4 columns across 390 - 30 - 30 = 330 → 82.5 wide; 2 rows: 15 + 80 + 10 + 80 + 15 = 200 high.
        #expect(popup.collectionView.frame == Rect(x: 0, y: 644, width: 390, height: 200))
        #expect(popup.cell("attach")?.frame == Rect(x: 15, y: 15, width: 82.5, height: 80))
        #expect(popup.cell("delete")?.frame == Rect(x: 292.5, y: 15, width: 82.5, height: 80))
        #expect(popup.cell("control")?.frame == Rect(x: 15, y: 105, width: 82.5, height: 80))
        #expect(popup.cell("attach")?.text == "Attach")
    }

    @Test func setItemsRebuildsTheCellsAndKeepsTheHandlerUnlessGivenOne() throws {
        let scene = TestScene()
        var seen: [String] = []
        let popup = PopupWindow(runtime: scene.runtime)
        try popup.setItems(["a", "b"]) { item, _, _ in seen.append(item.id); return false }
        let oldCell = try #require(popup.cell("a"))
        try popup.setItems(["c", "a"])
        #expect(oldCell.superview == nil)
        #expect(popup.collectionView.subviews.map(\.name) == ["c", "a"])
        #expect(popup.items == ["c", "a"])
        popup.create()
        try popup.select("a")
        #expect(seen == ["a"])
    }

    @Test func badItemsThrowAndChangeNothing() throws {
        let scene = TestScene()
        let popup = scene.seedPopup()
        #expect(throws: PopupError(message: "setItems: item \"a\" appears twice")) { try popup.setItems(["a", "b", "a"]) }
        #expect(throws: PopupError.self) { try popup.setItems([""]) }
        #expect(popup.items.count == 5 && popup.cells.count == 5)
    }

    @Test func aSubclassReplacesTheContent() throws {
        final class Sheet: PopupWindow {
            let header = View(name: "header")
            var loaded = 0
            override func viewDidLoad() { loaded += 1 }
            override func makeContentView() -> View {
                let content = View(name: "sheet")
                try! content.addSubview(header)
                try! content.addSubview(collectionView)
                return content
            }
            override func layoutContent() {
                let content = view.subviews[1]
                content.frame = Rect(x: 0, y: view.bounds.height - 300, width: view.bounds.width, height: 300)
                header.frame = Rect(x: 0, y: 0, width: view.bounds.width, height: 44)
                collectionView.frame = Rect(x: 0, y: 44, width: view.bounds.width, height: 256)
                dismissView.frame = Rect(x: 0, y: 0, width: view.bounds.width, height: view.bounds.height - 300)
                layoutCells()
            }
        }
        let scene = TestScene()
        let sheet = Sheet(runtime: scene.runtime)
        try sheet.setItems(["share"])
        sheet.create()
        try scene.runtime.settle()
        #expect(sheet.loaded == 1)
        #expect(scene.runtime.find("share")?.frameInWindow == Rect(x: 0, y: 844 - 256, width: 390, height: 56))
        #expect(sheet.className == "Sheet")
        var shared = false
        sheet.on("share") { _ in shared = true; return nil }
        scene.runtime.tap(try #require(sheet.cell("share")))
        #expect(shared && !sheet.isShowing)
    }
}

@Suite struct PopupConfirmDialogTests {
    @Test func aCentredCardFadesAndScalesIn() throws {
        let scene = TestScene()
        let dialog = ConfirmDialog(runtime: scene.runtime, title: "Delete?", message: "This cannot be undone.")
        #expect(dialog.items == [PopupItem(id: "cancel", title: "Cancel"), PopupItem(id: "confirm", title: "OK")])
        dialog.create()
        #expect(dialog.view.frame == scene.window.bounds, "no slide")
        #expect(dialog.cardView.frame == Rect(x: 60, y: (844 - 140) / 2, width: 270, height: 140))
        #expect(dialog.cell("cancel")?.frameInWindow == Rect(x: 60, y: 422 + 70 - 44, width: 135, height: 44))
        #expect(dialog.titleView.text == "Delete?" && dialog.messageView.text == "This cannot be undone.")
        scene.runtime.advance(by: 0.125)
        let p = easeInOutProgress(0.5)
        let card = dialog.cardView.presentation()
        #expect(abs(card.alpha - p) < 1e-3)
        #expect(abs(card.transform.scaleX - (0.8 + 0.2 * p)) < 1e-3)
        #expect(abs(dialog.dismissView.presentation().alpha - p) < 1e-3)
        try scene.runtime.settle()
        #expect(dialog.cardView.presentation().alpha == 1)
    }

    @Test func bothButtonsCloseWithOrWithoutAHandler() throws {
        let scene = TestScene()
        let dialog = ConfirmDialog(runtime: scene.runtime, title: "Sure?")
        var confirmed = 0
        dialog.on("confirm") { _ in confirmed += 1; return nil }
        dialog.create()
        try scene.runtime.settle()
        #expect(scene.runtime.tap(at: Point(x: 10, y: 10)) === dialog.dismissView, "the dimming swallows the tap")
        #expect(scene.runtime.tap(dialog.cardView) == nil, "the card between the buttons takes no action")
        #expect(dialog.isShowing)
        scene.runtime.tap(try #require(dialog.cell("confirm")))
        #expect(confirmed == 1 && !dialog.isShowing)
        scene.runtime.advance(by: 0.25)
        #expect(dialog.view.superview == nil, "removed after its own 0.25 s")
        dialog.create()
        try scene.runtime.settle()
        try dialog.select("cancel")
        #expect(!dialog.isShowing)
        try scene.runtime.settle()
        #expect(confirmed == 1)
        #expect(scene.runtime.popups.popups.isEmpty)
    }

    @Test func tapsAreIgnoredWhileTheDialogFades() throws {
        let scene = TestScene()
        let dialog = ConfirmDialog(runtime: scene.runtime)
        var confirmed = false
        dialog.on("confirm") { _ in confirmed = true; return nil }
        dialog.create()
        scene.runtime.advance(by: 0.2)
        #expect(scene.runtime.tap(try #require(dialog.cell("confirm"))) == nil)
        #expect(!confirmed && dialog.isShowing)
    }
}
