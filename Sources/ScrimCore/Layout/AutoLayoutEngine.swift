/// Auto Layout for one window: solves the window's active `LayoutConstraint`s with the Cassowary `Solver` and assigns
/// the frames (a `Runtime` installs one as its window's `layoutEngine`).
///
/// `layoutIfNeeded(_:)` brings the solver in step with the window — constraints activated since, deactivated, or whose
/// views came or went, constants and priorities changed, frames set from outside the layout — updates the variables
/// and assigns the frames of the views the layout moves through `frame`, so inside an animation block they animate.
///
/// The engine is incremental: it hears of every change from the constraints and views themselves (activation,
/// deactivation, constant and priority setters, `View.frame`, the hierarchy calls) and keeps what changed until the
/// next pass, which does work in proportion to the change. Constant and priority changes are applied together, in
/// one simplex pass where the solver can (reading `isBroken` applies them at once, so a conflict is known then); only
/// the variables the solver changed are read back, and only the views they belong to are assigned. A pass with
/// nothing changed does nothing. Each change also asks the window for a layout pass at the next turn of the run
/// loop (`Window.scheduleLayoutPass`), as UIKit's update cycle does.
///
/// Which views move: a view is moved by the layout when it is constrained to something other than its own descendants
/// (its superview, a sibling, any other view, a constant width or height). Every other view the constraints mention,
/// and every ancestor of a mentioned view, keeps its frame (as UIKit keeps a view whose autoresizing mask is
/// translated into constraints), so `superview.bottom == content.bottom + c` moves `content`, not `superview`. A moved
/// view keeps its current value in any dimension the constraints leave open (see `SolvedView`): at every pass the
/// stays stand at the frames the views have when it starts, the frames the last pass assigned or a script set since.
///
/// Conflicting required constraints: the engine reports them (`reporter`) and breaks one — the constraint being
/// added, or whose constant is being changed; when the change of a fixed frame causes the conflict, the most recently
/// installed constraint of the conflict. A broken constraint stays in the solver just below required (above every
/// priority), so it holds as far as the others allow, and again in full once the conflict is gone; it is tried as
/// required again when it is deactivated and activated.
public final class AutoLayoutEngine: LayoutEngine {
    /// Receives each conflict, after the layout that found it; writes its message to standard error by default.
    public var reporter: (UnsatisfiableConstraints) -> Void = { report in
        writeToStandardError("scrim: \(report.message)\n")
    }
    /// Receives unexpected solver errors (solver bugs); writes them to standard error by default.
    public var errorReporter: (Error) -> Void = { error in
        writeToStandardError("scrim: layout: \(error)\n")
    }

    /// What the engine has done since it was made, for tests that check the work is in proportion to the change.
    public struct WorkCount: Equatable, Sendable {
        /// Values handed to the solver: stays put at (or moved to) a frame, and constant changes.
        public var suggestions = 0
        /// Frames assigned.
        public var assignments = 0
        /// Passes that had something to do.
        public var passes = 0
        /// Entries noted, when a required equality left the solver, to check whether their left-out stays are needed
        /// again (each once per pass, and only entries that left stays out).
        public var staysNoted = 0
    }
    // Counted on every moved view, never under an overlapping access: no dynamic exclusivity check.
    @exclusivity(unchecked) public private(set) var workCount = WorkCount()

    /// A `LayoutConstraint` in the solver (or about to go in, during a pass).
    final class Installation {
        let constraint: LayoutConstraint
        /// Installation order.
        let serial: Int
        /// What the solver holds; nil if it refused even the broken form, or before it goes in.
        var solverConstraint: Constraint?
        /// The entries of the views it mentions, which it keeps.
        let item: SolvedView
        let toItem: SolvedView?
        /// Whether it moves `item`, `toItem` (see the rules above).
        var movesItem = false, movesToItem = false
        var hasPendingConstant = false, hasPendingPriority = false

        init(constraint: LayoutConstraint, serial: Int, item: SolvedView, toItem: SolvedView?) {
            self.constraint = constraint
            self.serial = serial
            self.item = item
            self.toItem = toItem
        }
    }

