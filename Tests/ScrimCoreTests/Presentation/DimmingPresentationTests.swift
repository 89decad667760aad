import Testing
@testable import ScrimCore

/// The seed's DimmingTransition, told as a user sees it: present, advance, tap, look where things are.
@Suite struct DimmingPresentationTests {
    /// The bottom sheet's content on screen when presented: 300 pt high at the bottom of a 390 × 844 screen.
    let shown = Rect(x: 0, y: 544, width: 390, height: 300)
    /// Where it starts: the bottom constraint's constant at −(844 × 0.8) puts it 675.2 pt lower.
    let hidden = Rect(x: 0, y: 544 + 675.2, width: 390, height: 300)

    private func presentSheet(_ s: PresentationScene, log: CallLog? = nil) throws -> MoreActionViewController {
        let sheet = MoreActionViewController(name: "more")
        sheet.log = log
        try s.runtime.present(sheet)
        return sheet
    }

    @Test func theBottomSheetSlidesUpThenDown() throws {
        let s = PresentationScene()
        let sheet = try presentSheet(s)
        #expect(near(sheet.content.screenFrame, hidden))
        s.advance(to: 0.125)
        #expect(near(sheet.content.screenFrame, Rect(x: 0, y: 544 + 675.2 / 2, width: 390, height: 300)),
                "ease-in-out is half way at half time")
        s.advance(to: 0.25)
        #expect(near(sheet.content.screenFrame, shown))
        #expect(!sheet.isBeingPresented)

