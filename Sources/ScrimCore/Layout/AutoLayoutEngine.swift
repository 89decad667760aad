/// Auto Layout for one window: solves the window's active `LayoutConstraint`s with the Cassowary `Solver` and assigns
/// the frames (a `Runtime` installs one as its window's `layoutEngine`).
///
/// `layoutIfNeeded(_:)` brings the solver in step with the window — constraints activated since, deactivated, or whose
/// views came or went — updates the variables and assigns the frames of the views the layout moves through `frame`, so
/// inside an animation block they animate. Constant and priority changes go to the solver as they happen, without a
/// rebuild.
///
/// Which views move: a view is moved by the layout when it is constrained to something other than its own descendants
/// (its superview, a sibling, any other view, a constant width or height). Every other view the constraints mention,
/// and every ancestor of a mentioned view, keeps its frame (as UIKit keeps a view whose autoresizing mask is
/// translated into constraints), so `superview.bottom == content.bottom + c` moves `content`, not `superview`. A moved
/// view keeps its current value in any dimension the constraints leave open (see `SolvedView`).
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

    /// A `LayoutConstraint` in the solver.
    final class Installation {
        let constraint: LayoutConstraint
        /// Installation order.
        let serial: Int
        /// What the solver holds; nil if it refused even the broken form.
        var solverConstraint: Constraint?

        init(constraint: LayoutConstraint, serial: Int) {
            self.constraint = constraint
            self.serial = serial
        }
    }

    /// Where a broken required constraint goes: optional, but above priority 999.
    static let brokenStrength = Strength(Strength.required.value * 0.999)

    private let solver = Solver()
    private weak var window: Window?
    private var views: [ObjectIdentifier: SolvedView] = [:]
    private var installations: [ObjectIdentifier: Installation] = [:]
    private var nextSerial = 0
    private var isLayingOut = false
    private var pendingReports: [UnsatisfiableConstraints] = []

    public init() {}

    // MARK: LayoutEngine

    /// Solves the constraints of `view`'s window and assigns the frames of every view the layout moves.
    public func layoutIfNeeded(_ view: View) {
        guard let window = view.window, !isLayingOut else { return }
        isLayingOut = true
        if self.window !== window {
            reset()
            self.window = window
        }
        synchronize(window)
        solver.updateVariables()
        for solved in views.values.filter({ !$0.isFixed }).sorted(by: { $0.order < $1.order }) {
            let frame = solved.solvedFrame
            if !AutoLayoutEngine.nearlyEqual(frame, solved.view.frame) { solved.view.frame = frame }
        }
        isLayingOut = false
        deliverReports()
    }

    // MARK: Constraint changes

    func constantDidChange(_ constraint: LayoutConstraint) {
        guard let installation = installations[ObjectIdentifier(constraint)],
              let current = installation.solverConstraint else { return }
        do {
            try solver.updateConstant(current, to: -constraint.constant)
        } catch SolverError.unsatisfiable {
            let refused = Constraint(Expression(current.expression.terms, constant: -constraint.constant),
                                     current.relation, strength: .required)
            let conflict = ConstraintConflict.find(candidate(refused, installation), among: requiredCandidates(excluding: current))
            report(conflict, breaking: installation)
            installBroken(installation)
        } catch {
            errorReporter(error)
        }
        deliverReports()
    }

    func priorityDidChange(_ constraint: LayoutConstraint) {
        guard let installation = installations[ObjectIdentifier(constraint)], !constraint.isBroken,
              let current = installation.solverConstraint, !current.strength.isRequired else { return }
        do {
            try solver.updateStrength(current, to: Strength(priority: constraint.priority))
        } catch {
            errorReporter(error)
        }
    }

    func uninstall(_ constraint: LayoutConstraint) {
        guard let installation = installations.removeValue(forKey: ObjectIdentifier(constraint)) else { return }
        if let current = installation.solverConstraint {
            do { try solver.removeConstraint(current) } catch { errorReporter(error) }
        }
        if constraint.engine === self { constraint.engine = nil }
        constraint.isBroken = false
    }

    // MARK: Synchronizing with the window

    /// Makes the solver hold exactly the active constraints between views of `window`, with stays for the views they
    /// mention and their ancestors at their current frames.
    private func synchronize(_ window: Window) {
        var walk: [View] = []
        var order: [ObjectIdentifier: Int] = [:]
        window.walkSubtree { view, _ in
            order[ObjectIdentifier(view)] = walk.count
            walk.append(view)
            return true
        }

        var wanted: [LayoutConstraint] = []
        var wantedIDs = Set<ObjectIdentifier>()
        for view in walk {
            for constraint in view.existingLayoutNode?.constraints ?? []
            where constraint.isIntact
                && constraint.item.map({ order[ObjectIdentifier($0)] != nil }) ?? false
                && constraint.toItem.map({ order[ObjectIdentifier($0)] != nil }) ?? true
                && wantedIDs.insert(ObjectIdentifier(constraint)).inserted {
                wanted.append(constraint)
            }
        }
        wanted.sort { $0.activationSerial < $1.activationSerial }
        for installation in installations.values where !wantedIDs.contains(ObjectIdentifier(installation.constraint)) {
            uninstall(installation.constraint)
        }

        var needed = Set<ObjectIdentifier>()
        var moved = Set<ObjectIdentifier>()
        func need(_ view: View) {
            var current: View? = view
            while let v = current, needed.insert(ObjectIdentifier(v)).inserted { current = v.superview }
        }
        for constraint in wanted {
            guard let item = constraint.item else { continue }
            need(item)
            guard let toItem = constraint.toItem else {
                moved.insert(ObjectIdentifier(item))
                continue
            }
            need(toItem)
            if toItem === item || !toItem.isDescendant(of: item) { moved.insert(ObjectIdentifier(item)) }
            if toItem !== item && !item.isDescendant(of: toItem) { moved.insert(ObjectIdentifier(toItem)) }
        }
        moved.remove(ObjectIdentifier(window))

        for (id, solved) in views where !needed.contains(id) {
            removeStays(of: solved)
            views[id] = nil
        }
        for id in needed.sorted(by: { order[$0]! < order[$1]! }) {
            let view = walk[order[id]!]
            let parent = view.superview.flatMap { views[ObjectIdentifier($0)] }
            let isFixed = !moved.contains(id)
            if let solved = views[id] {
                solved.order = order[id]!
                if solved.parent !== parent || solved.isFixed != isFixed {
                    removeStays(of: solved)
                    solved.parent = parent
                    solved.isFixed = isFixed
                    addStays(of: solved)
                } else {
                    refreshStays(of: solved)
                }
            } else {
                let solved = SolvedView(view: view, parent: parent, isFixed: isFixed, order: order[id]!)
                views[id] = solved
                addStays(of: solved)
            }
        }

        for constraint in wanted where installations[ObjectIdentifier(constraint)] == nil {
            install(constraint)
        }
    }

    private func install(_ constraint: LayoutConstraint) {
        if let other = constraint.engine, other !== self { other.uninstall(constraint) }
        let installation = Installation(constraint: constraint, serial: nextSerial)
        nextSerial += 1
        installations[ObjectIdentifier(constraint)] = installation
        constraint.engine = self
        constraint.isBroken = false
        let made = solverConstraint(for: constraint, strength: Strength(priority: constraint.priority))
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
        if let current = installation.solverConstraint, solver.hasConstraint(current) {
            do { try solver.removeConstraint(current) } catch { errorReporter(error) }
        }
        installation.solverConstraint = nil
        installation.constraint.isBroken = true
        let broken = solverConstraint(for: installation.constraint, strength: AutoLayoutEngine.brokenStrength)
        do {
            try solver.addConstraint(broken)
            installation.solverConstraint = broken
        } catch {
            errorReporter(error)
        }
    }

    /// `item.attribute − multiplier × toItem.toAttribute − constant  relation  0` over the views' variables.
    private func solverConstraint(for constraint: LayoutConstraint, strength: Strength) -> Constraint {
        var terms = views[ObjectIdentifier(constraint.item!)]!.expression(constraint.attribute).terms
        if let toItem = constraint.toItem, let toAttribute = constraint.toAttribute {
            for term in views[ObjectIdentifier(toItem)]!.expression(toAttribute).terms {
                terms.append(Term(term.variable, -constraint.multiplier * term.coefficient))
            }
        }
        return Constraint(Expression(terms, constant: -constraint.constant), constraint.relation.solverRelation,
                          strength: strength)
    }

    // MARK: Stays

    private func addStays(of solved: SolvedView) {
        for index in 0..<4 { solved.stays[index] = addStay(index, of: solved) }
    }

    private func removeStays(of solved: SolvedView) {
        for case let stay? in solved.stays {
            do { try solver.removeConstraint(stay) } catch { errorReporter(error) }
        }
        solved.stays = [nil, nil, nil, nil]
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
        for index in 0..<4 {
            guard let stay = solved.stays[index] else {
                solved.stays[index] = addStay(index, of: solved)
                continue
            }
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
    /// stays of fixed views.
    private func requiredCandidates(excluding excluded: Constraint?) -> [ConstraintConflict.Candidate] {
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

    /// Forgets everything (the engine moved to another window).
    private func reset() {
        for installation in installations.values where installation.constraint.engine === self {
            installation.constraint.engine = nil
            installation.constraint.isBroken = false
        }
        installations = [:]
        views = [:]
        solver.reset()
    }

    private static func nearlyEqual(_ a: Rect, _ b: Rect) -> Bool {
        abs(a.x - b.x) < 1e-9 && abs(a.y - b.y) < 1e-9 && abs(a.width - b.width) < 1e-9 && abs(a.height - b.height) < 1e-9
    }
}
