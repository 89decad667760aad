/// `present` and `dismiss`: UIKit's modal transition machinery.
///
/// A presentation runs, in this order (docs/DESIGN.md rule 7):
/// `transition.willPresent` (cancellable) → presentation controller (`presentationControllerForPresented`) →
/// animator (`animationControllerForPresented`) → container added to the window → `presentationTransitionWillBegin` →
/// `viewWillAppear` (and the presenter's `viewWillDisappear` for `.fullScreen`) → `transitionDuration` → alongside
/// animations start → `animateTransition` → … → `completeTransition` → `presentationTransitionDidEnd` → alongside
/// completions → `viewDidAppear` (and the presenter's `viewDidDisappear`) → `animationEnded` →
/// `transition.didPresent` → the caller's completion → a `dismiss` deferred while it was in flight.
/// A dismissal has the same shape with `dismissalTransition…`, `viewWillDisappear`/`viewDidDisappear` and
/// `transition.willDismiss`/`transition.didDismiss`; when it completes, the presented view and the container leave the
/// window and the presentation controller is released.
extension ViewController {
    /// Presents `controller` modally from this controller (UIKit's `present(_:animated:completion:)`).
    ///
    /// Throws, changing nothing, when the presentation is impossible: this controller is not on screen, already
    /// presents a controller, or a transition of it or of the controller it presents is in flight (`Attempt to
    /// present X on Y while a presentation is in progress`); `controller` is already presented or is this
    /// controller; or `controller.validateForPresentation()` throws. A cancelled `transition.willPresent` skips the
    /// presentation (and `completion`) without an error. `completion` runs after the transition completed.
    public func present(_ controller: ViewController, animated: Bool = true,
                        completion: (() throws -> Void)? = nil) throws {
        // Asked again while this request is being prepared — from the controller's `viewDidLoad`, from a member
        // `validateForPresentation` reads, or from a `transition.willPresent` handler: already under way.
        guard !controller.isAskingToPresent else { return }
        try checkCanPresent(controller)
        guard let runtime else { return }
        controller.runtime = runtime
        let proceed: Bool
        do {
            controller.isAskingToPresent = true
            defer { controller.isAskingToPresent = false }
            controller.loadViewIfNeeded()
            try controller.validateForPresentation()
            proceed = runtime.hooks.emit("transition.willPresent", target: controller,
                                         fields: ["viewController": .object(controller), "animated": .bool(animated)],
                                         cancellable: true)
        }
        guard proceed else { return }
        // The hook may have changed things; check again so that nothing is half-done.
        try checkCanPresent(controller)

        presentedViewController = controller
        controller.presentingViewController = self
        controller.isBeingPresented = true

        let delegate = controller.customTransitioningDelegate(in: runtime)
        var presentation: PresentationController?
        if let delegate {
            controller.calling("presentationControllerForPresented") {
                presentation = try delegate.presentationControllerForPresented(presented: controller, presenting: self,
                                                                               source: self)
            }
        }
        let presentationController = presentation
            ?? PresentationController(presentedViewController: controller, presenting: self)
        controller.presentationController = presentationController
        var animator: ViewControllerAnimatedTransitioning?
        if let delegate {
            controller.calling("animationControllerForPresented") {
                animator = try delegate.animationControllerForPresented(presented: controller, presenting: self,
                                                                        source: self)
            }
        }
        let transitionAnimator = animator ?? CoverVerticalAnimator()

        let container = TransitionContainerView(name: "containerView", frame: runtime.window.bounds)
        try? runtime.window.addSubview(container)
        presentationController.containerView = container
        let presentedView = presentationController.presentedView
        if presentationController.presentedViewPassesTouches { container.passthroughView = presentedView }
        let removesPresenter = presentationController.shouldRemovePresentersView
        let presenterView = isViewLoaded ? view : nil
        let context = TransitionContext(
            runtime: runtime, container: container, isPresenting: true, isAnimated: animated,
            from: self, to: controller, fromView: removesPresenter ? presenterView : nil, toView: presentedView,
            frames: [(self, presenterView?.frameInWindow ?? .zero, presenterView?.frameInWindow ?? .zero),
                     (controller, .zero, presentationController.frameOfPresentedViewInContainerView)])
        context.onComplete = { [weak self, weak controller] completed in
            guard let self, let controller else { return }
            self.finishPresentation(of: controller, context: context, animator: transitionAnimator,
                                    removesPresenter: removesPresenter, animated: animated,
                                    completion: completion, completed: completed)
        }
        begin(context, for: controller, presentationController: presentationController, runtime: runtime)

        controller.calling("presentationTransitionWillBegin") { try presentationController.presentationTransitionWillBegin() }
        controller.send(.viewWillAppear(animated: animated))
        if removesPresenter { send(.viewWillDisappear(animated: animated)) }
        run(transitionAnimator, context: context, of: controller)
    }

