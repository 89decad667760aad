/// The Cassowary tableau behind `Solver`: rows, objective, and the primal and dual simplex.
///
/// A value type so that the whole implementation runs on one exclusive `inout self` (one access
/// check per public call, none in the loops). Rows are indexed by symbol id; ids of symbols that
/// leave the system are recycled, so memory follows the live system, not its history.
struct SolverImpl {
    /// The symbols a constraint owns in the tableau: the marker that tracks its row, and the second
    /// error (or error of an optional inequality) symbol.
    struct Tag {
        var marker: Symbol
        var other: Symbol
    }

    private struct ConstraintEntry {
        let constraint: Constraint
        let tag: Tag
    }

    private struct EditInfo {
        let constraint: Constraint
        let tag: Tag
        var constant: Double
    }

    private struct VariableEntry {
        let symbol: Symbol
        var uses: Int
        var slot: Int
    }

    private var constraints: [ObjectIdentifier: ConstraintEntry] = [:]
    private var edits: [ObjectIdentifier: EditInfo] = [:]
    private var variables: [ObjectIdentifier: VariableEntry] = [:]
    /// The variables in the system and their symbols, densely, for `updateVariables`.
    private var variableList: [Variable] = []
    private var variableSymbols: [Symbol] = []
    /// Variables that left the system since the last update; they read 0 afterwards, as in kiwi.
    private var released: [Variable] = []
    /// `rows[id]` is the row of the basic symbol with that id; nil for parametric symbols.
    private var rows: [Row?] = [nil]
    /// `symbols[id]` is the live symbol with that id (`.invalid` when free).
    private var symbols: [Symbol] = [.invalid]
    private var freeIDs: [Int] = []
    /// `variableOf[id]` is the variable whose external symbol has that id, else nil (unretained: `variableList`
    /// keeps it).
    private var variableOf: [Unmanaged<Variable>?] = [nil]
    /// Ids of external symbols whose row changed (or that entered or left the basis) since the last
    /// update, each once (`isTouched`), so that an update can visit only those.
    private var touched: [Int] = []
    private var isTouched: [Bool] = [false]
    /// Counts changes to which symbols the rows and the objective hold (not to their constants).
    private var structure = 0
    /// For markers moved by `shiftMarker` while `structure` was `columnsStructure`: the rows that hold the marker, by
    /// their basic symbol, with its coefficient there, so that editing one constant again and again visits only those
    /// rows (and not the symbol table as well).
    private var columns: [Int: [(basic: Symbol, coefficient: Double)]] = [:]
    private var columnsStructure = -1
    private var infeasibleRows: [Symbol] = []
    /// The last symbol `symbol(for:)` made for a new variable: while `createRow` builds the row of the constraint that
    /// brought it, it is in no other row.
    private var freshSymbol = Symbol.invalid
    /// Substitutions that visited every row (for tests that check the work).
    private(set) var substitutionScans = 0
    private var objective = Row()
    private var artificial: Row?

    // MARK: Constraints

    func hasConstraint(_ constraint: Constraint) -> Bool {
        constraints[ObjectIdentifier(constraint)] != nil
    }

    mutating func addConstraint(_ constraint: Constraint) throws {
        structure &+= 1
        let key = ObjectIdentifier(constraint)
        if constraints[key] != nil { throw SolverError.duplicateConstraint(.init(constraint)) }

        freshSymbol = .invalid
        var (row, tag) = createRow(constraint)
        var subject = chooseSubject(row, tag)

        // A row of dummies only is a redundant required equality when its constant is zero, and a
        // conflicting one otherwise.
        if subject.isInvalid && allDummies(row) {
            if !Row.nearZero(row.constant) {
                abandon(constraint, tag)
                throw SolverError.unsatisfiable(.init(constraint))
            }
            subject = tag.marker
        }

        if subject.isInvalid {
            if !(try addWithArtificialVariable(row)) {
                abandon(constraint, tag)
                try optimize(artificial: false)
                throw SolverError.unsatisfiable(.init(constraint))
            }
        } else {
            row.solve(for: subject)
            // A symbol that came in with this constraint (a new variable, its marker or error) is in no other row:
            // only the objective may need the substitution, which spares a visit of every row per constraint
            // (building a large system would be quadratic in it).
            if subject == freshSymbol || subject == tag.marker || subject == tag.other {
                structure &+= 1
                objective.substitute(subject, with: row)
            } else {
                substitute(subject, row)
            }
            rows[subject.id] = row
            touch(subject)
        }

        constraints[key] = ConstraintEntry(constraint: constraint, tag: tag)
        for term in constraint.expression.terms where !Row.nearZero(term.coefficient) {
            variables[ObjectIdentifier(term.variable)]?.uses += 1
        }
        try optimize(artificial: false)
    }

