import Cassowary

/// The stays: the constraints that keep each view's frame where it is unless the constraints move it (see
/// `SolvedView`), made, moved with the frames, and left out where the required equalities fix a dimension anyway.
extension AutoLayoutEngine {
    /// Makes the stays of the entries in `staysToAdd` and moves those of `staysToMove` to their frames: with `fixed`,
    /// the required stays and the moves (before constraints go in, so that a conflict breaks a constraint), else the
    /// stays of moved views (after, so that the solver places new views through their constraints first). Adds the
    /// entries to `checked`.
    func processStays(fixed: Bool, into checked: inout [SolvedView]) {
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
    func addStays(of solved: SolvedView) {
        for index in 0..<4 {
            if !solved.isFixed && solver.isDetermined(Expression(solved.stayTerms(index))) {
                solved.omitted[index] = true
                continue
            }
            solved.stays[index] = addStay(index, of: solved)
            workCount.suggestions += 1
        }
    }

    func removeStays(of solved: SolvedView) {
        for case let stay? in solved.stays { removeFromSolver(stay) }
        solved.stays = [nil, nil, nil, nil]
        solved.omitted = [false, false, false, false]
    }

    /// Removes `constraint` from the solver. A required equality may have fixed dimensions whose stays were left
    /// out: the entries that depend on it (and their children, whose positions are relative) are checked again.
    func removeFromSolver(_ constraint: Constraint) {
        do {
            guard constraint.relation == .equal && constraint.strength.isRequired else {
                try solver.removeConstraint(constraint)
                return
            }
            try solver.removeConstraint(constraint) { variable in
                guard let solved = SolvedView.entry(of: variable)?.takeUnretainedValue() else { return }
                noteStaysToCheck(solved)
                for child in solved.children { noteStaysToCheck(child) }
            }
        } catch {
            errorReporter(error)
        }
    }

    /// Adds `solved` to `staysToCheck` if it left out stays and is not there yet.
    func noteStaysToCheck(_ solved: SolvedView) {
        guard !solved.isCheckPending, solved.hasOmittedStays else { return }
        solved.isCheckPending = true
        staysToCheck.append(solved)
        workCount.staysNoted += 1
    }

    /// Puts back the left-out stays of the entries in `staysToCheck` whose dimensions are no longer fixed.
    func checkOmittedStays(into checked: inout [SolvedView]) {
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
    func addStay(_ index: Int, of solved: SolvedView) -> Constraint? {
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
    func refreshStays(of solved: SolvedView) {
        for index in 0..<4 where !solved.omitted[index] {
            guard let stay = solved.stays[index] else {
                solved.stays[index] = addStay(index, of: solved)
                continue
            }
            let constant = solved.stayConstant(index)
            if stay.expression.constant != constant { workCount.suggestions += 1 }
            while stay.expression.constant != constant {
                do {
                    try solver.updateConstant(stay, to: constant)
                } catch SolverError.unsatisfiable {
                    let refused = Constraint(Expression(stay.expression.terms, constant: constant), .equal,
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
}
