import Testing
@testable import ScrimCore

@Suite struct PresentationTests {
    /// A custom presentation of a recording controller through a recording delegate, kept alive by the test.
    private func customSheet(_ s: PresentationScene, log: CallLog, duration: Seconds? = 0.3)
        -> (RecordingController, RecordingTransitioningDelegate) {
        let sheet = RecordingController("sheet", log: log)
        let delegate = RecordingTransitioningDelegate(log: log, duration: duration)
        sheet.modalPresentationStyle = .custom
        sheet.transitioningDelegate = delegate
        return (sheet, delegate)
    }

    @Test func callbacksRunInUIKitOrder() throws {
        let s = PresentationScene()
        let log = CallLog()
        let (sheet, delegate) = customSheet(s, log: log)
        s.record(["transition.willPresent", "transition.didPresent", "transition.willDismiss", "transition.didDismiss"],
                 into: log)
        try s.root.present(sheet) { log("present completion") }
        #expect(sheet.isBeingPresented && sheet.presentingViewController === s.root)
        s.advance(to: 0.29)
        #expect(!log.entries.contains("completeTransition"))
        s.advance(to: 0.3)
        #expect(!sheet.isBeingPresented)
        #expect(log.entries == [
            "sheet.viewDidLoad",
            "event transition.willPresent",
            "presentationControllerForPresented",
            "animationControllerForPresented",
            "presentationTransitionWillBegin",
            "sheet.viewWillAppear(true)",
            "animateTransition",
            "completeTransition",
            "presentationTransitionDidEnd(true)",
            "sheet.viewDidAppear(true)",
            "animationEnded(true)",
            "event transition.didPresent",
            "present completion",
        ])

        log.entries = []
        sheet.dismiss { log("dismiss completion") }
        #expect(sheet.isBeingDismissed)
        try s.runtime.settle()
        #expect(log.entries == [
            "event transition.willDismiss",
            "animationControllerForDismissed",
            "dismissalTransitionWillBegin",
            "sheet.viewWillDisappear(true)",
            "animateTransition",
            "completeTransition",
            "dismissalTransitionDidEnd(true)",
            "sheet.viewDidDisappear(true)",
            "animationEnded(true)",
            "event transition.didDismiss",
            "dismiss completion",
        ])
        #expect(s.root.presentedViewController == nil && sheet.presentingViewController == nil)
        #expect(!sheet.isBeingDismissed)
        withExtendedLifetime(delegate) {}
        #expect(s.errors.isEmpty && s.warnings.isEmpty)
    }

    @Test func thePresentationControllerLivesFromPresentUntilTheDismissalEnds() throws {
        let s = PresentationScene()
        let (sheet, delegate) = customSheet(s, log: CallLog())
        weak var controller: PresentationController?
        try s.root.present(sheet)
        controller = sheet.presentationController
        #expect(controller is RecordingPresentationController)
        let container = try #require(controller?.containerView)
        #expect(container.superview === s.runtime.window)
        #expect(s.runtime.window.subviews.last === container, "the container goes above the presenting view")
        #expect(sheet.view.superview === container)
        try s.runtime.settle()
        #expect(sheet.presentationController === controller)
        sheet.dismiss()
        #expect(sheet.presentationController === controller)
        try s.runtime.settle()
        #expect(sheet.presentationController == nil && controller == nil)
        #expect(container.superview == nil && sheet.view.superview == nil)
        withExtendedLifetime(delegate) {}
    }

    @Test func everyLifecycleCallbackGoesThroughLifecycleBeforeItsMethod() throws {
        let s = PresentationScene()
        let log = CallLog()
        let sheet = RoutingController("sheet", log: log)
        try s.root.present(sheet, animated: false)
        try s.runtime.settle()
        sheet.dismiss(animated: true)
        try s.runtime.settle()
        #expect(log.entries == [
            "lifecycle loadView", "lifecycle viewDidLoad", "viewDidLoad",
            "lifecycle viewWillAppear(false)", "lifecycle viewWillLayoutSubviews", "lifecycle viewDidLayoutSubviews",
            "lifecycle viewDidAppear(false)",
            "lifecycle viewWillDisappear(true)", "lifecycle viewDidDisappear(true)", "viewDidDisappear(true)",
        ])
    }

    @Test func aDismissedControllerIsReleased() throws {
        let s = PresentationScene()
        weak var released: ViewController?
        do {
            let sheet = MoreActionViewController(name: "sheet")
            released = sheet
            try s.root.present(sheet)
            try s.runtime.settle()
            sheet.dismiss()
        }
        #expect(released != nil, "the presentation holds it while it is on screen")
        try s.runtime.settle()
        #expect(released == nil)
    }

    @Test func cancelledWillPresentSkipsThePresentation() throws {
        let s = PresentationScene()
        let log = CallLog()
        let (sheet, delegate) = customSheet(s, log: log)
        s.runtime.hooks.on("transition.willPresent") { event in
            #expect(event["viewController"]?.objectValue === sheet)
            #expect(event["animated"] == .bool(true))
            event.cancel()
        }
        try s.root.present(sheet) { log("completion") }
        try s.runtime.settle()
        #expect(log.entries == ["sheet.viewDidLoad"])
        #expect(s.root.presentedViewController == nil && sheet.presentationController == nil)
        #expect(s.runtime.window.find("containerView") == nil)
        withExtendedLifetime(delegate) {}
    }

    @Test func cancelledWillDismissKeepsItPresented() throws {
        let s = PresentationScene()
        let (sheet, delegate) = customSheet(s, log: CallLog())
        try s.root.present(sheet)
        try s.runtime.settle()
        let hook = s.runtime.hooks.on("transition.willDismiss") { $0.cancel() }
        sheet.dismiss()
        try s.runtime.settle()
        #expect(s.root.presentedViewController === sheet && !sheet.isBeingDismissed)
        hook.remove()
        sheet.dismiss()
        try s.runtime.settle()
        #expect(s.root.presentedViewController == nil)
        withExtendedLifetime(delegate) {}
    }

    @Test func theDefaultTransitionSlidesUpAndTakesThePresenterOffScreen() throws {
        let s = PresentationScene()
        let log = CallLog()
        let first = RecordingController("first", log: log)
        let second = RecordingController("second", log: log)
        let duration = CoverVerticalAnimator.defaultDuration
        try s.root.present(first)
        #expect(first.view.presentation().frame == Rect(x: 0, y: 844, width: 390, height: 844))
        s.advance(to: duration / 2)
        #expect(near(first.view.presentation().frame, Rect(x: 0, y: 422, width: 390, height: 844)))
        s.advance(to: duration)
        #expect(first.view.presentation().frame == Rect(x: 0, y: 0, width: 390, height: 844))
        try s.runtime.settle()
        #expect(s.root.view.superview == nil, "a full-screen presentation takes the presenter's view out of the window")

        log.entries = []
        try s.runtime.present(second)
        try s.runtime.settle()
        #expect(first.presentedViewController === second)
        #expect(log.entries == ["second.viewDidLoad", "second.viewWillAppear(true)", "first.viewWillDisappear(true)",
                                "second.viewDidAppear(true)", "first.viewDidDisappear(true)"])
        #expect(first.view.window == nil)

        log.entries = []
        second.dismiss()
        #expect(first.view.window === s.runtime.window, "the presenter's view comes back when the dismissal starts")
        let start = s.runtime.now
        s.advance(to: start + duration / 2)
        #expect(near(second.view.presentation().frame, Rect(x: 0, y: 422, width: 390, height: 844)))
        try s.runtime.settle()
        #expect(log.entries == ["second.viewWillDisappear(true)", "first.viewWillAppear(true)",
                                "second.viewDidDisappear(true)", "first.viewDidAppear(true)"])
        #expect(second.view.window == nil && first.presentedViewController == nil)
        #expect(s.runtime.topmostViewController === first)
    }

    @Test func overFullScreenKeepsThePresenterOnScreen() throws {
        let s = PresentationScene()
        let sheet = ViewController(name: "sheet")
        sheet.modalPresentationStyle = .overFullScreen
        try s.runtime.present(sheet)
        try s.runtime.settle()
        #expect(s.root.view.window === s.runtime.window)
        #expect(sheet.view.frame == s.runtime.window.bounds)
    }

    @Test func notAnimatedEndsAtOnce() throws {
        let s = PresentationScene()
        let log = CallLog()
        let sheet = RecordingController("sheet", log: log)
        try s.root.present(sheet, animated: false) { log("completion") }
        #expect(log.entries.last == "completion")
        #expect(sheet.view.frame == s.runtime.window.bounds && !sheet.view.isAnimating)
        sheet.dismiss(animated: false)
        #expect(s.root.presentedViewController == nil && sheet.view.window == nil)
    }

    @Test func presentingWhileAPresentationIsInFlightIsRefused() throws {
        let s = PresentationScene()
        let first = ViewController(name: "first")
        let second = ViewController(name: "second")
        try s.runtime.present(first)
        s.advance(to: 0.1)
        #expect(throws: PresentationError(message: "Attempt to present ViewController \"second\" on ViewController "
            + "\"first\" while a presentation is in progress")) {
            try s.runtime.present(second)
        }
        #expect(throws: PresentationError(message: "Attempt to present ViewController \"second\" on ViewController "
            + "\"root\" while a presentation is in progress")) {
            try s.root.present(second)
        }
        #expect(second.presentingViewController == nil && second.presentationController == nil)
        try s.runtime.settle()
        #expect(s.root.presentedViewController === first && first.view.frame == s.runtime.window.bounds,
                "the first presentation is unharmed")
        #expect(throws: PresentationError(message: "Attempt to present ViewController \"second\" on ViewController "
            + "\"root\" which is already presenting ViewController \"first\"")) {
            try s.root.present(second)
        }
        #expect(throws: PresentationError.self) { try first.present(first) }
        #expect(throws: PresentationError.self) { try second.present(ViewController()) }
        try s.runtime.present(second)
        try s.runtime.settle()
        #expect(first.presentedViewController === second)
    }

    @Test func aDismissDuringThePresentationRunsAfterIt() throws {
        let s = PresentationScene()
        let log = CallLog()
        let (sheet, delegate) = customSheet(s, log: log)
        s.record(["transition.didPresent", "transition.willDismiss", "transition.didDismiss"], into: log)
        try s.root.present(sheet) { log("present completion") }
        s.advance(to: 0.1)
        sheet.dismiss { log("dismiss completion") }
        #expect(!sheet.isBeingDismissed && sheet.isBeingPresented)
        log.entries = []
        s.advance(to: 0.3)
        #expect(Array(log.entries.prefix(5)) == ["completeTransition", "presentationTransitionDidEnd(true)",
                                                 "sheet.viewDidAppear(true)", "animationEnded(true)",
                                                 "event transition.didPresent"])
        #expect(Array(log.entries.dropFirst(5).prefix(2)) == ["present completion", "event transition.willDismiss"])
        #expect(sheet.isBeingDismissed)
        s.advance(to: 0.6)
        #expect(log.entries.suffix(2) == ["event transition.didDismiss", "dismiss completion"])
        #expect(s.root.presentedViewController == nil)
        withExtendedLifetime(delegate) {}
    }

    @Test func aReleasedTransitioningDelegateIsWarnedAboutAndTheDefaultIsUsed() throws {
        let s = PresentationScene()
        let log = CallLog()
        let sheet = RecordingController("sheet", log: log)
        sheet.modalPresentationStyle = .custom
        var warned: [HookEvent] = []
        s.runtime.hooks.on("transition.warning") { warned.append($0) }
        do {
            // The seed's pitfall: a DimmingTransitioning made in a setup function and kept nowhere.
            let transitioning = DimmingTransitioning()
            sheet.transitioningDelegate = transitioning
        }
        #expect(sheet.transitioningDelegate == nil)
        try s.root.present(sheet)
        #expect(s.warnings.count == 1)
        #expect(s.warnings.first?.contains("transitioningDelegate of RecordingController \"sheet\" was released") == true)
        #expect(warned.count == 1 && warned.first?["viewController"]?.objectValue === sheet)
        #expect(!(sheet.presentationController is DimmingPresentationController))
        #expect(sheet.view.presentation().frame.y == 844, "the default slide-up")
        try s.runtime.settle()
        #expect(s.root.presentedViewController === sheet)
    }

    @Test func aDelegateSetToNilOnPurposeIsNotWarnedAbout() throws {
        let s = PresentationScene()
        let sheet = ViewController(name: "sheet")
        sheet.modalPresentationStyle = .custom
        let delegate = DimmingTransitioning()
        sheet.transitioningDelegate = delegate
        sheet.transitioningDelegate = nil
        try s.root.present(sheet)
        #expect(s.warnings.isEmpty)
    }

    @Test func theDelegateIsIgnoredUnlessTheStyleIsCustom() throws {
        let s = PresentationScene()
        let log = CallLog()
        let sheet = RecordingController("sheet", log: log)
        let delegate = RecordingTransitioningDelegate(log: log)
        sheet.transitioningDelegate = delegate
        try s.root.present(sheet)
        try s.runtime.settle()
        #expect(!log.entries.contains("presentationControllerForPresented"))
        #expect(!log.entries.contains("animateTransition"))
    }

    @Test func anAnimatorThatNeverCompletesIsNamedBySettle() throws {
        let s = PresentationScene()
        let (sheet, delegate) = customSheet(s, log: CallLog(), duration: nil)
        try s.root.present(sheet)
        do {
            try s.runtime.settle(timeout: 2)
            Issue.record("settle should have failed")
        } catch let error as SettleError {
            #expect(error.message == "settle: still busy after 2 s: transition presenting RecordingController "
                + "\"sheet\" (waiting for completeTransition)")
        }
        #expect(sheet.isBeingPresented)
        withExtendedLifetime(delegate) {}
    }

    @Test func aThrowingAnimatorIsReportedAndTheTransitionStillCompletes() throws {
        let s = PresentationScene()
        let log = CallLog()
        let (sheet, delegate) = customSheet(s, log: log, duration: nil)
        delegate.animator.throwsInAnimate = true
        try s.root.present(sheet) { log("completion") }
        #expect(s.errors.map(\.context) == ["animateTransition of RecordingController \"sheet\""])
        #expect(s.errors.first?.message == "animator broke")
        try s.runtime.settle()
        #expect(log.entries.suffix(3) == ["sheet.viewDidAppear(true)", "animationEnded(true)", "completion"])
        #expect(s.root.presentedViewController === sheet)
    }

    @Test func aThrowingDelegateIsReportedAndTheDefaultIsUsed() throws {
        let s = PresentationScene()
        let (sheet, delegate) = customSheet(s, log: CallLog())
        delegate.throwsForPresentationController = true
        try s.root.present(sheet)
        try s.runtime.settle()
        #expect(s.errors.map(\.context) == ["presentationControllerForPresented of RecordingController \"sheet\""])
        #expect(type(of: sheet.presentationController!) == PresentationController.self)
        #expect(s.root.presentedViewController === sheet)
        withExtendedLifetime(delegate) {}
    }

    @Test func aThrowingLifecycleCallbackIsReported() throws {
        final class Broken: ViewController {
            override func viewDidAppear(_ animated: Bool) throws { throw TestError(text: "oops") }
        }
        let s = PresentationScene()
        let sheet = Broken(name: "broken")
        try s.runtime.present(sheet)
        try s.runtime.settle()
        #expect(s.errors.map(\.context) == ["viewDidAppear of Broken \"broken\""])
        #expect(s.root.presentedViewController === sheet)
    }

    @Test func theRootControllersViewFillsTheWindowAtTheBack() {
        let s = PresentationScene()
        let popup = s.scene.addView("popup", Rect(x: 0, y: 0, width: 10, height: 10))
        let root = s.root
        #expect(root.name == "root" && root.view.frame == s.runtime.window.bounds)
        #expect(s.runtime.window.subviews.map(\.name) == ["root", "popup"])
        #expect(popup.superview === s.runtime.window)
        #expect(s.runtime.topmostViewController === root)
    }

    @Test func alongsideAnimationsRunWithTheTransition() throws {
        final class Fading: PresentationController {
            let badge = View(name: "badge")
            var completed: Bool?
            override func presentationTransitionWillBegin() throws {
                try containerView?.addSubview(badge)
                badge.alpha = 0
                animateAlongsideTransition({ self.badge.alpha = 1 }, completion: { self.completed = $0 })
            }
        }
        final class Delegate: ViewControllerTransitioningDelegate {
            var controller: Fading?
            func presentationControllerForPresented(presented: ViewController, presenting: ViewController,
                                                    source: ViewController) throws -> PresentationController? {
                controller = Fading(presentedViewController: presented, presenting: presenting)
                return controller
            }
        }
        let s = PresentationScene()
        let delegate = Delegate()
        let sheet = ViewController(name: "sheet")
        sheet.modalPresentationStyle = .custom
        sheet.transitioningDelegate = delegate
        try s.runtime.present(sheet)
        let fading = try #require(delegate.controller)
        s.advance(to: CoverVerticalAnimator.defaultDuration / 2)
        #expect(near(fading.badge.presentation().alpha, 0.5))
        #expect(fading.completed == nil)
        try s.runtime.settle()
        #expect(fading.completed == true && fading.badge.alpha == 1)
        #expect(!fading.animateAlongsideTransition({}), "nothing is in flight any more")
    }
}

/// Overrides `lifecycle` (and two of the methods, to show they still run after it).
private final class RoutingController: ViewController {
    let log: CallLog

    init(_ name: String, log: CallLog) {
        self.log = log
        super.init(name: name)
    }

    override func lifecycle(_ callback: LifecycleCallback, perform: () throws -> Void) throws {
        log("lifecycle \(callback.name)" + (callback.animated.map { "(\($0))" } ?? ""))
        try perform()
    }

    override func viewDidLoad() throws { log("viewDidLoad") }
    override func viewDidDisappear(_ animated: Bool) throws { log("viewDidDisappear(\(animated))") }
}
