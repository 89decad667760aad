/// A bottom popup menu (seed: PopupWindow): a clear, full-screen root view added to the key window, which slides up
/// from the bottom on `create()` and back down on `cancel()`; a `dismissView` that cancels when tapped fills the
/// screen above a `collectionView` of item cells at the bottom.
///
/// Default metrics (`PopupFlowLayout.list`): one full-width row 56 pt high per item; the collection view is as high
/// as its rows (at most the screen) and sits at the bottom; the slides take 0.3 s, ease-in-out. Frames are set when
/// the view loads (first use of `view`, or `create()`) and again on `setItems`, on a new `layout` and on `create()`.
///
/// A subclass replaces the content through the open hooks — `makeContentView()`, `layoutContent()`, `makeCell`, and
/// the three animation hooks — or the whole root view through `loadView()`; `ConfirmDialog` is one.
///
/// While shown the runtime holds the popup (`Runtime.popups`), from `create()` until its view is removed
/// `animationDuration` seconds after `cancel()`.
open class PopupWindow {
    /// Where the popup shows: the runtime's window, clock and hooks. Nothing happens once the runtime is gone.
    public private(set) weak var runtime: Runtime?

    /// A name for messages, and for the root view (which is called `popup` when the popup has no name).
    public var name: String? {
        didSet { loadedView?.name = rootViewName }
    }

    /// The protocol-style handler of selections, held strongly (as in the seed).
    public var delegate: PopupWindowDelegate?

    /// The items, in cell order; change them with `setItems`.
    public private(set) var items: [PopupItem] = []

    /// The closure-style handler of every item (the one `setItems` was last given), called with the item, its 1-based
    /// index and the popup.
    public var itemHandler: ((PopupItem, Int, PopupWindow) throws -> Bool?)?

    /// How the cells are placed in `collectionView`; setting it lays the content out again.
    public var layout = PopupFlowLayout.list {
        didSet { relayoutIfLoaded() }
    }

    /// How long the slide up and the slide down take; the view is removed this long after `cancel()`.
    public var animationDuration: Seconds = 0.3
    /// The curve of both slides (UIView.animate's default).
    public var animationCurve: TimingCurve = .easeInOut

    /// Whether a tap on `dismissView` cancels the popup (a tap there is swallowed either way).
    public var cancelsOnDismissViewTap = true

    /// The area outside the content; tapping it cancels (the seed's `dismissView`).
    public let dismissView: View
    /// The view holding one cell per item.
    public let collectionView: View
    /// The cells, one per item and in the same order; each is named after its item's id.
    public private(set) var cells: [View] = []

    /// Where the popup is in its life.
    public private(set) var phase = PopupPhase.hidden

    private var loadedView: View? {
        didSet {
            guard oldValue !== loadedView else { return }
            if let oldValue, oldValue.rootOwner === self { oldValue.rootOwner = nil }
            loadedView?.rootOwner = self
        }
    }
    private var itemHandlers: [String: (PopupWindow) throws -> Bool?] = [:]
    private var removal: ScheduledTask?
    private var showGeneration = 0
    /// The `will…` events whose handlers are running: the same request made from one of them is a no-op.
    private var asking: Set<String> = []
    /// Items already warned about as handled by nothing (once per item, not per tap).
    private var unhandledItemsWarned: Set<String> = []
    private var misspeltMethodsWarned: Set<String> = []

    /// A popup for `runtime`'s window, with no items yet.
    public init(runtime: Runtime) {
        self.runtime = runtime
        dismissView = View(name: "dismissView")
        collectionView = View(name: "collectionView")
        collectionView.backgroundColor = .white
        dismissView.addGestureRecognizer(TapGestureRecognizer { [weak self] _ in
            guard let self, self.cancelsOnDismissViewTap else { return }
            self.cancel()
        })
    }

    /// A popup with `items` and `delegate`; throws for items that cannot be told apart (see `setItems`).
    public convenience init(runtime: Runtime, items: [PopupItem], delegate: PopupWindowDelegate? = nil) throws {
        self.init(runtime: runtime)
        self.delegate = delegate
        try setItems(items)
    }

    /// The class name messages use; a bridge may override it for script-defined classes.
    open var className: String { String(describing: type(of: self)) }

    /// `PopupWindow "menu"` (or just the class name when unnamed), for messages.
    public var displayName: String {
        className + (name.map { " \"\($0)\"" } ?? "")
    }

    /// Whether the popup is on its way up or up: true from `create()` until `cancel()` starts.
    public var isShowing: Bool { phase == .appearing || phase == .shown }

    // MARK: View