    mutating func removeConstraint(_ constraint: Constraint) throws {
        try removeConstraint(constraint, reporting: false) { _ in }
    }

    mutating func removeConstraint(_ constraint: Constraint, dependents: (Variable) -> Void) throws {
        try removeConstraint(constraint, reporting: true, dependents: dependents)
    }

    /// Removes `constraint`; `reporting`, for a required equality whose marker is parametric, first calls `dependents`
    /// with each variable whose value depends on it (the ones removing it may leave free), found in the scan the
    /// removal makes anyway.
    private mutating func removeConstraint(_ constraint: Constraint, reporting: Bool,
                                           dependents: (Variable) -> Void) throws {
        structure &+= 1
        let key = ObjectIdentifier(constraint)
        guard let entry = constraints.removeValue(forKey: key) else {
            throw SolverError.unknownConstraint(.init(constraint))
        }
        let tag = entry.tag

        // Take the errors out of the objective before pivoting, or the substitutions would carry
        // them into it.
        removeConstraintEffects(constraint, tag)

        if rows[tag.marker.id] != nil {
            rows[tag.marker.id] = nil
        } else {
            var dependentIDs: [Int] = []
            let collect = reporting && tag.marker.isDummy
            guard let leavingID = markerLeavingRow(tag.marker, collecting: collect, into: &dependentIDs) else {
                throw SolverError.internalError("failed to find leaving row")
            }
            for id in dependentIDs {
                if let variable = variableOf[id] { dependents(variable.takeUnretainedValue()) }
            }
            var row = rows[leavingID].take()!
            touch(symbols[leavingID])
            row.solve(for: symbols[leavingID], tag.marker)
            substitute(tag.marker, row)
        }
        // In exact arithmetic the second error symbol cancels out of every row with the marker;
        // scrub any round-off before its id is reused.
        if !tag.other.isInvalid { scrub(tag.other) }
        freeSymbol(tag.marker)
        freeSymbol(tag.other)
        for term in constraint.expression.terms where !Row.nearZero(term.coefficient) {
            releaseUse(of: term.variable)
        }
        try optimize(artificial: false)
    }

    /// Changes the constant of `constraint`'s expression in place: the change is the change of its
    /// marker's value, so it moves the constants of the rows holding the marker, and the dual
    /// simplex restores feasibility. Falls back to remove-and-add when that cannot decide.
    mutating func updateConstant(_ constraint: Constraint, to newConstant: Double) throws {
        guard let entry = constraints[ObjectIdentifier(constraint)] else {
            throw SolverError.unknownConstraint(.init(constraint))
        }
        let old = constraint.expression.constant
        let delta = newConstant - old
        if delta == 0 { return }
        let shift = delta / markerCoefficient(constraint)
        if shiftMarker(entry.tag, by: shift), try dualOptimize() {
            constraint.expression.constant = newConstant
            return
        }

        // Infeasible, or a redundant required row moved: put the old constant back and let the
        // full add decide, exactly as a fresh constraint would be decided.
        _ = shiftMarker(entry.tag, by: -shift)
        collectInfeasibleRows()
        guard try dualOptimize() else { throw SolverError.internalError("dual optimize failed") }
        try removeConstraint(constraint)
        constraint.expression.constant = newConstant
        do {
            try addConstraint(constraint)
        } catch SolverError.unsatisfiable {
            constraint.expression.constant = old
            try addConstraint(constraint)
            throw SolverError.unsatisfiable(.init(constraint))
        }
    }

    /// Changes the weight of an optional constraint's errors in the objective, then re-optimizes.
    mutating func updateStrength(_ constraint: Constraint, to strength: Strength) throws {
        guard constraints[ObjectIdentifier(constraint)] != nil else {
            throw SolverError.unknownConstraint(.init(constraint))
        }
        let new = Strength(strength.value)
        if constraint.strength.isRequired != new.isRequired {
            throw SolverError.requiredStrengthChange(.init(constraint), to: new)
        }
        if applyStrength(constraint, new) { try optimize(artificial: false) }
    }

