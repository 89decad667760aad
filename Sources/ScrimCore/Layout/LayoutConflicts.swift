import Cassowary

/// Conflicting required constraints: which to break, the report of each conflict (the search for a smallest
/// conflicting set is `ConstraintConflict`), and its delivery once the engine is consistent again.
extension AutoLayoutEngine {
    /// Breaks the most recently installed layout constraint of `conflict` and reports it; false if there is none.
    func breakConflict(_ conflict: [ConstraintConflict.Candidate]) -> Bool {
        guard let victim = conflict.compactMap(\.installation).max(by: { $0.serial < $1.serial }) else { return false }
        report(conflict, breaking: victim)
        installBroken(victim)
        return true
    }

    /// Every required constraint in the solver but `excluded`: layout constraints in installation order, then the
    /// stays of fixed views in the window's order. Only a conflict needs this, so it may walk the window.
    func requiredCandidates(excluding excluded: Constraint?) -> [ConstraintConflict.Candidate] {
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
    func numberViewsInWindowOrder() {
        guard let window else { return }
        var count = 0
        var stack: [View] = [window]
        while let view = stack.popLast() {
            views[ObjectIdentifier(view)]?.order = count
            count += 1
            stack.append(contentsOf: view.subviews.reversed())
        }
    }

    func candidate(_ constraint: Constraint, _ installation: Installation) -> ConstraintConflict.Candidate {
        ConstraintConflict.Candidate(constraint: constraint, label: installation.constraint.description,
                                     installation: installation, rank: installation.serial)
    }

    func stayCandidate(_ stay: Constraint, _ index: Int, of solved: SolvedView) -> ConstraintConflict.Candidate {
        ConstraintConflict.Candidate(constraint: stay, label: solved.describeStay(index, constant: stay.expression.constant),
                                     installation: nil, rank: Int.max / 2 + solved.order * 4 + index)
    }

    func report(_ conflict: [ConstraintConflict.Candidate], breaking victim: Installation) {
        pendingReports.append(UnsatisfiableConstraints(constraints: conflict.map(\.label),
                                                       layoutConstraints: conflict.compactMap(\.installation?.constraint),
                                                       broken: victim.constraint))
    }

    /// Hands the reports to `reporter` once the engine is consistent again (a reporter may run scripts that change
    /// constraints).
    func deliverReports() {
        guard !isLayingOut else { return }
        while !pendingReports.isEmpty {
            reporter(pendingReports.removeFirst())
        }
    }
}