    /// The root view, added to the window by `create()`: loaded on first access (`loadView()`, `viewDidLoad()`,
    /// then `layoutContent()`).
    public var view: View {
        get {
            if let loadedView { return loadedView }
            loadView()
            let root = loadedView ?? View(name: rootViewName, frame: screenBounds)
            loadedView = root
            viewDidLoad()
            performContentLayout()
            return loadedView ?? root
        }
        set { loadedView = newValue }
    }

    /// Whether the root view has been loaded.
    public var isViewLoaded: Bool { loadedView != nil }

    /// Whether `layoutContent()` is running (see `performContentLayout`).
    private var isLayingOutContent = false

    /// Makes the root view and sets `view`: by default a clear, full-screen view with `dismissView` at the back and
    /// `makeContentView()` in front of it.
    open func loadView() {
        let root = View(name: rootViewName, frame: screenBounds)
        root.backgroundColor = .clear
        view = root
        add(dismissView, to: root)
        add(makeContentView(), to: root)
    }

    /// Called once the root view is loaded, before its first layout. Does nothing by default.
    open func viewDidLoad() {}

    /// The content shown in front of `dismissView`: `collectionView` by default.
    open func makeContentView() -> View {
        collectionView
    }

    /// Sets the frames of the content: by default `collectionView` full width at the bottom, as high as the layout
    /// needs (at most the screen), `dismissView` filling the rest above it, then the cells.
    open func layoutContent() {
        let bounds = view.bounds
        let height = min(layout.contentHeight(count: cells.count), bounds.height)
        dismissView.frame = Rect(x: 0, y: 0, width: bounds.width, height: bounds.height - height)
        collectionView.frame = Rect(x: 0, y: bounds.height - height, width: bounds.width, height: height)
        layoutCells()
    }

    /// Places the cells in `collectionView` by `layout`.
    public func layoutCells() {
        let frames = layout.frames(count: cells.count, width: collectionView.bounds.width)
        for (cell, frame) in zip(cells, frames) { cell.frame = frame }
    }

    /// The cell of `item`, a view named after its id; the popup adds the tap recognizer that selects it.
    open func makeCell(for item: PopupItem, index: Int) -> View {
        let cell = View(name: item.id)
        cell.text = item.title
        return cell
    }

    // MARK: Animation hooks

    /// Puts the view where the show animation starts, outside any animation: the whole screen, one screen lower.
    open func prepareShowAnimation() {
        let bounds = screenBounds
        view.frame = Rect(x: 0, y: bounds.height, width: bounds.width, height: bounds.height)
    }

    /// The changes `create()` animates: the view's y to 0.
    open func showAnimation() {
        view.frame = screenBounds
    }

    /// The changes `cancel()` animates: the view's y back to the screen height.
    open func cancelAnimation() {
        let bounds = screenBounds
        view.frame = Rect(x: 0, y: bounds.height, width: bounds.width, height: bounds.height)
    }

    // MARK: Items

    /// Replaces the items and rebuilds the cells; `handler`, when given, becomes `itemHandler`. Throws, changing
    /// nothing, for an empty id or an id used twice.
    @discardableResult
    public func setItems(_ items: [PopupItem],
                         handler: ((PopupItem, Int, PopupWindow) throws -> Bool?)? = nil) throws -> Self {
        var seen = Set<String>()
        for item in items {
            if item.id.isEmpty { throw PopupError(message: "setItems: item ids must not be empty") }
            if !seen.insert(item.id).inserted {
                throw PopupError(message: "setItems: item \(item) appears twice")
            }
        }
        self.items = items
        if let handler { itemHandler = handler }
        reloadData()
        return self
    }

    /// `setItems` with items whose titles are their ids.
    @discardableResult
    public func setItems(_ ids: [String], handler: ((PopupItem, Int, PopupWindow) throws -> Bool?)? = nil) throws -> Self {
        try setItems(ids.map { PopupItem(id: $0) }, handler: handler)
    }

    /// Sets (or with nil, removes) the closure-style handler of the item `id`, called with the popup. The item need
    /// not exist yet.
    @discardableResult
    public func on(_ id: String, _ handler: ((PopupWindow) throws -> Bool?)?) -> Self {
        itemHandlers[id] = handler
        return self
    }

    /// The cell of the item `id`, or nil if there is no such item.
    public func cell(_ id: String) -> View? {
        items.firstIndex { $0.id == id }.map { cells[$0] }
    }