    /// Moves the weight of an optional constraint's errors in the objective; false if nothing changed.
    @discardableResult
    private mutating func applyStrength(_ constraint: Constraint, _ strength: Strength) -> Bool {
        structure &+= 1
        let new = Strength(strength.value)
        let old = constraint.strength
        let change = new.value - old.value
        guard !old.isRequired, change != 0, let entry = constraints[ObjectIdentifier(constraint)] else { return false }
        for symbol in [entry.tag.marker, entry.tag.other] where symbol.kind == .error {
            if let row = rows[symbol.id] {
                objective.insert(row, change)
            } else {
                objective.insert(symbol, change)
            }
        }
        constraint.strength = new
        return true
    }

    // MARK: Edit variables

    func hasEditVariable(_ variable: Variable) -> Bool {
        edits[ObjectIdentifier(variable)] != nil
    }

    mutating func addEditVariable(_ variable: Variable, strength: Strength) throws {
        let key = ObjectIdentifier(variable)
        if edits[key] != nil { throw SolverError.duplicateEditVariable(.init(variable)) }
        let strength = Strength(strength.value)
        if strength.isRequired { throw SolverError.badRequiredStrength(.init(variable)) }
        let constraint = Constraint(Expression([Term(variable)]), .equal, strength: strength)
        try addConstraint(constraint)
        guard let tag = constraints[ObjectIdentifier(constraint)]?.tag else {
            throw SolverError.internalError("edit constraint not added")
        }
        edits[key] = EditInfo(constraint: constraint, tag: tag, constant: 0)
    }

    mutating func removeEditVariable(_ variable: Variable) throws {
        let key = ObjectIdentifier(variable)
        guard let info = edits[key] else { throw SolverError.unknownEditVariable(.init(variable)) }
        try removeConstraint(info.constraint)
        edits[key] = nil
    }

    mutating func suggestValue(_ variable: Variable, _ value: Double) throws {
        let key = ObjectIdentifier(variable)
        guard let info = edits[key] else { throw SolverError.unknownEditVariable(.init(variable)) }
        // The edit constraint is `variable - value == 0`: its constant moves by -(value - old),
        // and its marker (coefficient -1) by value - old.
        let shift = value - info.constant
        edits[key]?.constant = value
        _ = shiftMarker(info.tag, by: shift)
        guard try dualOptimize() else { throw SolverError.internalError("dual optimize failed") }
    }

    // MARK: Results

    mutating func updateVariables() {
        for variable in released { variable.value = 0 }
        released.removeAll()
        rows.withUnsafeBufferPointer { rows in
            for i in variableList.indices {
                variableList[i].value = rows[variableSymbols[i].id]?.constant ?? 0
            }
        }
        for id in touched { isTouched[id] = false }
        touched.removeAll(keepingCapacity: true)
    }

    /// Like `updateVariables`, visiting only the variables whose rows changed since the last update, and
    /// calling `changed` for each whose value changed (variables that left the system read 0).
    mutating func updateVariables(reporting changed: (Variable, UnsafeMutableRawPointer?, Double) -> Void) {
        for variable in released where variable.value != 0 {
            variable.value = 0
            changed(variable, variable.context, 0)
        }
        released.removeAll()
        // Borrowed from the tables (which keep them) rather than retained: this visits every moved variable.
        rows.withUnsafeBufferPointer { rows in
            variableOf.withUnsafeBufferPointer { variableOf in
                isTouched.withUnsafeMutableBufferPointer { isTouched in
                    for id in touched {
                        isTouched[id] = false
                        guard let variable = variableOf[id] else { continue }
                        let value = rows[id]?.constant ?? 0
                        variable._withUnsafeGuaranteedRef { variable in
                            if value != variable.value {
                                variable.value = value
                                changed(variable, variable.context, value)
                            }
                        }
                    }
                }
            }
        }
        touched.removeAll(keepingCapacity: true)
    }

