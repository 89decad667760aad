import Cassowary

/// A view as one engine's solver sees it: four variables for its frame in window coordinates and four "stay"
/// constraints that keep the frame where it is unless constraints move it.
///
/// Stays are relative to the parent (`view.left − parent.left == frame.x`, likewise top; `width == frame.width`,
/// likewise height), so a view the constraints leave free in a dimension keeps its place in its superview, and moves
/// with it. A fixed view (one the layout does not move) has required stays; a moved view has stays weaker than any
/// priority, so that where the constraints leave a choice a view keeps its size before its position (a view pinned
/// by one edge moves), and a parent keeps its place before a child (they are weaker the deeper the view). The
/// window's stays pin it at 0, 0 with its size.
///
/// The engine keeps an entry while something needs it: a constraint it installed that mentions the view, or the entry
/// of a subview (`references` counts both).
final class SolvedView {
    // The fields every pass reads for every moved view come first, together (declaration order is memory order), in
    // the object's first 128 bytes: a pass over thousands of views is bound by the cache lines it touches.

    /// The values of `left`, `top`, `width` and `height` as the engine last read them (it copies each changed value
    /// here), so that a frame is read from the entry itself rather than from four variables and two of the parent's.
    @exclusivity(unchecked) var values: (left: Double, top: Double, width: Double, height: Double) = (0, 0, 0, 0)
    /// The engine's pass step that last visited the entry.
    @exclusivity(unchecked) var mark = 0
    /// `view`, for the frame assignment of every pass, which must not retain it (views are targets of weak
    /// references, where each retain is slow); `view` keeps it alive.
    let unmanagedView: Unmanaged<View>
    /// The superview's entry; nil for the window.
    @exclusivity(unchecked) var parent: SolvedView?
    // `height` comes after the fields a pass reads: telling a changed variable apart needs the other three only.
    let left: Variable, top: Variable, width: Variable
    /// The entries of subviews (their frames are relative to this one).
    @exclusivity(unchecked) var children: [SolvedView] = []
    /// Installed constraints that mention the view, plus child entries.
    @exclusivity(unchecked) var references = 0
    /// 0 for the window, 1 for its subviews, … (kept up to date by `attach`).
    @exclusivity(unchecked) private(set) var depth = 0
    /// Whether the layout keeps the frame as it is (required stays) rather than moving it.
    @exclusivity(unchecked) var isFixed: Bool
    /// Whether any stay is in the solver (a view the constraints fix in every dimension has none).
    @exclusivity(unchecked) private(set) var hasStays = false
    let height: Variable
    /// Unretained: the engine owns its entries and clears every reference to them when it goes, and the engine is the
    /// target of weak references (a window's `layoutEngine`), so retaining it on every frame change would be slow
    /// (an `unowned(unsafe)` reference is still retained around each use; an `Unmanaged` one is not).
    let engine: Unmanaged<AutoLayoutEngine>
    /// The x, y, width and height stays; nil where the solver refused one, or left out.
    var stays: [Constraint?] = [nil, nil, nil, nil] {
        didSet { hasStays = stays.contains { $0 != nil } }
    }

    /// The entry keeps its view alive.
    let view: View
    /// Installed constraints that move the view (see the rules in `AutoLayoutEngine`).
    var movers = 0
    /// Creation order, to process entries in a stable order.
    let serial: Int
    /// Position in the window's depth-first walk (parents before children), brought up to date for conflict reports.
    var order = 0
    /// The stays left out because the required equalities fix that dimension anyway (a moved view only).
    var omitted = [false, false, false, false] {
        didSet { hasOmittedStays = omitted.contains(true) }
    }
    private(set) var hasOmittedStays = false
    /// Whether the entry waits in the engine's list of entries whose left-out stays are to be checked.
    var isCheckPending = false
    private var indexInParent = -1

    init(engine: AutoLayoutEngine, view: View, parent: SolvedView?, isFixed: Bool, serial: Int) {
        self.engine = Unmanaged.passUnretained(engine)
        self.view = view
        unmanagedView = Unmanaged.passUnretained(view)
        // Unnamed: a variable of an entry describes itself through the entry (naming a view costs more than the rest
        // of making an entry).
        left = Variable()
        top = Variable()
        width = Variable()
        height = Variable()
        self.parent = parent
        self.isFixed = isFixed
        self.serial = serial
    }

    deinit {
        // The variables may outlive the entry in the solver, and the view outlives it: their links must not dangle.
        unlinkVariables()
        unlinkView()
    }

    /// Makes each variable's context this entry, so that the engine maps a changed value to its view without a
    /// lookup. Unretained: the entry owns its variables, and the engine reads the context of every moved variable.
    func linkVariables() {
        let me = Unmanaged.passUnretained(self).toOpaque()
        for variable in variables { variable.context = me }
    }

    /// Clears the variables' contexts that still lead here (the engine lets go of the entry).
    func unlinkVariables() {
        let me = Unmanaged.passUnretained(self).toOpaque()
        for variable in variables where variable.context == me { variable.context = nil }
    }

    /// The entry a variable's context leads to, unretained; nil for a variable that is no view's.
    @inline(__always)
    static func entry(of variable: Variable) -> Unmanaged<SolvedView>? {
        variable.context.map { Unmanaged<SolvedView>.fromOpaque($0) }
    }

