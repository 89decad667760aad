import Cassowary

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
    @exclusivity(unchecked) public internal(set) var workCount = WorkCount()

    /// Where a broken required constraint goes: optional, but above priority 999.
    static let brokenStrength = Strength(Strength.required.value * 0.999)

    /// Made on first use: a runtime whose script lays nothing out (most start-ups) never pays for it.
    var solver: Solver {
        if let madeSolver { return madeSolver }
        let made = Solver()
        madeSolver = made
        return made
    }
    private var madeSolver: Solver?
    weak var window: Window?
    // The engine's tables are read and written on every constraint and view it takes in; each access is one subscript
    // or assignment that calls out to nothing, and none is passed inout, so no two can overlap: they skip the dynamic
    // exclusivity check (all such checks together were a twentieth of building a layout; these were the most made).
    @exclusivity(unchecked) var views: [ObjectIdentifier: SolvedView] = [:]
    @exclusivity(unchecked) var installations: [ObjectIdentifier: Installation] = [:]
    @exclusivity(unchecked) var nextSerial = 0
    @exclusivity(unchecked) var nextViewSerial = 0
    var isLayingOut = false
    @exclusivity(unchecked) var isAssigning = false
    /// Entries let go of while frames are assigned, kept until the assignment is over (it refers to them unretained).
    var retiredEntries: [SolvedView] = []
    var pendingReports: [UnsatisfiableConstraints] = []
    /// Marks the entries visited in one step of a pass.
    var epoch = 0
    /// The entries whose frames the pass assigns (see `assignFrames`), and whether they are of more than one depth.
    @exclusivity(unchecked) var visit: [Unmanaged<SolvedView>] = []
    @exclusivity(unchecked) var visitDepth = -1
    @exclusivity(unchecked) var visitHasMixedDepths = false

    // What changed since the last pass.
    /// Set until the first pass for a window, which reads the whole window once.
    var needsFullSync = true
    @exclusivity(unchecked) var pendingActivations: [ObjectIdentifier: LayoutConstraint] = [:]
    var pendingConstants: [Installation] = []
    var pendingPriorities: [Installation] = []
    /// Roots of subtrees added to, removed from or moved within the window.
    @exclusivity(unchecked) var movedViews: [ObjectIdentifier: View] = [:]
    /// Entries whose stays must be made (new, new parent or depth, fixed or moved now).
    @exclusivity(unchecked) var staysToAdd: [ObjectIdentifier: SolvedView] = [:]
    /// Entries whose frame was set from outside the layout: their stays move to it.
    @exclusivity(unchecked) var staysToMove: [ObjectIdentifier: SolvedView] = [:]
    /// Moved entries whose left-out stays may be needed again (a required equality they depend on went), each once
    /// (`isCheckPending`).
    var staysToCheck: [SolvedView] = []

    public init() {}

    var hasWork: Bool {
        needsFullSync || !pendingActivations.isEmpty || !pendingConstants.isEmpty || !pendingPriorities.isEmpty
            || !movedViews.isEmpty || !staysToAdd.isEmpty || !staysToMove.isEmpty || !staysToCheck.isEmpty
            || madeSolver?.hasChanges == true
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

    /// Notes that `view` came into, left or moved within the window, with its subviews (and asks for a pass).
    public func viewDidMove(_ view: View) {
        guard let window, !needsFullSync else {
            // The first pass reads the whole window; a view coming in with constraints still asks for it.
            view.window?.scheduleLayoutPass()
            return
        }
        movedViews[ObjectIdentifier(view)] = view
        window.scheduleLayoutPass()
    }

    // MARK: Changes reported by constraints and views

    // Each change also marks the views of the controllers whose views hold the constraint's views as needing layout
    // (UIKit's update cycle: `viewWillLayoutSubviews` and `viewDidLayoutSubviews` follow any constraint change).

    /// Notes `constraint` for the next pass (and asks the window for one).
    public func constraintDidActivate(_ constraint: LayoutConstraint, in window: Window) {
        if window === self.window && !needsFullSync {
            if let other = constraint.engine, other !== self { other.uninstall(constraint) }
            constraint.engine = self
            pendingActivations[ObjectIdentifier(constraint)] = constraint
        }
        constraint.item?.setNeedsLayoutOfEnclosingController()
        constraint.toItem?.setNeedsLayoutOfEnclosingController()
        window.scheduleLayoutPass()
    }

    func constantDidChange(_ constraint: LayoutConstraint) {
        guard let installation = installations[ObjectIdentifier(constraint)], installation.solverConstraint != nil,
              !installation.hasPendingConstant else { return }
        installation.hasPendingConstant = true
        pendingConstants.append(installation)
        installation.viewsNeedControllerLayout()
        window?.scheduleLayoutPass()
    }

    func priorityDidChange(_ constraint: LayoutConstraint) {
        guard let installation = installations[ObjectIdentifier(constraint)], installation.solverConstraint != nil,
              !installation.hasPendingPriority else { return }
        installation.hasPendingPriority = true
        pendingPriorities.append(installation)
        installation.viewsNeedControllerLayout()
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
        installation.viewsNeedControllerLayout()
        if let current = installation.solverConstraint { removeFromSolver(current) }
        setContributions(of: installation, movesItem: false, movesToItem: false)
        release(installation.item)
        if let toItem = installation.toItem { release(toItem) }
        window?.scheduleLayoutPass()
    }

    // MARK: A pass

    func applyChanges() {
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
    func updateConstant(_ installation: Installation) {
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

    // MARK: Helpers

    /// The solver's constraint for `constraint`, if it is installed here (for tests).
    func solverConstraint(of constraint: LayoutConstraint) -> Constraint? {
        installations[ObjectIdentifier(constraint)]?.solverConstraint
    }

    /// Forgets everything (the engine moved to another window); the next pass reads the window afresh.
    func reset() {
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
        madeSolver?.reset()
        needsFullSync = true
    }

    deinit {
        letGoOfViews()
    }

    /// Clears the references between entries, views and variables (they would otherwise keep each other).
    func letGoOfViews() {
        for solved in views.values {
            solved.references = 0
            solved.children = []
            solved.parent = nil
            solved.unlinkView()
            solved.unlinkVariables()
        }
    }
}