    /// Where a broken required constraint goes: optional, but above priority 999.
    static let brokenStrength = Strength(Strength.required.value * 0.999)

    private let solver = Solver()
    private weak var window: Window?
    private var views: [ObjectIdentifier: SolvedView] = [:]
    private var installations: [ObjectIdentifier: Installation] = [:]
    private var nextSerial = 0
    private var nextViewSerial = 0
    private var isLayingOut = false
    @exclusivity(unchecked) private var isAssigning = false
    /// Entries let go of while frames are assigned, kept until the assignment is over (it refers to them unretained).
    private var retiredEntries: [SolvedView] = []
    private var pendingReports: [UnsatisfiableConstraints] = []
    /// Marks the entries visited in one step of a pass.
    private var epoch = 0

    // What changed since the last pass.
    /// Set until the first pass for a window, which reads the whole window once.
    private var needsFullSync = true
    private var pendingActivations: [ObjectIdentifier: LayoutConstraint] = [:]
    private var pendingConstants: [Installation] = []
    private var pendingPriorities: [Installation] = []
    /// Roots of subtrees added to, removed from or moved within the window.
    private var movedViews: [ObjectIdentifier: View] = [:]
    /// Entries whose stays must be made (new, new parent or depth, fixed or moved now).
    private var staysToAdd: [ObjectIdentifier: SolvedView] = [:]
    /// Entries whose frame was set from outside the layout: their stays move to it.
    private var staysToMove: [ObjectIdentifier: SolvedView] = [:]
    /// Moved entries whose left-out stays may be needed again (a required equality they depend on went), each once
    /// (`isCheckPending`).
    private var staysToCheck: [SolvedView] = []

    public init() {}

    private var hasWork: Bool {
        needsFullSync || !pendingActivations.isEmpty || !pendingConstants.isEmpty || !pendingPriorities.isEmpty
            || !movedViews.isEmpty || !staysToAdd.isEmpty || !staysToMove.isEmpty || !staysToCheck.isEmpty
            || solver.hasChanges
    }

    // MARK: LayoutEngine

    /// Brings the solver in step with what changed in `view`'s window and assigns the frames that moved.
    public func layoutIfNeeded(_ view: View) {
        guard !isLayingOut, let window = view.window else { return }
        if self.window !== window {
            reset()
            self.window = window
        }
        guard hasWork else { return }
        isLayingOut = true
        workCount.passes += 1
        if needsFullSync {
            needsFullSync = false
            movedViews = [ObjectIdentifier(window): window]
        }
        applyChanges()
        var candidates = pendingActivations
        pendingActivations = [:]
        processMovedViews(in: window, candidates: &candidates)
        let prepared = candidates.values
            .filter { installations[ObjectIdentifier($0)] == nil && wants($0, in: window) }
            .sorted { $0.activationSerial < $1.activationSerial }
            .map(prepare)
        var checked: [SolvedView] = []
        epoch += 1
        processStays(fixed: true, into: &checked)
        for installation in prepared { install(installation) }
        processStays(fixed: false, into: &checked)
        checkOmittedStays(into: &checked)
        assignFrames(checked: checked)
        isLayingOut = false
        deliverReports()
    }

    /// Notes that `view` came into, left or moved within the window, with its subviews.
    public func viewDidMove(_ view: View) {
        guard let window, !needsFullSync else { return }
        movedViews[ObjectIdentifier(view)] = view
        window.scheduleLayoutPass()
    }

    // MARK: Changes reported by constraints and views

    /// Notes `constraint` for the next pass (and asks the window for one).
    public func constraintDidActivate(_ constraint: LayoutConstraint, in window: Window) {
        if window === self.window && !needsFullSync {
            if let other = constraint.engine, other !== self { other.uninstall(constraint) }
            constraint.engine = self
            pendingActivations[ObjectIdentifier(constraint)] = constraint
        }
        window.scheduleLayoutPass()
    }

    func constantDidChange(_ constraint: LayoutConstraint) {
        guard let installation = installations[ObjectIdentifier(constraint)], installation.solverConstraint != nil,
              !installation.hasPendingConstant else { return }
        installation.hasPendingConstant = true
        pendingConstants.append(installation)
        window?.scheduleLayoutPass()
    }

