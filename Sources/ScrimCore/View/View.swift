/// A rectangle on screen with UIKit's view semantics: a model (what setters set and hit-testing reads), a
/// presentation (what animations show now), a z-ordered list of subviews, and tap recognizers.
///
/// Coordinates: `frame` is in the superview's coordinate space; a view's own space has its origin at its top-left
/// corner (`bounds` is always at 0, 0). `transform` is visual only: hit-testing and `convert` ignore it.
open class View {
    // The fields a layout pass reads and writes for every view it moves come first, together (declaration order is
    // memory order): with the object's header, the frame, the engine entry and the layout flags fill its first 64
    // bytes, and the superview link (read when the size changes) follows. A pass over thousands of views is bound by
    // the cache lines it touches. Nothing takes an inout access to them that could overlap another, so they skip the
    // dynamic exclusivity check.
    @exclusivity(unchecked) var storedFrame: Rect
    /// The view's entry in its window's layout engine while the engine solves it, which hears of frames set from
    /// outside the layout. Unretained, so that a frame change costs no reference counting: the engine owns its
    /// entries and clears the link when it lets go of one.
    @exclusivity(unchecked) var layoutEntry: Unmanaged<SolvedView>?
    /// Whether `setNeedsLayout` was called (or the size changed) since the last layout.
    @exclusivity(unchecked) public private(set) var needsLayout = false
    /// Whether some descendant needs layout: `layoutIfNeeded` visits only the branches marked so.
    @exclusivity(unchecked) var descendantNeedsLayout = false
    /// Whether this is a view controller's view (`rootOwner` is one), read up the superview links after every
    /// constraint change: a plain flag rather than a weak load per level.
    @exclusivity(unchecked) var hostsViewController = false
    /// `superview` without reference counting, for the walk up that `setNeedsLayout` makes on every resize (a view
    /// is the target of weak references, so each retain of it takes the slow path, and an `unowned(unsafe)` reference
    /// is still retained around each use). The superview clears it when it goes (`deinit`), so it never dangles.
    @exclusivity(unchecked) var superviewLink: Unmanaged<View>?

    /// The name `find` and `scrim.tree()` use; nil if unnamed.
    public var name: String?

    /// Hidden views are not drawn and not hit.
    public var isHidden = false
    /// Views with interaction off (and their subviews) are not hit.
    public var isUserInteractionEnabled = true
    /// Rounded corners for rendering, in points (not animatable).
    public var cornerRadius: Double = 0
    /// Text drawn in the view, if any.
    public var text: String?
    /// What Auto Layout keeps for this view: its active constraints.
    var layoutNodeStorage: ViewLayoutNode?

    /// The view this one is a subview of.
    public private(set) weak var superview: View?
    /// The window at the root of the hierarchy, kept up to date as views move (so that `window` costs O(1) however
    /// deep the view lies); nil when the root is not a window.
    weak var storedWindow: Window?
    /// The subviews, back to front: the last one is on top.
    public private(set) var subviews: [View] = []
    /// The gesture recognizers attached to this view, in the order they were added.
    public private(set) var gestureRecognizers: [GestureRecognizer] = []
    var storedAlpha: Double = 1
    var storedBackgroundColor: Color?
    var storedTransform: Transform = .identity
    /// The animations moving this view's properties now, oldest first.
    var propertyAnimations: [PropertyAnimation] = []

    /// A view called `name` at `frame`.
    public init(name: String? = nil, frame: Rect = .zero) {
        self.name = name
        storedFrame = frame
    }

    deinit {
        // Releasing `subviews` would free a chain of nested views recursively, one stack frame per level. Subviews
        // only this view holds give up theirs to a work list first, so that each is freed with no subviews left.
        // A subview that outlives its superview must not keep its link (`superviewLink`, not counted) to it.
        guard !subviews.isEmpty else { return }
        var pending = subviews
        subviews = []
        for subview in pending { subview.superviewLink = nil }
        while var view = pending.popLast() {
            if isKnownUniquelyReferenced(&view), !view.subviews.isEmpty {
                let children = view.subviews
                view.subviews = []
                for child in children { child.superviewLink = nil }
                pending.append(contentsOf: children)
            }
        }
    }

    // MARK: Model properties (animatable)

    /// Position and size in the superview's coordinates. Animatable; a size change marks the view for layout.
    open var frame: Rect {
        get { storedFrame }
        set {
            let old = storedFrame
            storedFrame = newValue
            if AnimationTransaction.current != nil {
                AnimationTransaction.record(self, .frame, old: .rect(old), new: .rect(newValue))
            }
            if old.width != newValue.width || old.height != newValue.height { setNeedsLayout() }
            if let entry = layoutEntry { entry._withUnsafeGuaranteedRef { $0.frameDidChange() } }
        }
    }

    /// Opacity, clamped to 0…1. Animatable. Below 0.01 the view is not hit.
    open var alpha: Double {
        get { storedAlpha }
        set {
            let old = storedAlpha
            storedAlpha = newValue.isNaN ? 0 : min(1, max(0, newValue))
            if AnimationTransaction.current != nil {
                AnimationTransaction.record(self, .alpha, old: .scalar(old), new: .scalar(storedAlpha))
            }
        }
    }

