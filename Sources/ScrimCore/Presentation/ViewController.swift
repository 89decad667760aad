/// A screen's worth of content and its place in the modal stack: UIKit's `UIViewController`, as far as presentation
/// goes. Its `view` loads on first access (`loadView`, then `viewDidLoad`); `present` and `dismiss` run the transition
/// machinery (see `ModalTransition.swift`) with the callbacks in UIKit's order.
///
/// Every overridable callback may throw (a Lua implementation may fail): the error is reported through the runtime,
/// naming the callback and the controller, and whatever was going on carries on.
open class ViewController {
    /// The name messages, `settle` and the default view use; nil if unnamed.
    public var name: String?

    /// The runtime the controller is shown in: set for the root controller and for every presented controller (from
    /// its presenter); a bridge may set it at creation so that the view knows the screen before it is presented.
    public weak var runtime: Runtime?

    /// How `present` shows the controller; `.fullScreen` by default.
    public var modalPresentationStyle: ModalPresentationStyle = .fullScreen

    /// Supplies the presentation controller and animators when the style is `.custom`. Held weakly, as in UIKit: keep
    /// it alive elsewhere (the seed's base classes keep theirs in a property). A delegate released before `present`
    /// makes the runtime warn (`transition.warning`) and use the default transition.
    public weak var transitioningDelegate: ViewControllerTransitioningDelegate? {
        didSet { transitioningDelegateWasSet = transitioningDelegate != nil }
    }

    /// The controller this one presents (held strongly: the presentation keeps it alive until dismissed).
    public internal(set) var presentedViewController: ViewController?
    /// The controller that presents this one.
    public internal(set) weak var presentingViewController: ViewController? {
        didSet {
            if let ownershipObserver, oldValue !== presentingViewController { ownershipObserver.ownerDidChange(self, from: oldValue) }
        }
    }
    /// See `Owned`.
    public weak var ownershipObserver: OwnershipObserver?
    /// Manages this controller's presentation, from `present` until the dismissal ends.
    public internal(set) var presentationController: PresentationController?
    /// Whether a presentation of this controller is in flight.
    public internal(set) var isBeingPresented = false
    /// Whether a dismissal of this controller is in flight.
    public internal(set) var isBeingDismissed = false

    var transitioningDelegateWasSet = false
    /// Set while `transition.willPresent` / `transition.willDismiss` handlers run: asking again then is a no-op.
    var isAskingToPresent = false
    var isAskingToDismiss = false
    /// Whether Scrim warned that this controller's transitioningDelegate is ignored (its style is not `.custom`).
    var warnedAboutIgnoredDelegate = false

    /// Whether the transitioning delegate is held only weakly, by this controller's `transitioningDelegate`
    /// (not one the controller keeps itself, as the dimming base classes do): whether it may be gone at `present`.
    public var transitioningDelegateIsWeaklyHeld: Bool {
        guard let delegate = transitioningDelegate else { return false }
        return (self as? DimmingPresentViewController)?.dimmingTransitioning !== delegate as AnyObject
    }
    public internal(set) var isRootViewController = false
    /// The presentation or dismissal of this controller in flight.
    var activeTransition: TransitionContext?
    /// A `dismiss` asked for while the presentation was in flight; it runs when the presentation ends.
    var deferredDismissal: (animated: Bool, completion: (() throws -> Void)?)?
    /// Where this controller's view was when a full-screen presentation took it out of the window.
    var removedViewSpot: (superview: View, index: Int)?

    private var storedView: View? {
        didSet {
            guard oldValue !== storedView else { return }
            if let oldValue, oldValue.rootOwner === self { oldValue.rootOwner = nil }
            storedView?.rootOwner = self
        }
    }
    private var isLoadingView = false
    /// Set from `viewWillLayoutSubviews` until the layout it announced is done (see `ViewControllerLayout.swift`).
    var isLayingOutView = false

    /// A controller called `name`.
    public init(name: String? = nil) {
        self.name = name
    }

    /// The class name messages use; a bridge may override it for script-defined classes.
    open var className: String { String(describing: type(of: self)) }

    // MARK: View