    /// Clears the view's link to this entry (the engine lets go of it).
    func unlinkView() {
        if view.layoutEntry?.toOpaque() == Unmanaged.passUnretained(self).toOpaque() { view.layoutEntry = nil }
    }

    /// The view's frame was set: tells the engine (which ignores the frames it assigns itself).
    func frameDidChange() {
        engine._withUnsafeGuaranteedRef { $0.frameDidChange(self) }
    }

    /// Makes `child` a child entry, bringing the depths of its entries up to date.
    func attach(_ child: SolvedView) {
        child.parent = self
        child.indexInParent = children.count
        children.append(child)
        guard child.depth != depth + 1 else { return }
        var pending = [child]
        while let entry = pending.popLast() {
            entry.depth = (entry.parent?.depth ?? -1) + 1
            pending.append(contentsOf: entry.children)
        }
    }

    /// Takes `child` out of the child entries (in constant time: the last one takes its place).
    func detach(_ child: SolvedView) {
        let index = child.indexInParent
        guard index >= 0, index < children.count, children[index] === child else { return }
        let last = children.removeLast()
        if last !== child {
            children[index] = last
            last.indexInParent = index
        }
        child.parent = nil
        child.indexInParent = -1
    }

    /// The four variables.
    var variables: [Variable] { [left, top, width, height] }

    /// Appends `k ×` `attribute`, as terms of the variables, to `terms`.
    func appendTerms(of attribute: LayoutAttribute, times k: Double, to terms: inout [Term]) {
        attribute.appendTerms(left: left, top: top, width: width, height: height, times: k, to: &terms)
    }

    /// The strength of stay `index`: required when fixed, else below priority 1 (1.03·10⁻³), twice as strong for
    /// the size as for the position, and falling with depth.
    func stayStrength(_ index: Int) -> Strength {
        isFixed ? .required : Strength((index < 2 ? 1e-4 : 2e-4) / (1 + 0.1 * Double(depth)))
    }

    /// The expression constant that puts stay `index` at the current frame.
    func stayConstant(_ index: Int) -> Double {
        let frame = view.frame
        switch index {
        case 0: return parent == nil ? 0 : -frame.x
        case 1: return parent == nil ? 0 : -frame.y
        case 2: return -frame.width
        default: return -frame.height
        }
    }

    /// Stay `index` (0 x, 1 y, 2 width, 3 height) at the current frame.
    func makeStay(_ index: Int) -> Constraint {
        Constraint(Expression(stayTerms(index), constant: stayConstant(index)), .equal, strength: stayStrength(index))
    }

    /// What stay `index` holds: the position relative to the parent, or the size.
    func stayTerms(_ index: Int) -> [Term] {
        switch index {
        case 0: return parent.map { [Term(left), Term($0.left, -1)] } ?? [Term(left)]
        case 1: return parent.map { [Term(top), Term($0.top, -1)] } ?? [Term(top)]
        case 2: return [Term(width)]
        default: return [Term(height)]
        }
    }

    /// Stay `index` as a conflict report shows it, e.g. `sheet.top == window.top + 100 (fixed frame)`.
    func describeStay(_ index: Int, constant: Double) -> String {
        let name = LayoutConstraint.name(of: view)
        let value = NumberFormat.short(-constant)
        let attribute = ["left", "top", "width", "height"][index]
        var text = "\(name).\(attribute) == "
        if index < 2, let parent {
            text += "\(LayoutConstraint.name(of: parent.view)).\(attribute)"
            if constant != 0 { text += constant > 0 ? " - \(NumberFormat.short(constant))" : " + \(value)" }
        } else {
            text += value
        }
        return text + " (fixed frame)"
    }

    /// The solved frame in the superview's coordinates, with round-off below 10⁻⁹ snapped to 1/1024 of a point.
    var solvedFrame: Rect {
        var x = values.left, y = values.top
        if let parent {
            x -= parent.values.left
            y -= parent.values.top
        }
        return Rect(x: SolvedView.clean(x), y: SolvedView.clean(y), width: SolvedView.clean(values.width),
                    height: SolvedView.clean(values.height))
    }

    /// Copies `value`, the new value of `variable` (one of the entry's), into `values`; true for a position (which
    /// moves the subviews' frames, relative to it), false for a size.
    @inline(__always)
    func note(_ value: Double, of variable: Variable) -> Bool {
        if variable === left {
            values.left = value
            return true
        }
        if variable === top {
            values.top = value
            return true
        }
        if variable === width { values.width = value } else { values.height = value }
        return false
    }

    @inline(__always)
    private static func clean(_ value: Double) -> Double {
        let scaled = value * 1024
        // Adding and taking away 1.5·2⁵² rounds to an integer (ties to even: a tie is 1/2048 away, never snapped)
        // without a call into libm, for every value a frame can have; larger ones are left as they are.
        guard abs(scaled) < 0x1p51 else { return value }
        let snapped = ((scaled + 0x1.8p52) - 0x1.8p52) / 1024
        guard abs(value - snapped) < 1e-9 else { return value }
        return snapped == 0 ? 0 : snapped
    }
}
