import Cassowary

/// The end of a pass: the variables the solver changed are read back and the frames of their views assigned, through
/// `View.frame`, so that inside an animation block they animate.
extension AutoLayoutEngine {
    /// Reads back the variables the solver changed and assigns the frames of the views they belong to (and of their
    /// subviews' entries, whose frames are relative to them), plus the `checked` entries, parents first; then moves
    /// the stays of the assigned views to their new frames.
    func assignFrames(checked: [SolvedView]) {
        // Unretained: this visits every moved view. The entries stay alive: `views` keeps them, and one let go of
        // while frames are assigned waits in `retiredEntries` until the assignment is over. The list and its depth
        // flags are the engine's (unchecked), not locals the solver's callback captures: a closure handed to another
        // module checks every access to what it captures at run time.
        visit.append(contentsOf: checked.lazy.map(Unmanaged.passUnretained))
        visitDepth = checked.first?.depth ?? -1
        visitHasMixedDepths = checked.contains { $0.depth != visitDepth }
        let epoch = self.epoch
        solver.updateVariables { variable, context, value in
            guard let context else { return }
            let link = Unmanaged<SolvedView>.fromOpaque(context)
            link._withUnsafeGuaranteedRef { solved in
                let isPosition = solved.note(value, of: variable)
                if solved.mark != epoch {
                    solved.mark = epoch
                    noteVisit(link, depth: solved.depth)
                }
                // Subviews' frames are relative to this one's position.
                guard isPosition, !solved.children.isEmpty else { return }
                for child in solved.children where child.mark != epoch {
                    child.mark = epoch
                    noteVisit(Unmanaged.passUnretained(child), depth: child.depth)
                }
            }
        }
        // Parents before children; one depth (the common case) needs no sort.
        if visitHasMixedDepths {
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
        visit.removeAll(keepingCapacity: true)
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

    /// Adds `entry` to the entries whose frames the pass assigns, noting whether they are of more than one depth.
    @inline(__always)
    func noteVisit(_ entry: Unmanaged<SolvedView>, depth: Int) {
        visit.append(entry)
        if visitDepth < 0 { visitDepth = depth } else if depth != visitDepth { visitHasMixedDepths = true }
    }

    /// Assigns the solved frame of `solved` if it moves and differs from the frame, noting the stays to move.
    @inline(__always)
    func assignFrame(of solved: SolvedView, stayMoves: inout [(constraint: Constraint, constant: Double)]) {
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

    static func nearlyEqual(_ a: Rect, _ b: Rect) -> Bool {
        abs(a.x - b.x) < 1e-9 && abs(a.y - b.y) < 1e-9 && abs(a.width - b.width) < 1e-9 && abs(a.height - b.height) < 1e-9
    }
}