    func priorityDidChange(_ constraint: LayoutConstraint) {
        guard let installation = installations[ObjectIdentifier(constraint)], installation.solverConstraint != nil,
              !installation.hasPendingPriority else { return }
        installation.hasPendingPriority = true
        pendingPriorities.append(installation)
        window?.scheduleLayoutPass()
    }

    func frameDidChange(_ solved: SolvedView) {
        guard !isAssigning else { return }
        staysToMove[ObjectIdentifier(solved.view)] = solved
        window?.scheduleLayoutPass()
    }

    /// Applies the batched constant and priority changes now and delivers any conflict they cause.
    func applyPendingChanges() {
        guard !isLayingOut, !pendingConstants.isEmpty || !pendingPriorities.isEmpty else { return }
        isLayingOut = true
        applyChanges()
        isLayingOut = false
        deliverReports()
    }

    /// Takes `constraint` out of the solver (or out of the pending activations).
    func uninstall(_ constraint: LayoutConstraint) {
        let id = ObjectIdentifier(constraint)
        pendingActivations[id] = nil
        if constraint.engine === self { constraint.engine = nil }
        constraint.brokenFlag = false
        guard let installation = installations.removeValue(forKey: id) else { return }
        if let current = installation.solverConstraint { removeFromSolver(current) }
        setContributions(of: installation, movesItem: false, movesToItem: false)
        release(installation.item)
        if let toItem = installation.toItem { release(toItem) }
        window?.scheduleLayoutPass()
    }

    // MARK: A pass

    private func applyChanges() {
        if !pendingConstants.isEmpty {
            let changed = pendingConstants
            pendingConstants = []
            var batch: [(constraint: Constraint, constant: Double)] = []
            var members: [Installation] = []
            for installation in changed {
                installation.hasPendingConstant = false
                guard installations[ObjectIdentifier(installation.constraint)] === installation,
                      let current = installation.solverConstraint,
                      current.expression.constant != -installation.constraint.constant else { continue }
                batch.append((current, -installation.constraint.constant))
                members.append(installation)
            }
            workCount.suggestions += batch.count
            var applied = batch.isEmpty
            if !applied {
                do { applied = try solver.updateConstants(batch) } catch { errorReporter(error) }
            }
            if !applied {
                for installation in members { updateConstant(installation) }
            }
        }
        if !pendingPriorities.isEmpty {
            let changed = pendingPriorities
            pendingPriorities = []
            var batch: [(constraint: Constraint, strength: Strength)] = []
            for installation in changed {
                installation.hasPendingPriority = false
                guard installations[ObjectIdentifier(installation.constraint)] === installation,
                      !installation.constraint.brokenFlag, let current = installation.solverConstraint,
                      !current.strength.isRequired else { continue }
                batch.append((current, Strength(priority: installation.constraint.priority)))
            }
            do { try solver.updateStrengths(batch) } catch { errorReporter(error) }
        }
    }

    /// Sets one installed constraint's constant, breaking it if it conflicts.
    private func updateConstant(_ installation: Installation) {
        guard let current = installation.solverConstraint else { return }
        let constant = -installation.constraint.constant
        do {
            try solver.updateConstant(current, to: constant)
        } catch SolverError.unsatisfiable {
            let refused = Constraint(Expression(current.expression.terms, constant: constant), current.relation,
                                     strength: .required)
            let conflict = ConstraintConflict.find(candidate(refused, installation),
                                                   among: requiredCandidates(excluding: current))
            report(conflict, breaking: installation)
            installBroken(installation)
        } catch {
            errorReporter(error)
        }
    }

    /// Whether `constraint` belongs in the solver: active, its views alive and in `window`.
    private func wants(_ constraint: LayoutConstraint, in window: Window) -> Bool {
        // Each view is loaded once (views are held weakly, and a weak load costs more than the rest).
        guard constraint.activeFlag, let item = constraint.item, item.window === window else { return false }
        guard constraint.relatesTwoViews else { return true }
        guard let toItem = constraint.toItem, toItem.window === window else { return false }
        return true
    }

