import Testing
@testable import ScrimCore

/// UIKit's update cycle for a view controller's view: laid out as it enters the window and at the next turn after a
/// constraint change in it, with `viewWillLayoutSubviews` before the constraints are solved and
/// `viewDidLayoutSubviews` after, the first layout between `viewWillAppear` and `viewDidAppear`.
@Suite struct ControllerLayoutTests {
    /// Issue 25's reproducer: a 100 × 100 view pinned to the top left of the controller's view in `viewDidLoad`, its
    /// constraints activated while the view is outside the window. Logs the lifecycle and where `p2` is at each
    /// layout callback.
    final class PinnedController: ViewController {
        let p2 = View(name: "p2")
        let log: CallLog
        var widthConstraint: LayoutConstraint?
        /// Run by `viewWillLayoutSubviews`.
        var willLayout: ((PinnedController) throws -> Void)?

        init(_ name: String, log: CallLog) {
            self.log = log
            super.init(name: name)
        }

        override func viewDidLoad() throws {
            try view.addSubview(p2)
            try pin(p2, .leading, to: view)
            try pin(p2, .top, to: view)
            widthConstraint = try pin(p2, .width, equalTo: 100)
            try pin(p2, .height, equalTo: 100)
        }

        override func viewWillAppear(_ animated: Bool) throws { log("viewWillAppear") }
        override func viewDidAppear(_ animated: Bool) throws { log("viewDidAppear") }
        override func viewWillLayoutSubviews() throws {
            log("viewWillLayoutSubviews \(p2.frame)")
            try willLayout?(self)
        }
        override func viewDidLayoutSubviews() throws { log("viewDidLayoutSubviews \(p2.frame)") }
    }

    /// The seed's DimmingTransitioningDelegate with an `executePresentationAnimation` that does not lay out.
    final class FadeInOnly: DimmingTransitioningDelegate {
        weak var controller: ViewController?
        var presentationAnimationDuration: Seconds { 0.25 }
        var dismissalAnimationDuration: Seconds { 0.25 }
        var allowTapDimmingViewToDismiss: Bool { true }
        func executePresentationAnimation() throws {}
        func executeDismissalAnimation() throws {}
        func dimmingViewTapped() throws {}
    }

    private func tapsReachP2(_ s: PresentationScene, _ controller: PinnedController) -> Bool {
        var tapped = false
        controller.p2.addGestureRecognizer(TapGestureRecognizer { _ in tapped = true })
        return s.runtime.tap(at: Point(x: 50, y: 50)) === controller.p2 && tapped
    }

    @Test func aPresentedControllersConstraintsAreSolvedWithoutALayoutCall() throws {
        let s = PresentationScene()
        let controller = PinnedController("Full", log: CallLog())
        try s.runtime.present(controller)
        try s.runtime.settle()
        s.runtime.advance(by: 1)
        #expect(controller.p2.frame == Rect(x: 0, y: 0, width: 100, height: 100))
        #expect(tapsReachP2(s, controller))
    }

    @Test func aDimmingTransitionThatDoesNotLayOutStillGetsItsLayout() throws {
        let s = PresentationScene()
        let controller = PinnedController("Dimmed", log: CallLog())
        let transitioning = DimmingTransitioning()
        let delegate = FadeInOnly()
        transitioning.delegate = delegate
        controller.modalPresentationStyle = .custom
        controller.transitioningDelegate = transitioning
        try s.runtime.present(controller)
        try s.runtime.settle()
        s.runtime.advance(by: 1)
        #expect(controller.p2.frame == Rect(x: 0, y: 0, width: 100, height: 100))
        #expect(tapsReachP2(s, controller))
        withExtendedLifetime((transitioning, delegate)) {}
        #expect(s.errors.isEmpty && s.warnings.isEmpty)
    }