    /// Dismisses the controller this one presents, or, if it presents none, this controller (UIKit's
    /// `dismiss(animated:completion:)`). Controllers presented above the one dismissed go first, without animation.
    /// Asked while the presentation is in flight, the dismissal runs when it completes; asked while a dismissal is in
    /// flight, it is ignored with a warning. `completion` runs after the dismissal completed.
    public func dismiss(animated: Bool = true, completion: (() throws -> Void)? = nil) {
        guard let target = presentedViewController ?? (presentingViewController != nil ? self : nil) else { return }
        // A handler of this dismissal's `transition.willDismiss` asking for it again: already under way.
        if target.isAskingToDismiss { return }
        if target.isBeingPresented {
            target.deferredDismissal = (animated, completion)
            return
        }
        if target.isBeingDismissed || target.presentedViewController?.activeTransition != nil {
            target.runtime?.warnAboutTransition(
                "cannot dismiss \(target.debugName) while a transition is in progress; the dismissal is ignored",
                controller: target)
            return
        }
        if let above = target.presentedViewController {
            above.dismiss(animated: false) { [weak target] in
                target?.dismiss(animated: animated, completion: completion)
            }
            return
        }
        target.dismissNow(animated: animated, completion: completion)
    }

    // MARK: Presentation steps

    private func checkCanPresent(_ controller: ViewController) throws {
        // A controller already presented is named with its presenter first: presented from the top (`scrim.present`
        // of the same controller twice), it is the top itself, and "on itself" would name a consequence, not the cause.
        if let presenter = controller.presentingViewController {
            if let transition = controller.activeTransition {
                let kind = transition.isPresenting ? "presentation" : "dismissal"
                throw PresentationError(message: "Attempt to present \(controller.debugName) on \(presenter.debugName) "
                    + "while a \(kind) is in progress")
            }
            throw PresentationError(message: "Application tried to present modally a view controller "
                + "\(controller.debugName) that is already being presented by \(presenter.debugName)")
        }
        if controller === self {
            throw PresentationError(message: "Application tried to present modally a view controller \(debugName) on itself")
        }
        if controller.isRootViewController {
            throw PresentationError(message: "Application tried to present modally the root view controller "
                + "\(controller.debugName)")
        }
        let attempt = "Attempt to present \(controller.debugName) on \(debugName)"
        if let transition = activeTransition ?? presentedViewController?.activeTransition {
            let kind = transition.isPresenting ? "presentation" : "dismissal"
            throw PresentationError(message: "\(attempt) while a \(kind) is in progress")
        }
        if let current = presentedViewController {
            throw PresentationError(message: "\(attempt) which is already presenting \(current.debugName)")
        }
        if runtime == nil || !(isRootViewController || presentingViewController != nil) {
            throw PresentationError(message: "\(attempt) whose view is not in the window hierarchy")
        }
    }

    /// The transitioning delegate to consult: only for `.custom`; a weakly held delegate that is gone is warned about.
    fileprivate func customTransitioningDelegate(in runtime: Runtime) -> ViewControllerTransitioningDelegate? {
        guard modalPresentationStyle == .custom else {
            // UIKit ignores it without a word; a script that set one almost surely forgot the style.
            if transitioningDelegate != nil, !warnedAboutIgnoredDelegate {
                warnedAboutIgnoredDelegate = true
                runtime.warnAboutTransition(
                    "the transitioningDelegate of \(debugName) is ignored: its modalPresentationStyle is "
                        + "\"\(modalPresentationStyle.rawValue)\", and only \"custom\" uses one", controller: self)
            }
            return nil
        }
        if let delegate = transitioningDelegate { return delegate }
        if transitioningDelegateWasSet {
            runtime.warnAboutTransition(
                "the transitioningDelegate of \(debugName) was released before use: it is held weakly (as in UIKit), "
                    + "so keep a strong reference to it (a variable that outlives the presentation, or a field of a "
                    + "scrim.class controller); "
                    + "using the default transition", controller: self)
        }
        return nil
    }