    /// Brings the constraints and entries of the moved subtrees in step: uninstalls what left the window, notes what
    /// came in (into `candidates`), re-parents entries and re-decides which views move.
    private func processMovedViews(in window: Window, candidates: inout [ObjectIdentifier: LayoutConstraint]) {
        guard !movedViews.isEmpty else { return }
        let roots = Array(movedViews.values)
        movedViews = [:]
        var subtree: [(view: View, inWindow: Bool)] = []
        var seen = Set<ObjectIdentifier>()
        for root in roots {
            let inWindow = root.window === window
            var stack = [root]
            while let view = stack.popLast() {
                guard seen.insert(ObjectIdentifier(view)).inserted else { continue }
                subtree.append((view, inWindow))
                stack.append(contentsOf: view.subviews)
            }
        }
        var recheck: [Installation] = []
        for (view, _) in subtree {
            for constraint in view.existingLayoutNode?.constraints ?? [] {
                let id = ObjectIdentifier(constraint)
                if let installation = installations[id] {
                    if wants(constraint, in: window) { recheck.append(installation) } else { uninstall(constraint) }
                } else if candidates[id] == nil, wants(constraint, in: window) {
                    // (Seen from its other view already, or pending: the installation checks it again.)
                    candidates[id] = constraint
                }
            }
        }
        for (view, inWindow) in subtree where inWindow {
            guard let solved = views[ObjectIdentifier(view)], solved.parent != nil else { continue }
            reparent(solved)
            staysToAdd[ObjectIdentifier(view)] = solved
        }
        for installation in recheck where installations[ObjectIdentifier(installation.constraint)] === installation {
            updateContributions(of: installation)
        }
    }

    /// Makes the installation for `constraint`: keeps the entries of its views and counts what it moves.
    private func prepare(_ constraint: LayoutConstraint) -> Installation {
        if let other = constraint.engine, other !== self { other.uninstall(constraint) }
        let installation = Installation(constraint: constraint, serial: nextSerial, item: retain(constraint.item!),
                                        toItem: constraint.toItem.map(retain))
        nextSerial += 1
        installations[ObjectIdentifier(constraint)] = installation
        constraint.engine = self
        constraint.brokenFlag = false
        updateContributions(of: installation)
        return installation
    }

    private func install(_ installation: Installation) {
        let made = solverConstraint(for: installation, strength: Strength(priority: installation.constraint.priority))
        do {
            try solver.addConstraint(made)
            installation.solverConstraint = made
        } catch SolverError.unsatisfiable {
            let conflict = ConstraintConflict.find(candidate(made, installation), among: requiredCandidates(excluding: nil))
            report(conflict, breaking: installation)
            installBroken(installation)
        } catch {
            errorReporter(error)
        }
    }

    /// Replaces the installation's solver constraint by its broken form at the current constant.
    private func installBroken(_ installation: Installation) {
        if let current = installation.solverConstraint, solver.hasConstraint(current) { removeFromSolver(current) }
        installation.solverConstraint = nil
        installation.constraint.brokenFlag = true
        let broken = solverConstraint(for: installation, strength: AutoLayoutEngine.brokenStrength)
        do {
            try solver.addConstraint(broken)
            installation.solverConstraint = broken
        } catch {
            errorReporter(error)
        }
    }

    /// `item.attribute − multiplier × toItem.toAttribute − constant  relation  0` over the views' variables.
    private func solverConstraint(for installation: Installation, strength: Strength) -> Constraint {
        let constraint = installation.constraint
        var terms = installation.item.expression(constraint.attribute).terms
        if let toItem = installation.toItem, let toAttribute = constraint.toAttribute {
            for term in toItem.expression(toAttribute).terms {
                terms.append(Term(term.variable, -constraint.multiplier * term.coefficient))
            }
        }
        return Constraint(Expression(terms, constant: -constraint.constant), constraint.relation.solverRelation,
                          strength: strength)
    }