    /// Whether `expression` is fixed by the required equalities alone: written in the current basis, it holds
    /// only their markers (dummies), so no other constraint can move it.
    func isDetermined(_ expression: Expression) -> Bool {
        // Each variable fixed on its own (a row of dummies) fixes the sum, with no row to build.
        var each = true
        for term in expression.terms {
            guard let entry = variables[ObjectIdentifier(term.variable)] else { return false }
            guard let row = rows[entry.symbol.id], allDummies(row) else {
                each = false
                break
            }
        }
        if each { return true }
        var combined = Row()
        for term in expression.terms {
            guard let entry = variables[ObjectIdentifier(term.variable)] else { return false }
            if let row = rows[entry.symbol.id] {
                combined.insert(row, term.coefficient)
            } else {
                combined.insert(entry.symbol, term.coefficient)
            }
        }
        return allDummies(combined)
    }

    /// Whether some variable may have changed since the last update.
    var hasChanges: Bool { !touched.isEmpty || !released.isEmpty }

    /// Sets the constants of several constraints with one dual simplex pass; false (and nothing
    /// changed) when that cannot decide, e.g. a required constraint would conflict: the caller then
    /// updates them one at a time to find which.
    mutating func updateConstants(_ changes: [(constraint: Constraint, constant: Double)]) throws -> Bool {
        var applied: [(Tag, Double)] = []
        applied.reserveCapacity(changes.count)
        var consistent = true
        for (constraint, constant) in changes {
            guard let entry = constraints[ObjectIdentifier(constraint)] else {
                throw SolverError.unknownConstraint(.init(constraint))
            }
            let delta = constant - constraint.expression.constant
            if delta == 0 { continue }
            let shift = delta / markerCoefficient(constraint)
            applied.append((entry.tag, shift))
            if !shiftMarker(entry.tag, by: shift) {
                consistent = false
                break
            }
        }
        if consistent, try dualOptimize() {
            for (constraint, constant) in changes { constraint.expression.constant = constant }
            return true
        }
        for (tag, shift) in applied.reversed() { _ = shiftMarker(tag, by: -shift) }
        collectInfeasibleRows()
        guard try dualOptimize() else { throw SolverError.internalError("dual optimize failed") }
        return false
    }

    /// Sets the strengths of several optional constraints with one primal simplex pass; throws
    /// `unknownConstraint` or `requiredStrengthChange` (before changing anything).
    mutating func updateStrengths(_ changes: [(constraint: Constraint, strength: Strength)]) throws {
        for (constraint, strength) in changes {
            guard constraints[ObjectIdentifier(constraint)] != nil else { throw SolverError.unknownConstraint(.init(constraint)) }
            if constraint.strength.isRequired != Strength(strength.value).isRequired {
                throw SolverError.requiredStrengthChange(.init(constraint), to: Strength(strength.value))
            }
        }
        for (constraint, strength) in changes { applyStrength(constraint, strength) }
        try optimize(artificial: false)
    }

    /// Symbol ids in use or free for reuse: the size of the row table (for tests).
    var symbolTableSize: Int { symbols.count }

    // MARK: Symbols and variables

    private mutating func newSymbol(_ kind: Symbol.Kind) -> Symbol {
        if let id = freeIDs.popLast() {
            let symbol = Symbol(id: id, kind: kind)
            symbols[id] = symbol
            return symbol
        }
        let symbol = Symbol(id: symbols.count, kind: kind)
        symbols.append(symbol)
        rows.append(nil)
        variableOf.append(nil)
        isTouched.append(false)
        return symbol
    }

    /// Notes that the value of `symbol`, if it is a variable's, may have changed.
    @inline(__always) private mutating func touch(_ symbol: Symbol) {
        if symbol.isExternal && !isTouched[symbol.id] {
            isTouched[symbol.id] = true
            touched.append(symbol.id)
        }
    }

    /// Returns the id of a symbol that is in no row to the pool.
    private mutating func freeSymbol(_ symbol: Symbol) {
        guard !symbol.isInvalid else { return }
        symbols[symbol.id] = .invalid
        freeIDs.append(symbol.id)
        if !infeasibleRows.isEmpty { infeasibleRows.removeAll { $0.id == symbol.id } }
    }

    /// Removes every trace of `symbol` from the rows and the objective.
    private mutating func scrub(_ symbol: Symbol) {
        structure &+= 1
        rows[symbol.id] = nil
        for id in rows.indices where rows[id] != nil {
            rows[id]?.remove(symbol)
        }
        objective.remove(symbol)
    }