    private func begin(_ context: TransitionContext, for controller: ViewController,
                       presentationController: PresentationController, runtime: Runtime) {
        controller.activeTransition = context
        presentationController.transitionContext = context
        runtime.clock.beginPendingWork(context)
    }

    /// Asks the animator for its duration, starts the alongside animations, then `animateTransition`. An animator
    /// that throws is reported and the transition completes after its duration unless the animator completes it.
    private func run(_ animator: ViewControllerAnimatedTransitioning, context: TransitionContext,
                     of controller: ViewController) {
        var duration = CoverVerticalAnimator.defaultDuration
        controller.calling("transitionDuration") { duration = try animator.transitionDuration(context) }
        context.duration = duration.isFinite ? max(0, duration) : 0
        context.startAlongsideAnimations()
        do {
            try animator.animateTransition(context)
        } catch {
            controller.report(error, callback: "animateTransition")
            guard !context.isCompleted, let runtime = context.runtime else { return }
            runtime.clock.schedule(after: context.isAnimated ? context.duration : 0,
                                   label: "completeTransition (animateTransition threw)") {
                context.completeTransition(true)
            }
        }
    }

    private func finishPresentation(of controller: ViewController, context: TransitionContext,
                                    animator: ViewControllerAnimatedTransitioning, removesPresenter: Bool,
                                    animated: Bool, completion: (() throws -> Void)?, completed: Bool) {
        // A cancelled presentation unlinks the controller before its last callbacks: the bridge keeps what it keeps
        // from a script until they ran, though the script need not hold it.
        let held = controller.ownershipObserver?.hold([controller])
        defer { withExtendedLifetime(held) {} }
        controller.activeTransition = nil
        controller.isBeingPresented = false
        let presentationController = controller.presentationController
        presentationController?.transitionContext = nil
        if completed && removesPresenter, isViewLoaded, let superview = view.superview,
           let index = superview.subviews.firstIndex(where: { $0 === view }) {
            removedViewSpot = (superview, index)
            view.removeFromSuperview()
        }
        controller.calling("presentationTransitionDidEnd") { try presentationController?.presentationTransitionDidEnd(completed) }
        if !completed {
            unlink(controller)
        }
        context.finishAlongsideAnimations(completed)
        if completed {
            controller.layOutViewIfNeeded()
            controller.send(.viewDidAppear(animated: animated))
            if removesPresenter { send(.viewDidDisappear(animated: animated)) }
        }
        controller.calling("animationEnded") { try animator.animationEnded(completed) }
        let deferred = controller.deferredDismissal
        controller.deferredDismissal = nil
        guard completed else { return }
        runtime?.hooks.emit("transition.didPresent", target: controller,
                            fields: ["viewController": .object(controller), "animated": .bool(animated)])
        controller.calling("completion of present") { try completion?() }
        if let deferred, controller.presentingViewController != nil {
            controller.dismiss(animated: deferred.animated, completion: deferred.completion)
        }
    }

    // MARK: Dismissal steps