        sheet.dismiss()
        #expect(sheet.isBeingDismissed)
        #expect(near(sheet.content.screenFrame, shown))
        s.advance(to: 0.375)
        #expect(near(sheet.content.screenFrame, Rect(x: 0, y: 544 + 675.2 / 2, width: 390, height: 300)))
        s.advance(to: 0.4999)
        #expect(sheet.content.screenFrame.y > 1219 && sheet.view.window != nil)
        s.advance(to: 0.5)
        #expect(sheet.view.window == nil && s.root.presentedViewController == nil)
        #expect(s.runtime.find("dimmingView") == nil)
        #expect(s.errors.isEmpty && s.warnings.isEmpty)
    }

    @Test func theDimmingViewFillsTheContainerBelowThePresentedViewAndFades() throws {
        let s = PresentationScene()
        let sheet = try presentSheet(s)
        let dimming = try #require(s.runtime.find("dimmingView"))
        let container = try #require(sheet.presentationController?.containerView)
        #expect(container.subviews.count == 2 && container.subviews[0] === dimming && container.subviews[1] === sheet.view,
                "the dimming view sits below the presented view")
        #expect(dimming.frame == s.runtime.window.bounds)
        #expect(dimming.backgroundColor == Color.black.withAlpha(0.5))
        #expect(sheet.view.backgroundColor == .clear)
        #expect(sheet.dimmingTransitioning.dimmingView === dimming)
        #expect((sheet.presentationController as? DimmingPresentationController)?.dimmingView === dimming)

        #expect(dimming.presentation().alpha == 0)
        s.advance(to: 0.125)
        #expect(near(dimming.presentation().alpha, 0.5))
        s.advance(to: 0.25)
        #expect(dimming.presentation().alpha == 1)

        sheet.dismiss()
        #expect(dimming.alpha == 0, "the model moves at once")
        s.advance(to: 0.375)
        #expect(near(dimming.presentation().alpha, 0.5))
        try s.runtime.settle()
        #expect(dimming.superview == nil && sheet.dimmingTransitioning.dimmingView == nil)
    }

    @Test func aTapOnTheContentDoesNotDismiss() throws {
        let s = PresentationScene()
        let log = CallLog()
        let sheet = try presentSheet(s, log: log)
        try s.runtime.settle()
        s.runtime.tap(sheet.content)
        s.runtime.tap(sheet.button)
        try s.runtime.settle()
        #expect(s.root.presentedViewController === sheet)
        #expect(!log.entries.contains("dimmingViewTapped"))
    }

    @Test func aTapOnTheDimmingViewCallsDimmingViewTappedThenDismisses() throws {
        let s = PresentationScene()
        let log = CallLog()
        let sheet = try presentSheet(s, log: log)
        s.runtime.hooks.on("dimming.tapped") { event in
            log("event dimming.tapped willDismiss=\(event["willDismiss"]?.boolValue == true)")
            #expect(event["viewController"]?.objectValue === sheet)
        }
        s.record(["transition.willDismiss", "transition.didDismiss"], into: log)
        try s.runtime.settle()
        log.entries = []
        let handler = s.runtime.tap(at: Point(x: 200, y: 100))
        #expect(handler?.name == "dimmingView", "the presented view lets the tap through to the dimming view")
        #expect(log.entries == ["dimmingViewTapped", "event dimming.tapped willDismiss=true",
                                "event transition.willDismiss", "viewWillDisappear", "executeDismissalAnimation"])
        try s.runtime.settle()
        #expect(log.entries.suffix(2) == ["viewDidDisappear", "event transition.didDismiss"])
        #expect(s.root.presentedViewController == nil)
    }

    @Test func aTapDuringThePresentationIsIgnored() throws {
        let s = PresentationScene()
        let log = CallLog()
        let sheet = try presentSheet(s, log: log)
        s.advance(to: 0.1)
        #expect(s.runtime.tap(at: Point(x: 200, y: 100)) == nil, "the dimming view is animating")
        try s.runtime.settle()
        #expect(s.root.presentedViewController === sheet && !log.entries.contains("dimmingViewTapped"))
    }

    @Test func disallowingTapToDismissKeepsItPresented() throws {
        let s = PresentationScene()
        let log = CallLog()
        let sheet = try presentSheet(s, log: log)
        sheet.canOperate = false
        var willDismiss: Bool?
        s.runtime.hooks.on("dimming.tapped") { willDismiss = $0["willDismiss"]?.boolValue }
        try s.runtime.settle()
        s.runtime.tap(at: Point(x: 200, y: 100))
        try s.runtime.settle()
        #expect(log.entries.contains("dimmingViewTapped") && willDismiss == false)
        #expect(s.root.presentedViewController === sheet)
    }

    @Test func aCancelledDimmingTappedEventKeepsItPresented() throws {
        let s = PresentationScene()
        let log = CallLog()
        let sheet = try presentSheet(s, log: log)
        s.runtime.hooks.on("dimming.tapped") { $0.cancel() }
        try s.runtime.settle()
        s.runtime.tap(at: Point(x: 200, y: 100))
        try s.runtime.settle()
        #expect(log.entries.contains("dimmingViewTapped"))
        #expect(s.root.presentedViewController === sheet && sheet.view.window != nil)
    }

    @Test func theDurationsComeFromTheDelegate() throws {
        let s = PresentationScene()
        let sheet = MoreActionViewController(name: "slow")
        sheet.presentDuration = 0.4
        sheet.dismissDuration = 0.1
        try s.runtime.present(sheet)
        let dimming = try #require(s.runtime.find("dimmingView"))
        s.advance(to: 0.25)
        #expect(sheet.isBeingPresented && sheet.content.screenFrame.y > 544)
        #expect(dimming.presentation().alpha < 1)
        s.advance(to: 0.4)
        #expect(!sheet.isBeingPresented && near(sheet.content.screenFrame, shown) && dimming.presentation().alpha == 1)
        sheet.dismiss()
        s.advance(to: 0.45)
        #expect(near(dimming.presentation().alpha, 0.5))
        s.advance(to: 0.5)
        #expect(s.root.presentedViewController == nil)
    }

    @Test func aThrowingPresentationAnimationIsReportedYetTheTransitionCompletes() throws {
        let s = PresentationScene()
        let log = CallLog()
        let sheet = MoreActionViewController(name: "more")
        sheet.presentationError = TestError(text: "attempt to index a nil value")
        try s.runtime.present(sheet) { log("completion") }
        #expect(s.errors.map(\.context) == ["executePresentationAnimation of MoreActionViewController \"more\""])
        #expect(s.errors.first?.message == "attempt to index a nil value")
        s.advance(to: 0.25)
        #expect(log.entries == ["completion"])
        #expect(s.root.presentedViewController === sheet && !sheet.isBeingPresented)
        sheet.dismiss()
        try s.runtime.settle()
        #expect(s.root.presentedViewController == nil)
    }

    @Test func theTopSheetSlidesDown() throws {
        final class Banner: TopPresentViewController {
            let content = View(name: "content")
            var top: LayoutConstraint?
            override func viewDidLoad() throws {
                try view.addSubview(content)
                try pin(content, .leading, to: view)
                try pin(content, .trailing, to: view)
                try pin(content, .height, equalTo: 200)
                top = try pin(content, .top, to: view)
            }
            override var animatedTopConstraint: LayoutConstraint? { top }
        }
        let s = PresentationScene()
        let banner = Banner(name: "banner")
        try s.runtime.present(banner)
        #expect(near(banner.content.screenFrame, Rect(x: 0, y: -675.2, width: 390, height: 200)))
        s.advance(to: 0.125)
        #expect(near(banner.content.screenFrame, Rect(x: 0, y: -337.6, width: 390, height: 200)))
        try s.runtime.settle()
        #expect(near(banner.content.screenFrame, Rect(x: 0, y: 0, width: 390, height: 200)))
        banner.dismiss()
        s.advance(to: s.runtime.now + 0.125)
        #expect(near(banner.content.screenFrame, Rect(x: 0, y: -337.6, width: 390, height: 200)))
        try s.runtime.settle()
        #expect(s.root.presentedViewController == nil)
    }

    @Test func theRightSheetSlidesInFromTheRight() throws {
        final class Drawer: RightPresentViewController {
            let content = View(name: "content")
            var trailing: LayoutConstraint?
            override func viewDidLoad() throws {
                try view.addSubview(content)
                try pin(content, .top, to: view)
                try pin(content, .bottom, to: view)
                try pin(content, .width, equalTo: 300)
                trailing = try pin(view, .trailing, to: content)
            }
            override var animatedTrailingConstraint: LayoutConstraint? { trailing }
        }
        let s = PresentationScene()
        let drawer = Drawer(name: "drawer")
        try s.runtime.present(drawer)
        #expect(near(drawer.content.screenFrame, Rect(x: 90 + 390, y: 0, width: 300, height: 844)))
        s.advance(to: 0.125)
        #expect(near(drawer.content.screenFrame, Rect(x: 90 + 195, y: 0, width: 300, height: 844)))
        try s.runtime.settle()
        #expect(near(drawer.content.screenFrame, Rect(x: 90, y: 0, width: 300, height: 844)))
        s.runtime.tap(at: Point(x: 40, y: 400))
        try s.runtime.settle()
        #expect(near(drawer.content.screenFrame, Rect(x: 480, y: 0, width: 300, height: 844)))
        #expect(s.root.presentedViewController == nil)
    }

    @Test func theCenterSheetFadesAndGrows() throws {
        final class Alert: CenterPresentViewController {
            let box = View(name: "box", frame: Rect(x: 45, y: 322, width: 300, height: 200))
            override func viewDidLoad() throws { try view.addSubview(box) }
            override var animatedContentView: View? { box }
        }
        let s = PresentationScene()
        let alert = Alert(name: "alert")
        try s.runtime.present(alert)
        #expect(alert.box.presentation().alpha == 0 && alert.box.presentation().transform == .scale(0.8))
        s.advance(to: 0.125)
        #expect(near(alert.box.presentation().alpha, 0.5))
        #expect(near(alert.box.presentation().transform.scaleX, 0.9) && near(alert.box.presentation().transform.scaleY, 0.9))
        try s.runtime.settle()
        #expect(alert.box.presentation().alpha == 1 && alert.box.presentation().transform == .identity)
        alert.dismiss()
        s.advance(to: s.runtime.now + 0.125)
        #expect(near(alert.box.presentation().alpha, 0.5))
        try s.runtime.settle()
        #expect(alert.box.alpha == 0 && alert.box.transform == .scale(0.8))
        #expect(s.root.presentedViewController == nil)
    }

    @Test func aMissingRequiredOverrideIsAnErrorAtPresentTime() throws {
        final class Forgetful: BottomPresentViewController {}
        let s = PresentationScene()
        #expect(throws: RequiredMemberError(message: "BottomPresentViewController: animatedBottomConstraint is required "
            + "(override it to return the content view's bottom constraint)")) {
            try s.runtime.present(BottomPresentViewController(name: "plain"))
        }
        #expect(throws: RequiredMemberError(message: "Forgetful (a BottomPresentViewController): animatedBottomConstraint "
            + "is required (override it to return the content view's bottom constraint)")) {
            try s.runtime.present(Forgetful())
        }
        #expect(throws: RequiredMemberError(message: "CenterPresentViewController: animatedContentView is required "
            + "(override it to return the view to fade and scale in)")) {
            try s.runtime.present(CenterPresentViewController())
        }
        #expect(throws: RequiredMemberError.self) { try s.runtime.present(TopPresentViewController()) }
        #expect(throws: RequiredMemberError.self) { try s.runtime.present(RightPresentViewController()) }
        #expect(s.root.presentedViewController == nil && s.runtime.find("containerView") == nil)
    }

    @Test func theBaseClassesSetUpTheSeedsTransition() {
        let sheet = MoreActionViewController()
        #expect(sheet.modalPresentationStyle == .custom)
        #expect(sheet.transitioningDelegate === sheet.dimmingTransitioning)
        #expect(sheet.dimmingTransitioning.delegate === sheet)
        #expect((try? sheet.animatedHeight) == 844 * 0.8)
        #expect((try? RightPresentViewController().animatedWidth) == 390)
    }

    @Test func closureMembersWinOverTheDelegate() throws {
        final class Owner: DimmingTransitioningDelegate {
            var log: [String] = []
            func executePresentationAnimation() throws { log.append("delegate present") }
            func executeDismissalAnimation() throws { log.append("delegate dismiss") }
        }
        let s = PresentationScene()
        let owner = Owner()
        let transitioning = DimmingTransitioning(delegate: owner)
        var log: [String] = []
        transitioning.executePresentationAnimation = { log.append("closure present") }
        transitioning.allowTapDimmingViewToDismiss = { false }
        transitioning.dimmingViewTapped = { log.append("closure tapped") }
        transitioning.presentationAnimationDuration = { 0.5 }
        let sheet = ViewController(name: "sheet")
        sheet.modalPresentationStyle = .custom
        sheet.transitioningDelegate = transitioning
        try s.runtime.present(sheet)
        #expect(transitioning.presentationController === sheet.presentationController)
        s.advance(to: 0.25)
        #expect(sheet.isBeingPresented)
        s.advance(to: 0.5)
        #expect(!sheet.isBeingPresented)
        s.runtime.tap(at: Point(x: 10, y: 10))
        #expect(s.root.presentedViewController === sheet)
        sheet.dismiss()
        try s.runtime.settle()
        #expect(log == ["closure present", "closure tapped"])
        #expect(owner.log == ["delegate dismiss"])
        #expect(s.root.presentedViewController == nil)
    }

    @Test func aMissingAnimationIsReportedAndTheTransitionStillCompletes() throws {
        let s = PresentationScene()
        let transitioning = DimmingTransitioning()
        let sheet = ViewController(name: "sheet")
        sheet.modalPresentationStyle = .custom
        sheet.transitioningDelegate = transitioning
        try s.runtime.present(sheet)
        try s.runtime.settle()
        #expect(s.errors.map(\.context) == ["executePresentationAnimation of ViewController \"sheet\""])
        #expect(s.errors.first?.message == "DimmingTransitioning: executePresentationAnimation is required (give it a "
            + "delegate that implements executePresentationAnimation, or assign the closure)")
        #expect(s.root.presentedViewController === sheet)
    }

    @Test func notAnimatedShowsTheFinalStateAtOnce() throws {
        let s = PresentationScene()
        let sheet = MoreActionViewController(name: "more")
        var completed = false
        try s.runtime.present(sheet, animated: false) { completed = true }
        #expect(completed)
        #expect(near(sheet.content.screenFrame, shown))
        #expect(s.runtime.find("dimmingView")?.presentation().alpha == 1)
        sheet.dismiss(animated: false)
        #expect(s.root.presentedViewController == nil && sheet.view.window == nil)
    }
}