    private mutating func symbol(for variable: Variable) -> Symbol {
        let key = ObjectIdentifier(variable)
        if let entry = variables[key] { return entry.symbol }
        let symbol = newSymbol(.external)
        freshSymbol = symbol
        variables[key] = VariableEntry(symbol: symbol, uses: 0, slot: variableList.count)
        variableList.append(variable)
        variableSymbols.append(symbol)
        variableOf[symbol.id] = Unmanaged.passUnretained(variable)
        touch(symbol)
        return symbol
    }

    private mutating func releaseUse(of variable: Variable) {
        let key = ObjectIdentifier(variable)
        guard var entry = variables[key] else { return }
        entry.uses -= 1
        if entry.uses > 0 {
            variables[key] = entry
        } else {
            dropVariable(key)
        }
    }

    /// Forgets a variable no constraint mentions any more (its column is zero) and reuses its id.
    private mutating func dropVariable(_ key: ObjectIdentifier) {
        let entry = variables.removeValue(forKey: key)!
        let last = variableList.count - 1
        if entry.slot != last {
            variableList.swapAt(entry.slot, last)
            variableSymbols.swapAt(entry.slot, last)
            variables[ObjectIdentifier(variableList[entry.slot])]?.slot = entry.slot
        }
        released.append(variableList.removeLast())
        variableSymbols.removeLast()
        variableOf[entry.symbol.id] = nil
        if rows[entry.symbol.id] != nil {
            // A basic symbol is in no other row and not in the objective: dropping its row is all (no scan of every
            // row, which would make taking many views out quadratic).
            structure &+= 1
            rows[entry.symbol.id] = nil
        } else {
            scrub(entry.symbol)
        }
        freeSymbol(entry.symbol)
    }

    /// Undoes the bookkeeping of a constraint whose row never entered the tableau.
    private mutating func abandon(_ constraint: Constraint, _ tag: Tag) {
        for symbol in [tag.marker, tag.other] where !symbol.isInvalid { scrub(symbol) }
        freeSymbol(tag.marker)
        freeSymbol(tag.other)
        for term in constraint.expression.terms {
            let key = ObjectIdentifier(term.variable)
            if let entry = variables[key], entry.uses == 0 { dropVariable(key) }
        }
    }

    // MARK: Building rows

    /// The row of `constraint` with basic variables substituted, plus its slack, error or dummy
    /// symbols; its sign is flipped so the constant is not negative.
    private mutating func createRow(_ constraint: Constraint) -> (Row, Tag) {
        let expression = constraint.expression
        var row = Row(constant: expression.constant)
        // The basic variables' rows first: the first is copied, scaled, to start the row (along a chain of views those
        // rows grow with the chain), the others merged in; then the parametric symbols, each a search and an insert.
        // The row is allocated once, with room for every cell and the two markers; the symbols wait on the stack.
        let terms = expression.terms
        withUnsafeTemporaryAllocation(of: (symbol: Symbol, coefficient: Double).self, capacity: terms.count) { waiting in
            var count = 0, capacity = 2, first = -1
            for term in terms where !Row.nearZero(term.coefficient) {
                let symbol = symbol(for: term.variable)
                if let cells = rows[symbol.id]?.cells.count {
                    capacity += cells
                    if first < 0 { first = count }
                } else {
                    capacity += 1
                }
                waiting.initializeElement(at: count, to: (symbol, term.coefficient))
                count += 1
            }
            // (`first` was set where that row is there, and making the later terms' symbols adds rows, never clears one.)
            if first >= 0 {
                row = Row(constant: expression.constant, adding: rows[waiting[first].symbol.id]!,
                          times: waiting[first].coefficient, capacity: capacity)
            } else {
                row.reserveCapacity(capacity)
            }
            for i in 0..<count where i != first {
                if let basic = rows[waiting[i].symbol.id] { row.insert(basic, waiting[i].coefficient) }
            }
            for i in 0..<count where rows[waiting[i].symbol.id] == nil {
                row.insert(waiting[i].symbol, waiting[i].coefficient)
            }
        }

        var tag = Tag(marker: .invalid, other: .invalid)
        let strength = constraint.strength
        switch constraint.relation {
        case .lessThanOrEqual, .greaterThanOrEqual:
            let coefficient = constraint.relation == .lessThanOrEqual ? 1.0 : -1.0
            let slack = newSymbol(.slack)
            tag.marker = slack
            row.insert(slack, coefficient)
            if !strength.isRequired {
                let error = newSymbol(.error)
                tag.other = error
                row.insert(error, -coefficient)
                objective.insert(error, strength.value)
            }
        case .equal:
            if !strength.isRequired {
                let plus = newSymbol(.error)
                let minus = newSymbol(.error)
                tag.marker = plus
                tag.other = minus
                row.insert(plus, -1)  // expression = plus - minus
                row.insert(minus, 1)
                objective.insert(plus, strength.value)
                objective.insert(minus, strength.value)
            } else {
                let dummy = newSymbol(.dummy)
                tag.marker = dummy
                row.insert(dummy, 1)
            }
        }

        if row.constant < 0 { row.reverseSign() }
        return (row, tag)
    }