    /// Reads back the variables the solver changed and assigns the frames of the views they belong to (and of their
    /// subviews' entries, whose frames are relative to them), plus the `checked` entries, parents first; then moves
    /// the stays of the assigned views to their new frames.
    private func assignFrames(checked: [SolvedView]) {
        // Unretained: this visits every moved view. The entries stay alive: `views` keeps them, and one let go of
        // while frames are assigned waits in `retiredEntries` until the assignment is over.
        var visit = checked.map(Unmanaged.passUnretained)
        let epoch = self.epoch
        solver.updateVariables { variable in
            guard let link = variable.solvedViewLink else { return }
            link._withUnsafeGuaranteedRef { solved in
                solved.noteValue(of: variable)
                if solved.mark != epoch {
                    solved.mark = epoch
                    visit.append(link)
                }
                // Subviews' frames are relative to this one's position.
                guard variable.frameIndex < 2, !solved.children.isEmpty else { return }
                for child in solved.children where child.mark != epoch {
                    child.mark = epoch
                    visit.append(Unmanaged.passUnretained(child))
                }
            }
        }
        // Parents before children; one depth (the common case) needs no sort.
        if let depth = visit.first?._withUnsafeGuaranteedRef(\.depth),
           visit.contains(where: { $0._withUnsafeGuaranteedRef(\.depth) != depth }) {
            visit.sort { a, b in
                a._withUnsafeGuaranteedRef { a in
                    b._withUnsafeGuaranteedRef { b in (a.depth, a.serial) < (b.depth, b.serial) }
                }
            }
        }
        isAssigning = true
        var stayMoves: [(constraint: Constraint, constant: Double)] = []
        for entry in visit {
            entry._withUnsafeGuaranteedRef { solved in assignFrame(of: solved, stayMoves: &stayMoves) }
        }
        retiredEntries.removeAll()
        isAssigning = false
        guard !stayMoves.isEmpty else { return }
        workCount.suggestions += stayMoves.count
        do {
            // The stays of moved views are optional and the solution is already optimal for them at its own values.
            if !(try solver.updateConstants(stayMoves)) {
                for (stay, constant) in stayMoves { try solver.updateConstant(stay, to: constant) }
            }
        } catch {
            errorReporter(error)
        }
    }

    /// Assigns the solved frame of `solved` if it moves and differs from the frame, noting the stays to move.
    @inline(__always)
    private func assignFrame(of solved: SolvedView, stayMoves: inout [(constraint: Constraint, constant: Double)]) {
        guard !solved.isFixed && solved.references > 0 else { return }
        let frame = solved.solvedFrame
        // The entry keeps the view alive: borrow it rather than retain it (see `SolvedView.unmanagedView`).
        let moved = solved.unmanagedView._withUnsafeGuaranteedRef { view in
            guard !AutoLayoutEngine.nearlyEqual(frame, view.frame) else { return false }
            view.frame = frame
            return true
        }
        guard moved else { return }
        workCount.assignments += 1
        guard solved.hasStays else { return }
        for index in 0..<4 {
            if let stay = solved.stays[index] {
                let constant = solved.stayConstant(index)
                if stay.expression.constant != constant { stayMoves.append((stay, constant)) }
            }
        }
    }

    // MARK: Entries

    /// The entry of `view`, made (with those of its ancestors) if needed, with one more reference.
    private func retain(_ view: View) -> SolvedView {
        let id = ObjectIdentifier(view)
        if let solved = views[id] {
            solved.references += 1
            return solved
        }
        let parent = view.superview.map(retain)
        let solved = SolvedView(engine: self, view: view, parent: parent, isFixed: true, serial: nextViewSerial)
        nextViewSerial += 1
        solved.references = 1
        parent?.attach(solved)
        views[id] = solved
        view.layoutEntry = Unmanaged.passUnretained(solved)
        for (index, variable) in solved.variables.enumerated() {
            variable.solvedViewLink = Unmanaged.passUnretained(solved)
            variable.frameIndex = index
        }
        staysToAdd[id] = solved
        return solved
    }

