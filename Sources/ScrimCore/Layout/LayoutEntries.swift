/// The engine's entries (`SolvedView`): one per view that a constraint in the solver mentions or that is the superview
/// of such a view, counted by what keeps it, parented as the views are, fixed or moved as the constraints decide.
extension AutoLayoutEngine {
    /// The entry of `view`, made (with those of its ancestors) if needed, with one more reference.
    func retain(_ view: View) -> SolvedView {
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
        solved.linkVariables()
        staysToAdd[id] = solved
        return solved
    }

    /// Drops one reference to `solved`; the last one takes it (and its stays) out, and releases its parent.
    func release(_ solved: SolvedView) {
        solved.references -= 1
        guard solved.references == 0 else { return }
        let id = ObjectIdentifier(solved.view)
        if isAssigning { retiredEntries.append(solved) }
        removeStays(of: solved)
        views[id] = nil
        staysToAdd[id] = nil
        staysToMove[id] = nil
        solved.unlinkView()
        solved.unlinkVariables()
        if let parent = solved.parent {
            parent.detach(solved)
            release(parent)
        }
    }

    /// Gives `solved` the entry of its view's current superview as parent.
    func reparent(_ solved: SolvedView) {
        guard let superview = solved.view.superview, solved.parent?.view !== superview else { return }
        let parent = retain(superview)
        let old = solved.parent
        old?.detach(solved)
        parent.attach(solved)
        if let old { release(old) }
        updateFixed(solved)
    }

    func updateFixed(_ solved: SolvedView) {
        let fixed = solved.parent == nil || solved.movers == 0
        guard fixed != solved.isFixed else { return }
        solved.isFixed = fixed
        staysToAdd[ObjectIdentifier(solved.view)] = solved
    }
}