    /// The coefficient `createRow` gives the marker before any sign flip.
    private func markerCoefficient(_ constraint: Constraint) -> Double {
        switch constraint.relation {
        case .lessThanOrEqual: return 1
        case .greaterThanOrEqual: return -1
        case .equal: return constraint.strength.isRequired ? 1 : -1
        }
    }

    /// The first external symbol; else a marker or error symbol with a negative coefficient.
    private func chooseSubject(_ row: Row, _ tag: Tag) -> Symbol {
        for cell in row.cells where cell.symbol.isExternal { return cell.symbol }
        if tag.marker.isPivotable && row.coefficient(for: tag.marker) < 0 { return tag.marker }
        if tag.other.isPivotable && row.coefficient(for: tag.other) < 0 { return tag.other }
        return .invalid
    }

    private func allDummies(_ row: Row) -> Bool {
        row.cells.allSatisfy { $0.symbol.isDummy }
    }

    /// Phase 1: adds `row` through an artificial variable and minimises it; false when the row
    /// cannot be satisfied, in which case the tableau is left without it.
    private mutating func addWithArtificialVariable(_ row: Row) throws -> Bool {
        structure &+= 1
        let art = newSymbol(.slack)
        rows[art.id] = row
        artificial = row
        try optimize(artificial: true)
        let success = Row.nearZero(artificial!.constant)
        artificial = nil

        if var artRow = rows[art.id].take() {
            // Still basic: dropping its row drops the constraint, so failure leaves no trace.
            if !success || artRow.isConstant {
                freeSymbol(art)
                return success
            }
            let entering = anyPivotableSymbol(artRow)
            if entering.isInvalid {
                freeSymbol(art)
                return false
            }
            artRow.solve(for: art, entering)
            substitute(entering, artRow)
            rows[entering.id] = artRow
            touch(entering)
        } else if !success {
            // Parametric at a nonzero optimum cannot happen; undo the row like a removal if it does.
            if let leavingID = markerLeavingRow(art) {
                var leavingRow = rows[leavingID].take()!
                touch(symbols[leavingID])
                leavingRow.solve(for: symbols[leavingID], art)
                substitute(art, leavingRow)
            }
            scrub(art)
            freeSymbol(art)
            return false
        }
        scrub(art)
        freeSymbol(art)
        return success
    }

    private func anyPivotableSymbol(_ row: Row) -> Symbol {
        for cell in row.cells where cell.symbol.isPivotable { return cell.symbol }
        return .invalid
    }

    // MARK: Simplex

    /// Replaces the parametric `symbol` by `row` everywhere, noting rows that turn infeasible.
    private mutating func substitute(_ symbol: Symbol, _ row: Row) {
        structure &+= 1
        substitutionScans += 1
        var infeasible: [Symbol] = []
        var changed: [Symbol] = []
        let symbols = self.symbols
        rows.withUnsafeMutableBufferPointer { rows in
            symbols.withUnsafeBufferPointer { symbols in
                for id in 0..<rows.count where rows[id] != nil {
                    if rows[id]?.substitute(symbol, with: row) == true {
                        let basic = symbols[id]
                        let constant = rows[id]?.constant ?? 0
                        if basic.isExternal {
                            changed.append(basic)
                        } else if constant < 0 && !Row.nearZero(constant) {
                            infeasible.append(basic)
                        }
                    }
                }
            }
        }
        for basic in changed { touch(basic) }
        if !infeasible.isEmpty { infeasibleRows.append(contentsOf: infeasible) }
        objective.substitute(symbol, with: row)
        artificial?.substitute(symbol, with: row)
    }