    /// Drops one reference to `solved`; the last one takes it (and its stays) out, and releases its parent.
    private func release(_ solved: SolvedView) {
        solved.references -= 1
        guard solved.references == 0 else { return }
        let id = ObjectIdentifier(solved.view)
        if isAssigning { retiredEntries.append(solved) }
        removeStays(of: solved)
        views[id] = nil
        staysToAdd[id] = nil
        staysToMove[id] = nil
        solved.unlinkView()
        for variable in solved.variables { variable.solvedViewLink = nil }
        if let parent = solved.parent {
            parent.detach(solved)
            release(parent)
        }
    }

    /// Gives `solved` the entry of its view's current superview as parent.
    private func reparent(_ solved: SolvedView) {
        guard let superview = solved.view.superview, solved.parent?.view !== superview else { return }
        let parent = retain(superview)
        let old = solved.parent
        old?.detach(solved)
        parent.attach(solved)
        if let old { release(old) }
        updateFixed(solved)
    }

    /// Re-decides which of its views `installation` moves, from the hierarchy as it is.
    private func updateContributions(of installation: Installation) {
        guard let toEntry = installation.toItem else {
            setContributions(of: installation, movesItem: true, movesToItem: false)
            return
        }
        // The entries keep the views: borrowed, not loaded from the constraint's weak references.
        let (movesItem, movesToItem) = installation.item.unmanagedView._withUnsafeGuaranteedRef { item in
            toEntry.unmanagedView._withUnsafeGuaranteedRef { toItem in
                (toItem === item || !toItem.isDescendant(of: item), toItem !== item && !item.isDescendant(of: toItem))
            }
        }
        setContributions(of: installation, movesItem: movesItem, movesToItem: movesToItem)
    }

    private func setContributions(of installation: Installation, movesItem: Bool, movesToItem: Bool) {
        if movesItem != installation.movesItem {
            installation.movesItem = movesItem
            installation.item.movers += movesItem ? 1 : -1
            updateFixed(installation.item)
        }
        if movesToItem != installation.movesToItem, let toItem = installation.toItem {
            installation.movesToItem = movesToItem
            toItem.movers += movesToItem ? 1 : -1
            updateFixed(toItem)
        }
    }

    private func updateFixed(_ solved: SolvedView) {
        let fixed = solved.parent == nil || solved.movers == 0
        guard fixed != solved.isFixed else { return }
        solved.isFixed = fixed
        staysToAdd[ObjectIdentifier(solved.view)] = solved
    }

    // MARK: Stays

    /// Makes the stays of the entries in `staysToAdd` and moves those of `staysToMove` to their frames: with `fixed`,
    /// the required stays and the moves (before constraints go in, so that a conflict breaks a constraint), else the
    /// stays of moved views (after, so that the solver places new views through their constraints first). Adds the
    /// entries to `checked`.
    private func processStays(fixed: Bool, into checked: inout [SolvedView]) {
        var list: [SolvedView] = []
        if fixed {
            for solved in staysToAdd.values {
                removeStays(of: solved)
                if solved.isFixed { list.append(solved) }
            }
            for (id, solved) in staysToMove where staysToAdd[id] == nil { list.append(solved) }
            staysToMove = [:]
        } else {
            list = Array(staysToAdd.values)
            staysToAdd = [:]
        }
        guard !list.isEmpty else { return }
        let depths = list.map(\.depth)
        list = zip(list, depths).sorted { ($0.1, $0.0.serial) < ($1.1, $1.0.serial) }.map(\.0)
        for solved in list where solved.references > 0 {
            if fixed && staysToAdd[ObjectIdentifier(solved.view)] != nil {
                staysToAdd[ObjectIdentifier(solved.view)] = nil
                addStays(of: solved)
            } else if fixed {
                refreshStays(of: solved)
            } else {
                addStays(of: solved)
            }
            if solved.mark != epoch {
                solved.mark = epoch
                checked.append(solved)
            }
        }
    }

    /// Adds the stays at the current frame; for a moved view, only in the dimensions the required equalities leave
    /// open (a stay elsewhere could not change the solution, and would only cost work at every change).
    private func addStays(of solved: SolvedView) {
        for index in 0..<4 {
            if !solved.isFixed && solver.isDetermined(Expression(solved.stayTerms(index))) {
                solved.omitted[index] = true
                continue
            }
            solved.stays[index] = addStay(index, of: solved)
            workCount.suggestions += 1
        }
    }