    /// The handler a selection of `item` runs, or nil: its own closure, else the `setItems` handler, else the
    /// delegate's method of its name, else the delegate's `didSelectItem`. Throws what asking the delegate threw.
    open func handler(for item: PopupItem) throws -> PopupHandler? {
        if let own = itemHandlers[item.id] { return .item(own) }
        if let itemHandler { return .list(itemHandler) }
        if let delegate {
            if try delegate.handlesItem(item.id) { return .delegateMethod(delegate) }
            if try delegate.respondsToDidSelectItem { return .didSelectItem(delegate) }
        }
        return nil
    }

    // MARK: Showing

    /// A delegate method whose name is close to an item nothing handles most likely meant that item (`renmae` for
    /// "rename"): the warnings not given yet, each once per item — said when the popup is shown, or earlier by a
    /// binding at the line that set the delegate or the items, before a tap finds nothing to call.
    public func newMisspeltDelegateWarnings() -> [String] {
        guard let delegate else { return [] }
        // An item whose lookup raises is not known to be unhandled: that error is the selection's to report.
        let unhandled = items.filter { item in
            do { return try handler(for: item) == nil } catch { return false }
        }.map(\.id)
        guard !unhandled.isEmpty else { return [] }
        let ids = Set(items.map(\.id))
        var warnings: [String] = []
        for name in delegate.memberNames.sorted() {
            guard !ids.contains(name), let meant = MisspeltMember.meant(name, among: unhandled, isGiven: { _ in false }),
                  misspeltMethodsWarned.insert(meant).inserted else { continue }
            warnings.append(MisspeltMember.warning("\(displayName): delegate", has: name, meant: meant))
        }
        return warnings
    }

    /// Shows the popup: emits `popup.willShow` (cancelling it shows nothing), adds the view to the window on top,
    /// slides it up (y from the screen height to 0), and emits `popup.didShow` when the slide ends. Does nothing
    /// while the popup is showing; during a cancel's slide down it comes back up from where it is.
    @discardableResult
    open func create() -> Self {
        guard let runtime, !isShowing, !asking.contains("popup.willShow") else { return self }
        guard ask("popup.willShow", runtime, ["popup": .object(self)]), !isShowing else { return self }
        newMisspeltDelegateWarnings().forEach(runtime.warningSink)
        let root = view
        do {
            try runtime.window.addSubview(root)
        } catch {
            runtime.reportError(error, context: "create of \(displayName)")
            return self
        }
        runtime.window.bringSubviewToFront(root)
        removal?.cancel()
        removal = nil
        phase = .appearing
        showGeneration += 1
        let generation = showGeneration
        runtime.popups.hold(self)
        runtime.animator.performWithoutAnimation {
            prepareShowAnimation()
            performContentLayout()
        }
        let animation = runtime.animate(duration: animationDuration, curve: animationCurve, animations: {
            showAnimation()
        }, completion: { [weak self] _ in
            self?.didFinishShowing(generation)
        })
        animation.label = "\(displayName) create"
        return self
    }

    /// Hides the popup: emits `popup.willCancel` (cancelling it keeps the popup up), slides the view down, removes it
    /// `animationDuration` later, lets the runtime's hold go and emits `popup.didCancel`. Does nothing unless showing.
    open func cancel() {
        guard let runtime, isShowing, !asking.contains("popup.willCancel") else { return }
        guard ask("popup.willCancel", runtime, ["popup": .object(self)]), isShowing else { return }
        phase = .cancelling
        let animation = runtime.animate(duration: animationDuration, curve: animationCurve, animations: {
            cancelAnimation()
        })
        animation.label = "\(displayName) cancel"
        // As the seed's asyncAfter: a timer, not the animation's completion, removes the view (and keeps the popup
        // alive until then).
        removal = runtime.after(animationDuration, label: "\(displayName) removal") { [self] in
            didFinishCancelling()
        }
    }

    private func didFinishShowing(_ generation: Int) {
        guard generation == showGeneration, phase == .appearing else { return }
        phase = .shown
        runtime?.hooks.emit("popup.didShow", target: self, fields: ["popup": .object(self)])
    }

    private func didFinishCancelling() {
        removal = nil
        guard phase == .cancelling else { return }
        loadedView?.removeFromSuperview()
        phase = .hidden
        guard let runtime else { return }
        runtime.popups.release(self) {
            runtime.hooks.emit("popup.didCancel", target: self, fields: ["popup": .object(self)])
        }
    }

    // MARK: Selecting