    /// Primal simplex on the objective (or the phase-1 artificial objective) until no improving
    /// symbol is left.
    private mutating func optimize(artificial useArtificial: Bool) throws {
        while true {
            let entering = enteringSymbol(useArtificial ? artificial! : objective)
            if entering.isInvalid { return }
            guard let leavingID = leavingRow(for: entering) else {
                throw SolverError.internalError("the objective is unbounded")
            }
            pivot(leavingID, entering)
        }
    }

    /// Makes `entering` basic in place of the basic symbol of row `leavingID`.
    private mutating func pivot(_ leavingID: Int, _ entering: Symbol) {
        structure &+= 1
        var row = rows[leavingID].take()!
        touch(symbols[leavingID])
        row.solve(for: symbols[leavingID], entering)
        substitute(entering, row)
        rows[entering.id] = row
        touch(entering)
    }

    /// Dual simplex: pivots infeasible rows back to feasibility keeping the objective optimal.
    /// False when a row cannot be repaired (the required constraints conflict).
    private mutating func dualOptimize() throws -> Bool {
        while let leaving = infeasibleRows.popLast() {
            guard symbols[leaving.id] == leaving, let constant = rows[leaving.id]?.constant,
                  constant < 0, !Row.nearZero(constant) else { continue }
            let entering = dualEnteringSymbol(rows[leaving.id]!)
            if entering.isInvalid {
                infeasibleRows.append(leaving)
                return false
            }
            pivot(leaving.id, entering)
        }
        return true
    }

    /// Lists every restricted row with a negative constant (after an undo).
    private mutating func collectInfeasibleRows() {
        infeasibleRows.removeAll()
        for id in rows.indices where rows[id] != nil {
            let constant = rows[id]!.constant
            if !symbols[id].isExternal && constant < 0 && !Row.nearZero(constant) {
                infeasibleRows.append(symbols[id])
            }
        }
    }

    /// Applies a move of a constraint's marker by `shift` to the constants of the rows holding it.
    /// False when a basic dummy (a redundant required equality) would become nonzero.
    private mutating func shiftMarker(_ tag: Tag, by shift: Double) -> Bool {
        let marker = tag.marker
        if rows[marker.id] != nil {
            let constant = rows[marker.id]!.add(-shift)
            if marker.isDummy { return Row.nearZero(constant) }
            if constant < 0 { infeasibleRows.append(marker) }
            return true
        }
        // The other error symbol's column is the marker's, negated: when it is basic, only its
        // row holds the marker.
        if !tag.other.isInvalid && rows[tag.other.id] != nil {
            let coefficient = rows[tag.other.id]!.coefficient(for: marker)
            if coefficient != 0 && rows[tag.other.id]!.add(coefficient * shift) < 0 {
                infeasibleRows.append(tag.other)
            }
            return true
        }
        var consistent = true
        var infeasible: [Symbol] = []
        if columnsStructure != structure {
            columns.removeAll(keepingCapacity: true)
            columnsStructure = structure
        }
        let column = columns[marker.raw] ?? self.column(of: marker)
        // The touched list and flags are moved out for the walk (so that it marks each changed variable in place, as
        // `touch` does, without a uniqueness check per row) and back after.
        var flags = isTouched, list = touched
        isTouched = []
        touched = []
        rows.withUnsafeMutableBufferPointer { rows in
            flags.withUnsafeMutableBufferPointer { flags in
                for (basic, coefficient) in column {
                    let constant = rows[basic.id]!.add(coefficient * shift)
                    if basic.isDummy {
                        if !Row.nearZero(constant) { consistent = false }
                    } else if basic.isExternal {
                        if !flags[basic.id] {
                            flags[basic.id] = true
                            list.append(basic.id)
                        }
                    } else if constant < 0 {
                        infeasible.append(basic)
                    }
                }
            }
        }
        isTouched = flags
        touched = list
        infeasibleRows.append(contentsOf: infeasible)
        objective.add(objective.coefficient(for: marker) * shift)
        return consistent
    }

    /// The rows that hold `symbol`, with its coefficients; kept in `columns` until the structure changes.
    private mutating func column(of symbol: Symbol) -> [(basic: Symbol, coefficient: Double)] {
        var column: [(basic: Symbol, coefficient: Double)] = []
        rows.withUnsafeBufferPointer { rows in
            for id in 0..<rows.count where rows[id] != nil {
                let coefficient = rows[id]!.coefficient(for: symbol)
                if coefficient != 0 { column.append((symbols[id], coefficient)) }
            }
        }
        columns[symbol.raw] = column
        return column
    }