    /// The fill colour; nil draws nothing (and animates as transparent black). Animatable.
    open var backgroundColor: Color? {
        get { storedBackgroundColor }
        set {
            let old = storedBackgroundColor
            storedBackgroundColor = newValue
            if AnimationTransaction.current != nil {
                AnimationTransaction.record(self, .backgroundColor, old: .color(old ?? .clear),
                                            new: .color(newValue ?? .clear))
            }
        }
    }

    /// Scale, rotation and translation about the centre, applied when drawing. Animatable.
    open var transform: Transform {
        get { storedTransform }
        set {
            let old = storedTransform
            storedTransform = newValue
            if AnimationTransaction.current != nil {
                AnimationTransaction.record(self, .transform, old: .transform(old), new: .transform(newValue))
            }
        }
    }

    /// The frame's centre in the superview's coordinates; setting it moves the frame (animatable as `frame`).
    public var center: Point {
        get { storedFrame.center }
        set { frame = Rect(x: newValue.x - storedFrame.width / 2, y: newValue.y - storedFrame.height / 2,
                           width: storedFrame.width, height: storedFrame.height) }
    }

    /// The view's own coordinate space: origin 0, 0 and the frame's size.
    public var bounds: Rect { Rect(x: 0, y: 0, width: storedFrame.width, height: storedFrame.height) }

    /// The class name `scrim.tree()` prints; a bridge may override it for script-defined classes.
    open var className: String { String(describing: type(of: self)) }

    // MARK: Hit-testing

    /// The farthest descendant (or the receiver) that contains `point`, given in the receiver's coordinates, and
    /// takes touches; nil if none. Hidden views, views with interaction off, views with alpha < 0.01 and views
    /// being animated without `allowUserInteraction` are skipped with their subviews; a point outside a view
    /// (`point(inside:)`) never reaches its subviews; subviews are tried front to back. Transforms are ignored.
    ///
    /// Plain views are walked with the walk's own stack (any depth of views); a subview of a class of its own is
    /// asked through its `hitTest`, which may be overridden as in UIKit.
    open func hitTest(_ point: Point) -> View? {
        guard takesTouches, self.point(inside: point) else { return nil }
        // Each level: a view that contains the point, the point in its coordinates, the next subview to try.
        var path: [(view: View, point: Point, subviews: [View], next: Int)] = [(self, point, subviews, subviews.count - 1)]
        while let level = path.last {
            guard level.next >= 0 else {
                // No subview of this one was hit: it is the hit.
                return level.view
            }
            path[path.count - 1].next -= 1
            let subview = level.subviews[level.next]
            let local = Point(x: level.point.x - subview.storedFrame.x, y: level.point.y - subview.storedFrame.y)
            if type(of: subview) == View.self {
                if subview.takesTouches, subview.point(inside: local) {
                    path.append((subview, local, subview.subviews, subview.subviews.count - 1))
                }
            } else if let hit = subview.hitTest(local) {
                return hit
            }
        }
        return nil
    }

    /// Whether `point`, in the receiver's coordinates, is inside it: by default, inside `bounds`.
    open func point(inside point: Point) -> Bool {
        bounds.contains(point)
    }

    // MARK: Layout

    /// Lays out the subviews; called by `layoutIfNeeded` for views that need layout. Does nothing by default.
    open func layoutSubviews() {}

    /// Called after the view moved to a new superview (or was removed from one).
    open func didMoveToSuperview() {}

    /// Called after the view (or an ancestor) moved to a different window (or out of one).
    open func didMoveToWindow() {}

    // MARK: Hierarchy internals

    func setSuperview(_ view: View?) {
        guard let ownershipObserver else {
            superview = view
            superviewLink = view.map(Unmanaged.passUnretained)
            return
        }
        let old = superview
        superview = view
        superviewLink = view.map(Unmanaged.passUnretained)
        if old !== view { ownershipObserver.ownerDidChange(self, from: old ?? rootOwner) }
    }

    /// The controller or popup whose root view this is (it holds it strongly); the owner of a view without a superview.
    public internal(set) weak var rootOwner: AnyObject? {
        didSet {
            hostsViewController = rootOwner is ViewController
            if let ownershipObserver, superview == nil, oldValue !== rootOwner { ownershipObserver.ownerDidChange(self, from: oldValue) }
        }
    }

    /// See `Owned`.
    public weak var ownershipObserver: OwnershipObserver?

    func mutateSubviews(_ body: (inout [View]) -> Void) {
        body(&subviews)
    }

    func setGestureRecognizers(_ recognizers: [GestureRecognizer]) {
        gestureRecognizers = recognizers
    }

    func setNeedsLayoutFlag(_ value: Bool) {
        needsLayout = value
    }
}

extension View: CustomStringConvertible {
    /// `View(name) {x, y, w, h}`, with the class name and the model frame.
    public var description: String {
        "\(className)(\(name ?? "")) \(storedFrame)"
    }
}