    private func removeStays(of solved: SolvedView) {
        for case let stay? in solved.stays { removeFromSolver(stay) }
        solved.stays = [nil, nil, nil, nil]
        solved.omitted = [false, false, false, false]
    }

    /// Removes `constraint` from the solver. A required equality may have fixed dimensions whose stays were left
    /// out: the entries that depend on it (and their children, whose positions are relative) are checked again.
    private func removeFromSolver(_ constraint: Constraint) {
        do {
            guard constraint.relation == .equal && constraint.strength.isRequired else {
                try solver.removeConstraint(constraint)
                return
            }
            try solver.removeConstraint(constraint) { variable in
                guard let solved = variable.solvedView else { return }
                noteStaysToCheck(solved)
                for child in solved.children { noteStaysToCheck(child) }
            }
        } catch {
            errorReporter(error)
        }
    }

    /// Adds `solved` to `staysToCheck` if it left out stays and is not there yet.
    private func noteStaysToCheck(_ solved: SolvedView) {
        guard !solved.isCheckPending, solved.hasOmittedStays else { return }
        solved.isCheckPending = true
        staysToCheck.append(solved)
        workCount.staysNoted += 1
    }

    /// Puts back the left-out stays of the entries in `staysToCheck` whose dimensions are no longer fixed.
    private func checkOmittedStays(into checked: inout [SolvedView]) {
        guard !staysToCheck.isEmpty else { return }
        let list = staysToCheck.sorted { $0.serial < $1.serial }
        staysToCheck = []
        for solved in list { solved.isCheckPending = false }
        for solved in list where solved.references > 0 && !solved.isFixed {
            var added = false
            for index in 0..<4 where solved.omitted[index]
                && !solver.isDetermined(Expression(solved.stayTerms(index))) {
                solved.omitted[index] = false
                solved.stays[index] = addStay(index, of: solved)
                workCount.suggestions += 1
                added = true
            }
            if added && solved.mark != epoch {
                solved.mark = epoch
                checked.append(solved)
            }
        }
    }

    /// Adds stay `index` at the current frame, breaking layout constraints while a required stay conflicts with them;
    /// nil if it cannot go in.
    private func addStay(_ index: Int, of solved: SolvedView) -> Constraint? {
        let stay = solved.makeStay(index)
        while true {
            do {
                try solver.addConstraint(stay)
                return stay
            } catch SolverError.unsatisfiable {
                let refused = stayCandidate(stay, index, of: solved)
                guard breakConflict(ConstraintConflict.find(refused, among: requiredCandidates(excluding: nil))) else {
                    return nil
                }
            } catch {
                errorReporter(error)
                return nil
            }
        }
    }

    /// Moves the stays to the current frame.
    private func refreshStays(of solved: SolvedView) {
        let constants = solved.stayConstants
        for index in 0..<4 where !solved.omitted[index] {
            guard let stay = solved.stays[index] else {
                solved.stays[index] = addStay(index, of: solved)
                continue
            }
            if stay.expression.constant != constants[index] { workCount.suggestions += 1 }
            while stay.expression.constant != constants[index] {
                do {
                    try solver.updateConstant(stay, to: constants[index])
                } catch SolverError.unsatisfiable {
                    let refused = Constraint(Expression(stay.expression.terms, constant: constants[index]), .equal,
                                             strength: .required)
                    let conflict = ConstraintConflict.find(stayCandidate(refused, index, of: solved),
                                                           among: requiredCandidates(excluding: stay))
                    if !breakConflict(conflict) { break }
                } catch {
                    errorReporter(error)
                    break
                }
            }
        }
    }

    // MARK: Conflicts

    /// Breaks the most recently installed layout constraint of `conflict` and reports it; false if there is none.
    private func breakConflict(_ conflict: [ConstraintConflict.Candidate]) -> Bool {
        guard let victim = conflict.compactMap(\.installation).max(by: { $0.serial < $1.serial }) else { return false }
        report(conflict, breaking: victim)
        installBroken(victim)
        return true
    }