    /// The first non-dummy symbol with a negative objective coefficient, or invalid at the optimum.
    private func enteringSymbol(_ objective: Row) -> Symbol {
        for cell in objective.cells where cell.coefficient < 0 && !cell.symbol.isDummy {
            return cell.symbol
        }
        return .invalid
    }

    /// For an infeasible row: the positive non-dummy symbol with the least objective ratio.
    private func dualEnteringSymbol(_ row: Row) -> Symbol {
        var entering = Symbol.invalid
        var ratio = Double.greatestFiniteMagnitude
        for cell in row.cells where cell.coefficient > 0 && !cell.symbol.isDummy {
            let r = objective.coefficient(for: cell.symbol) / cell.coefficient
            if r < ratio {
                ratio = r
                entering = cell.symbol
            }
        }
        return entering
    }

    /// The restricted row that limits `entering` first (minimum ratio test).
    private func leavingRow(for entering: Symbol) -> Int? {
        var ratio = Double.greatestFiniteMagnitude
        var found = -1
        rows.withUnsafeBufferPointer { rows in
            symbols.withUnsafeBufferPointer { symbols in
                for id in 0..<rows.count where rows[id] != nil && !symbols[id].isExternal {
                    let coefficient = rows[id]!.coefficient(for: entering)
                    if coefficient < 0 {
                        let r = -rows[id]!.constant / coefficient
                        if r < ratio {
                            ratio = r
                            found = id
                        }
                    }
                }
            }
        }
        return found < 0 ? nil : found
    }

    /// The row to pivot a parametric marker in on removal: a restricted row with a negative
    /// coefficient and least ratio, else a restricted row with least ratio, else an external row.
    ///
    /// A basic dummy (the marker of a redundant required equality) comes first: its row holds
    /// dummies only, at constant zero, so pivoting there changes no constant and keeps every dummy
    /// row pure. Pivoting elsewhere would write error and slack symbols into the dummy's row, and
    /// the simplex would then hold that dummy at ≥ 0 instead of = 0 (kiwi does, and then accepts
    /// required constraints that conflict with the redundant one).
    ///
    /// `collecting`, the scan also puts into `dependents` the ids of the variables' rows that hold the marker (and so
    /// goes on past a basic dummy).
    private func markerLeavingRow(_ marker: Symbol) -> Int? {
        var none: [Int] = []
        return markerLeavingRow(marker, collecting: false, into: &none)
    }

    private func markerLeavingRow(_ marker: Symbol, collecting: Bool, into dependents: inout [Int]) -> Int? {
        var r1 = Double.greatestFiniteMagnitude, r2 = Double.greatestFiniteMagnitude
        var first = -1, second = -1, third = -1, dummy = -1
        for id in rows.indices where rows[id] != nil {
            let c = rows[id]!.coefficient(for: marker)
            if c == 0 { continue }
            if symbols[id].isDummy && marker.isDummy {
                guard collecting else { return id }
                if dummy < 0 { dummy = id }
                continue
            }
            if symbols[id].isExternal {
                third = id
                if collecting { dependents.append(id) }
            } else if c < 0 {
                let r = -rows[id]!.constant / c
                if r < r1 { r1 = r; first = id }
            } else {
                let r = rows[id]!.constant / c
                if r < r2 { r2 = r; second = id }
            }
        }
        if dummy >= 0 { return dummy }
        if first >= 0 { return first }
        if second >= 0 { return second }
        return third >= 0 ? third : nil
    }

    private mutating func removeConstraintEffects(_ constraint: Constraint, _ tag: Tag) {
        if tag.marker.kind == .error { removeMarkerEffects(tag.marker, constraint.strength.value) }
        if tag.other.kind == .error { removeMarkerEffects(tag.other, constraint.strength.value) }
    }

    private mutating func removeMarkerEffects(_ marker: Symbol, _ strength: Double) {
        if let row = rows[marker.id] {
            objective.insert(row, -strength)
        } else {
            objective.insert(marker, -strength)
        }
    }
}

extension Optional {
    /// Moves the value out, leaving nil (so the moved value is uniquely referenced).
    fileprivate mutating func take() -> Wrapped? {
        let value = self
        self = nil
        return value
    }
}
