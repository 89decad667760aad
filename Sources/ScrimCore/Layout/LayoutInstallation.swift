import Cassowary

/// How a `LayoutConstraint` goes into the engine's solver: the views it mentions get entries, it is decided which of
/// them it moves (see the rules in `AutoLayoutEngine`), and the solver gets its equation over their variables — or,
/// when it conflicts, its broken form.
extension AutoLayoutEngine {
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

        /// Marks the views of the controllers whose views hold the constraint's views as needing layout.
        func viewsNeedControllerLayout() {
            item.unmanagedView._withUnsafeGuaranteedRef { $0.setNeedsLayoutOfEnclosingController() }
            toItem?.unmanagedView._withUnsafeGuaranteedRef { $0.setNeedsLayoutOfEnclosingController() }
        }
    }

    /// Whether `constraint` belongs in the solver: active, its views alive and in `window`.
    func wants(_ constraint: LayoutConstraint, in window: Window) -> Bool {
        // Each view is loaded once (views are held weakly, and a weak load costs more than the rest).
        guard constraint.activeFlag, let item = constraint.item, item.window === window else { return false }
        guard constraint.relatesTwoViews else { return true }
        guard let toItem = constraint.toItem, toItem.window === window else { return false }
        return true
    }

    /// Brings the constraints and entries of the moved subtrees in step: uninstalls what left the window, notes what
    /// came in (into `candidates`), re-parents entries and re-decides which views move.
    func processMovedViews(in window: Window, candidates: inout [ObjectIdentifier: LayoutConstraint]) {
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
    func prepare(_ constraint: LayoutConstraint) -> Installation {
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

    func install(_ installation: Installation) {
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
    func installBroken(_ installation: Installation) {
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
    func solverConstraint(for installation: Installation, strength: Strength) -> Constraint {
        let constraint = installation.constraint
        var terms: [Term] = []
        terms.reserveCapacity(4)
        installation.item.appendTerms(of: constraint.attribute, times: 1, to: &terms)
        if let toItem = installation.toItem, let toAttribute = constraint.toAttribute {
            toItem.appendTerms(of: toAttribute, times: -constraint.multiplier, to: &terms)
        }
        return Constraint(Expression(terms, constant: -constraint.constant), constraint.relation.solverRelation,
                          strength: strength)
    }

    /// Re-decides which of its views `installation` moves, from the hierarchy as it is.
    func updateContributions(of installation: Installation) {
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

    func setContributions(of installation: Installation, movesItem: Bool, movesToItem: Bool) {
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
}