    /// Every required constraint in the solver but `excluded`: layout constraints in installation order, then the
    /// stays of fixed views in the window's order. Only a conflict needs this, so it may walk the window.
    private func requiredCandidates(excluding excluded: Constraint?) -> [ConstraintConflict.Candidate] {
        numberViewsInWindowOrder()
        var result: [ConstraintConflict.Candidate] = []
        for installation in installations.values.sorted(by: { $0.serial < $1.serial }) {
            guard let current = installation.solverConstraint, current !== excluded,
                  current.strength.isRequired else { continue }
            result.append(candidate(current, installation))
        }
        for solved in views.values.sorted(by: { $0.order < $1.order }) where solved.isFixed {
            for (index, stay) in solved.stays.enumerated() {
                guard let stay, stay !== excluded else { continue }
                result.append(stayCandidate(stay, index, of: solved))
            }
        }
        return result
    }

    /// Sets `order` of every entry to its view's place in a depth-first walk of the window.
    private func numberViewsInWindowOrder() {
        guard let window else { return }
        var count = 0
        var stack: [View] = [window]
        while let view = stack.popLast() {
            views[ObjectIdentifier(view)]?.order = count
            count += 1
            stack.append(contentsOf: view.subviews.reversed())
        }
    }

    private func candidate(_ constraint: Constraint, _ installation: Installation) -> ConstraintConflict.Candidate {
        ConstraintConflict.Candidate(constraint: constraint, label: installation.constraint.description,
                                     installation: installation, rank: installation.serial)
    }

    private func stayCandidate(_ stay: Constraint, _ index: Int, of solved: SolvedView) -> ConstraintConflict.Candidate {
        ConstraintConflict.Candidate(constraint: stay, label: solved.describeStay(index, constant: stay.expression.constant),
                                     installation: nil, rank: Int.max / 2 + solved.order * 4 + index)
    }

    private func report(_ conflict: [ConstraintConflict.Candidate], breaking victim: Installation) {
        pendingReports.append(UnsatisfiableConstraints(constraints: conflict.map(\.label),
                                                       layoutConstraints: conflict.compactMap(\.installation?.constraint),
                                                       broken: victim.constraint))
    }

    /// Hands the reports to `reporter` once the engine is consistent again (a reporter may run scripts that change
    /// constraints).
    private func deliverReports() {
        guard !isLayingOut else { return }
        while !pendingReports.isEmpty {
            reporter(pendingReports.removeFirst())
        }
    }

    // MARK: Helpers

    /// The solver's constraint for `constraint`, if it is installed here (for tests).
    func solverConstraint(of constraint: LayoutConstraint) -> Constraint? {
        installations[ObjectIdentifier(constraint)]?.solverConstraint
    }

    /// Forgets everything (the engine moved to another window); the next pass reads the window afresh.
    private func reset() {
        for installation in installations.values where installation.constraint.engine === self {
            installation.constraint.engine = nil
            installation.constraint.brokenFlag = false
        }
        for constraint in pendingActivations.values where constraint.engine === self { constraint.engine = nil }
        letGoOfViews()
        installations = [:]
        views = [:]
        pendingActivations = [:]
        pendingConstants = []
        pendingPriorities = []
        movedViews = [:]
        staysToAdd = [:]
        staysToMove = [:]
        for solved in staysToCheck { solved.isCheckPending = false }
        staysToCheck = []
        solver.reset()
        needsFullSync = true
    }

    deinit {
        letGoOfViews()
    }

    /// Clears the references between entries, views and variables (they would otherwise keep each other).
    private func letGoOfViews() {
        for solved in views.values {
            solved.references = 0
            solved.children = []
            solved.parent = nil
            solved.unlinkView()
            for variable in solved.variables { variable.solvedViewLink = nil }
        }
    }

    private static func nearlyEqual(_ a: Rect, _ b: Rect) -> Bool {
        abs(a.x - b.x) < 1e-9 && abs(a.y - b.y) < 1e-9 && abs(a.width - b.width) < 1e-9 && abs(a.height - b.height) < 1e-9
    }
}