    /// The root view, loaded on first access (`loadView`, then `viewDidLoad`).
    public var view: View {
        get {
            loadViewIfNeeded()
            if let storedView { return storedView }
            // Only reached from inside `loadView` before it set a view (UIKit would recurse forever).
            let made = makeDefaultView()
            storedView = made
            return made
        }
        set { storedView = newValue }
    }

    /// Whether the view has been loaded (or set).
    public var isViewLoaded: Bool { storedView != nil }

    /// Loads the view now if it is not loaded yet.
    public func loadViewIfNeeded() {
        guard storedView == nil, !isLoadingView else { return }
        isLoadingView = true
        send(.loadView)
        isLoadingView = false
        if storedView == nil { storedView = makeDefaultView() }
        send(.viewDidLoad)
    }

    /// Makes the root view and assigns it to `view`. By default a View filling the screen, named after the controller.
    open func loadView() throws {
        view = makeDefaultView()
    }

    /// Called once, after the view is loaded.
    open func viewDidLoad() throws {}

    /// The default root view: `name`, the screen's bounds.
    func makeDefaultView() -> View {
        View(name: name, frame: screen.bounds)
    }

    /// The runtime's screen, or the default screen before the controller belongs to a runtime.
    public var screen: Screen { runtime?.screen ?? .default }

    // MARK: Appearance

    /// The view is about to come on screen (a presentation starts, or the controller above is being dismissed).
    open func viewWillAppear(_ animated: Bool) throws {}
    /// The view came on screen (the transition completed).
    open func viewDidAppear(_ animated: Bool) throws {}
    /// The view is about to leave the screen.
    open func viewWillDisappear(_ animated: Bool) throws {}
    /// The view left the screen.
    open func viewDidDisappear(_ animated: Bool) throws {}

    // MARK: Layout

    /// The view is about to lay out its subviews: it entered the window, a constraint in it changed, or its size did
    /// (UIKit's update cycle). Constraint changes made here are part of that layout.
    open func viewWillLayoutSubviews() throws {}
    /// The view laid out its subviews: their frames are the constraints' solution.
    open func viewDidLayoutSubviews() throws {}

    /// Every lifecycle callback goes through here on its way to its method: `perform` runs this class's
    /// implementation (`loadView`, `viewWillAppear`, …). A subclass that handles them all alike — a scripting bridge
    /// asks its script first — overrides this one method rather than each of them.
    open func lifecycle(_ callback: LifecycleCallback, perform: () throws -> Void) throws {
        try perform()
    }

    /// Makes `callback`, through `lifecycle`; an error is reported naming it, and the caller carries on.
    func send(_ callback: LifecycleCallback) {
        calling(callback.name) {
            try lifecycle(callback) {
                switch callback {
                case .loadView: try loadView()
                case .viewDidLoad: try viewDidLoad()
                case .viewWillAppear(let animated): try viewWillAppear(animated)
                case .viewDidAppear(let animated): try viewDidAppear(animated)
                case .viewWillDisappear(let animated): try viewWillDisappear(animated)
                case .viewDidDisappear(let animated): try viewDidDisappear(animated)
                case .viewWillLayoutSubviews: try viewWillLayoutSubviews()
                case .viewDidLayoutSubviews: try viewDidLayoutSubviews()
                }
            }
        }
    }

    /// Called by `present` on the controller about to be presented, after its view is loaded and before anything
    /// happens: throw to refuse (the seed's base classes check their required overrides here).
    open func validateForPresentation() throws {}

    // MARK: Messages

    /// `MoreActionViewController "sheet"`, or just the class name if unnamed; for messages.
    public var debugName: String {
        name.map { "\(className) \"\($0)\"" } ?? className
    }

    /// Reports `error` thrown by `callback` of this controller through the runtime (stderr without one).
    func report(_ error: Error, callback: String) {
        let context = "\(callback) of \(debugName)"
        if let runtime {
            runtime.reportError(error, context: context)
        } else {
            writeToStandardError("scrim: error in \(context): \(ErrorReport.message(of: error))\n")
        }
    }

    /// Runs `body` (a callback named `callback`), reporting what it throws.
    func calling(_ callback: String, _ body: () throws -> Void) {
        do { try body() } catch { report(error, callback: callback) }
    }
}

extension ViewController: CustomStringConvertible {
    /// `ViewController(name)`, like a view's description.
    public var description: String {
        "\(className)(\(name ?? ""))"
    }
}