    @Test func theFirstLayoutFallsBetweenViewWillAppearAndViewDidAppear() throws {
        for animated in [true, false] {
            let s = PresentationScene()
            let log = CallLog()
            let controller = PinnedController("Full", log: log)
            try s.runtime.present(controller, animated: animated)
            try s.runtime.settle()
            // UIKit: viewWillLayoutSubviews before the view lays out (p2 not placed yet), viewDidLayoutSubviews after.
            #expect(log.entries == [
                "viewWillAppear",
                "viewWillLayoutSubviews {0, 0, 0, 0}",
                "viewDidLayoutSubviews {0, 0, 100, 100}",
                "viewDidAppear",
            ], "animated: \(animated)")
        }
    }

    @Test func aConstraintChangeLaysTheViewOutAtTheNextTurn() throws {
        let s = PresentationScene()
        let log = CallLog()
        let controller = PinnedController("Full", log: log)
        try s.runtime.present(controller)
        try s.runtime.settle()
        log.entries = []
        controller.widthConstraint?.constant = 150
        #expect(log.entries.isEmpty && controller.p2.frame.width == 100, "nothing happens before the next turn")
        s.runtime.advance(by: 0)
        #expect(log.entries == ["viewWillLayoutSubviews {0, 0, 100, 100}",
                                "viewDidLayoutSubviews {0, 0, 150, 100}"])
        log.entries = []
        s.runtime.window.layoutIfNeeded()
        s.runtime.advance(by: 0)
        #expect(log.entries.isEmpty, "nothing changed since: no layout")

        // Activating and deactivating are changes too, each laid out once however many come before the turn.
        let extra = try pin(controller.p2, .height, equalTo: 40)
        extra.deactivate()
        try pin(controller.p2, .height, equalTo: 60)
        s.runtime.advance(by: 0)
        #expect(log.entries == ["viewWillLayoutSubviews {0, 0, 150, 100}",
                                "viewDidLayoutSubviews {0, 0, 150, 100}"],
                "two required heights conflict: one is broken, and the layout still runs once")
    }

    @Test func anExplicitLayoutIfNeededRunsTheCycleAtOnce() throws {
        let s = PresentationScene()
        let log = CallLog()
        let controller = PinnedController("Full", log: log)
        try s.runtime.present(controller)
        try s.runtime.settle()
        log.entries = []
        controller.widthConstraint?.constant = 120
        controller.view.layoutIfNeeded()
        #expect(log.entries == ["viewWillLayoutSubviews {0, 0, 100, 100}",
                                "viewDidLayoutSubviews {0, 0, 120, 100}"])
        log.entries = []
        s.runtime.advance(by: 0)
        #expect(log.entries.isEmpty, "the scheduled pass finds nothing left to do")
    }

    @Test func constraintChangesInViewWillLayoutSubviewsArePartOfThatLayout() throws {
        let s = PresentationScene()
        let log = CallLog()
        let controller = PinnedController("Full", log: log)
        controller.willLayout = { $0.widthConstraint?.constant = 200 }
        try s.runtime.present(controller)
        try s.runtime.settle()
        #expect(log.entries == [
            "viewWillAppear",
            "viewWillLayoutSubviews {0, 0, 0, 0}",
            "viewDidLayoutSubviews {0, 0, 200, 100}",
            "viewDidAppear",
        ])
    }

    @Test func changesOutsideTheControllersViewDoNotLayItOut() throws {
        let s = PresentationScene()
        let log = CallLog()
        let controller = PinnedController("Full", log: log)
        try s.runtime.present(controller)
        try s.runtime.settle()
        log.entries = []
        let loose = s.scene.addView("loose", Rect(x: 0, y: 0, width: 10, height: 10))
        let width = try pin(loose, .width, equalTo: 30)
        s.runtime.advance(by: 0)
        width.constant = 40
        s.runtime.advance(by: 0)
        #expect(loose.frame.width == 40)
        #expect(log.entries.isEmpty)
    }

    @Test func aConstraintDeepInTheViewMarksItsNearestController() throws {
        let s = PresentationScene()
        let log = CallLog()
        let controller = PinnedController("Full", log: log)
        try s.runtime.present(controller)
        try s.runtime.settle()
        let inner = View(name: "inner")
        try controller.p2.addSubview(inner)
        s.runtime.advance(by: 0)
        log.entries = []
        try pin(inner, .width, equalTo: 10)
        s.runtime.advance(by: 0)
        #expect(log.entries.count == 2 && log.entries.first?.hasPrefix("viewWillLayoutSubviews") == true)
        #expect(inner.frame.width == 10)
    }

    @Test func aViewComingBackIntoTheWindowIsLaidOutWithWhatChangedWhileItWasOut() throws {
        let s = PresentationScene()
        let log = CallLog()
        let controller = PinnedController("Full", log: log)
        try s.runtime.present(controller)
        try s.runtime.settle()
        let superview = try #require(controller.view.superview)
        controller.view.removeFromSuperview()
        s.runtime.advance(by: 0)
        log.entries = []
        // Out of the window: nothing is solved, nothing laid out.
        try pin(controller.p2, .height, equalTo: 70, priority: 999)
        controller.widthConstraint?.constant = 30
        s.runtime.advance(by: 0)
        #expect(log.entries.isEmpty && controller.p2.frame.width == 100)
        try superview.addSubview(controller.view)
        s.runtime.advance(by: 0)
        #expect(log.entries == ["viewWillLayoutSubviews {0, 0, 100, 100}",
                                "viewDidLayoutSubviews {0, 0, 30, 100}"])
    }

    @Test func aScriptThatUsesNoControllerGetsNoControllerLayout() throws {
        // The root controller exists (its view fills the window), but views added to the window beside it are not
        // in its view: their constraint changes cost no walk of it and no callback.
        let s = PresentationScene()
        let root = s.root
        let view = s.scene.addView("box", .zero)
        let width = try pin(view, .width, equalTo: 10)
        s.runtime.advance(by: 0)
        #expect(!root.view.needsLayout && !root.view.descendantNeedsLayout)
        width.constant = 20
        #expect(!root.view.needsLayout, "a change outside the root view leaves it alone")
        s.runtime.advance(by: 0)
        #expect(view.frame.width == 20)
    }
}

/// An active constraint `item.attribute == constant` at `priority`.
@discardableResult
private func pin(_ item: View, _ attribute: LayoutAttribute, equalTo constant: Double, priority: Double) throws
    -> LayoutConstraint {
    let constraint = try LayoutConstraint(item: item, attribute: attribute, constant: constant, priority: priority)
    try constraint.activate()
    return constraint
}