    /// Selects the item `id` as a tap on its cell does: `popup.willSelect` (cancelling it stops here), its handler,
    /// `popup.didSelect`, then `cancel()` unless the handler returned false (an item nothing handles is warned
    /// about once and closes the popup, as the seed's `delegate?.rename(); cancel()` does). A handler that
    /// throws is reported and the popup still closes. Returns whether the selection went ahead: false while the
    /// popup is not showing (during the slide down, for one) or when `popup.willSelect` was cancelled. Throws for an
    /// unknown id, naming the items.
    @discardableResult
    public func select(_ id: String) throws -> Bool {
        guard let index = items.firstIndex(where: { $0.id == id }) else {
            let known = items.map(\.id).joined(separator: ", ")
            throw PopupError(message: "\(displayName) has no item \"\(id)\" (items: \(known.isEmpty ? "none" : known))")
        }
        return performSelection(of: items[index], index: index + 1)
    }

    @discardableResult
    private func performSelection(of item: PopupItem, index: Int) -> Bool {
        guard let runtime, isShowing, !asking.contains("popup.willSelect") else { return false }
        let fields: () -> [String: HookValue] = {
            ["popup": .object(self), "item": .string(item.id), "index": .number(Double(index))]
        }
        guard ask("popup.willSelect", runtime, fields()), isShowing else { return false }
        let found: PopupHandler?
        do {
            found = try handler(for: item)
        } catch {
            // Asking the delegate failed: reported as a handler that raised, and the popup still closes.
            runtime.reportError(error, context: "the delegate of \(displayName), looking up \"\(item.id)\"")
            runtime.hooks.emit("popup.didSelect", target: self, fields: fields())
            cancel()
            return true
        }
        guard let handler = found else {
            // As the seed's `delegate?.rename(); cancel()`: the popup closes even when nothing handles the item; a
            // delegate's misspelt method is the likely reason, so it is said once per item.
            if unhandledItemsWarned.insert(item.id).inserted {
                let near = delegate.flatMap { NearestName.closest(to: item.id, among: $0.memberNames) }
                let hint = near.map { "; its delegate has '\($0)' — did you mean '\(item.id)'?" } ?? ""
                runtime.warningSink("\(displayName): nothing handles item \"\(item.id)\" (no handler, no delegate method "
                    + "'\(item.id)', no didSelectItem)\(hint); the popup closes")
            }
            runtime.hooks.emit("popup.didSelect", target: self, fields: fields())
            cancel()
            return true
        }
        var keepsOpen = false
        do {
            keepsOpen = try handler.run(popup: self, item: item, index: index) == false
        } catch {
            runtime.reportError(error, context: "\(handler.describe(item: item)) of \(displayName)")
        }
        runtime.hooks.emit("popup.didSelect", target: self, fields: fields())
        if !keepsOpen { cancel() }
        return true
    }

    // MARK: Internals

    /// Emits the cancellable `event`; while its handlers run, the request that emitted it is not made again.
    private func ask(_ event: String, _ runtime: Runtime, _ fields: [String: HookValue]) -> Bool {
        asking.insert(event)
        defer { asking.remove(event) }
        return runtime.hooks.emit(event, target: self, fields: fields, cancellable: true)
    }

    private var rootViewName: String { name ?? "popup" }

    private var screenBounds: Rect { runtime?.window.bounds ?? .zero }

    private func reloadData() {
        for cell in cells { cell.removeFromSuperview() }
        cells = items.enumerated().map { offset, item in
            let cell = makeCell(for: item, index: offset + 1)
            cell.addGestureRecognizer(TapGestureRecognizer { [weak self] _ in self?.cellTapped(item.id) })
            add(cell, to: collectionView)
            return cell
        }
        relayoutIfLoaded()
    }

    /// Adds `subview` to `parent`, reporting a view a subclass made that cannot go there (a cycle) instead of failing.
    private func add(_ subview: View, to parent: View) {
        do {
            try parent.addSubview(subview)
        } catch {
            runtime?.reportError(error, context: "loading the view of \(displayName)")
        }
    }

    private func cellTapped(_ id: String) {
        guard let index = items.firstIndex(where: { $0.id == id }) else { return }
        performSelection(of: items[index], index: index + 1)
    }

    /// Runs `layoutContent()`. Asked again while it runs (a `layoutContent` override calling `setItems`, or
    /// changing the layout), the request is a no-op: the layout under way is the one that places the content.
    private func performContentLayout() {
        guard !isLayingOutContent else { return }
        isLayingOutContent = true
        defer { isLayingOutContent = false }
        layoutContent()
    }

    private func relayoutIfLoaded() {
        if isViewLoaded { performContentLayout() }
    }
}

/// Where a popup is in its life.
public enum PopupPhase: String {
    /// Not in the window (never shown, or removed after a cancel).
    case hidden
    /// Sliding up after `create()`.
    case appearing
    /// Up, the slide finished.
    case shown
    /// Sliding down after `cancel()`, until the view is removed.
    case cancelling
}