    private func dismissNow(animated: Bool, completion: (() throws -> Void)?) {
        guard let presenter = presentingViewController, let runtime,
              let presentationController, let container = presentationController.containerView else { return }
        isAskingToDismiss = true
        let proceed = runtime.hooks.emit("transition.willDismiss", target: self,
                                         fields: ["viewController": .object(self), "animated": .bool(animated)],
                                         cancellable: true)
        isAskingToDismiss = false
        guard proceed else { return }
        guard !isBeingDismissed, presentingViewController === presenter else { return }
        isBeingDismissed = true
        let removesPresenter = presentationController.shouldRemovePresentersView
        if removesPresenter { presenter.restoreRemovedView() }

        var animator: ViewControllerAnimatedTransitioning?
        if let delegate = customTransitioningDelegate(in: runtime) {
            calling("animationControllerForDismissed") {
                animator = try delegate.animationControllerForDismissed(self)
            }
        }
        let transitionAnimator = animator ?? CoverVerticalAnimator()
        let presentedView = presentationController.presentedView
        let presenterView = presenter.isViewLoaded ? presenter.view : nil
        let presentedFrame = presentedView?.frame ?? presentationController.frameOfPresentedViewInContainerView
        let context = TransitionContext(
            runtime: runtime, container: container, isPresenting: false, isAnimated: animated,
            from: self, to: presenter, fromView: presentedView, toView: removesPresenter ? presenterView : nil,
            frames: [(self, presentedFrame, presentedFrame),
                     (presenter, presenterView?.frameInWindow ?? .zero, presenterView?.frameInWindow ?? .zero)])
        context.onComplete = { [weak self, weak presenter] completed in
            guard let self, let presenter else { return }
            self.finishDismissal(presentedBy: presenter, context: context, animator: transitionAnimator,
                                 removesPresenter: removesPresenter, animated: animated, completion: completion,
                                 completed: completed)
        }
        begin(context, for: self, presentationController: presentationController, runtime: runtime)

        calling("dismissalTransitionWillBegin") { try presentationController.dismissalTransitionWillBegin() }
        send(.viewWillDisappear(animated: animated))
        if removesPresenter { presenter.send(.viewWillAppear(animated: animated)) }
        run(transitionAnimator, context: context, of: self)
    }

    private func finishDismissal(presentedBy presenter: ViewController, context: TransitionContext,
                                 animator: ViewControllerAnimatedTransitioning, removesPresenter: Bool, animated: Bool,
                                 completion: (() throws -> Void)?, completed: Bool) {
        // The dismissal unlinks the controller from its presenter before `viewDidDisappear`, `animationEnded`,
        // `transition.didDismiss` and the completion: the bridge keeps what it keeps from a script until they ran.
        let held = ownershipObserver?.hold([self])
        defer { withExtendedLifetime(held) {} }
        activeTransition = nil
        isBeingDismissed = false
        let presentationController = self.presentationController
        presentationController?.transitionContext = nil
        calling("dismissalTransitionDidEnd") { try presentationController?.dismissalTransitionDidEnd(completed) }
        if completed {
            presenter.unlink(self)
        } else if removesPresenter, presenter.isViewLoaded, let superview = presenter.view.superview,
                  let index = superview.subviews.firstIndex(where: { $0 === presenter.view }) {
            presenter.removedViewSpot = (superview, index)
            presenter.view.removeFromSuperview()
        }
        context.finishAlongsideAnimations(completed)
        if completed {
            send(.viewDidDisappear(animated: animated))
            if removesPresenter {
                presenter.layOutViewIfNeeded()
                presenter.send(.viewDidAppear(animated: animated))
            }
        }
        calling("animationEnded") { try animator.animationEnded(completed) }
        guard completed else { return }
        runtime?.hooks.emit("transition.didDismiss", target: self,
                            fields: ["viewController": .object(self), "animated": .bool(animated)])
        calling("completion of dismiss") { try completion?() }
    }

    /// Ends `controller`'s presentation by this controller: its view and container leave the window, the links and
    /// the presentation controller go.
    private func unlink(_ controller: ViewController) {
        let presentationController = controller.presentationController
        if controller.isViewLoaded { controller.view.removeFromSuperview() }
        presentationController?.containerView?.removeFromSuperview()
        presentationController?.containerView = nil
        controller.presentationController = nil
        controller.presentingViewController = nil
        if presentedViewController === controller { presentedViewController = nil }
        restoreRemovedView()
    }

    /// Puts back the view a full-screen presentation took out of the window.
    private func restoreRemovedView() {
        guard let spot = removedViewSpot else { return }
        removedViewSpot = nil
        try? spot.superview.insertSubview(view, at: spot.index)
    }
}

extension Runtime {
    /// Warns about a transition problem concerning `controller`: the `transition.warning` event (`viewController`,
    /// `message`), then `warningSink`.
    func warnAboutTransition(_ message: String, controller: ViewController) {
        hooks.emit("transition.warning", target: controller,
                   fields: ["viewController": .object(controller), "message": .string(message)])
        warningSink(message)
    }
}
