import Testing
@testable import Cassowary

@Suite struct SolverTests {
    let x = Variable("x"), y = Variable("y")

    @Test func requiredEqualityHolds() throws {
        let solver = Solver()
        try solver.addConstraint(x + 2 * y .== 10)
        try solver.addConstraint(y .== 3)
        solver.updateVariables()
        #expect(x.value == 4)
        #expect(y.value == 3)
    }

    @Test func constraintsCombineRepeatedVariablesAndDropZeroTerms() throws {
        // Reduced already: kept as written.
        let plain = Constraint(Expression([Term(x), Term(y, -2)], constant: 1), .equal)
        #expect(plain.expression.terms.map(\.coefficient) == [1, -2])
        // x + 2y - x + y: x cancels out, y is merged into one term.
        let repeated = Constraint(Expression([Term(x), Term(y, 2), Term(x, -1), Term(y)], constant: -9), .equal)
        #expect(repeated.expression.terms.count == 1)
        #expect(repeated.expression.terms.first?.variable === y)
        #expect(repeated.expression.terms.first?.coefficient == 3)
        let zero = Constraint(Expression([Term(x, 0), Term(y)], constant: -4), .equal)
        #expect(zero.expression.terms.count == 1)
        let solver = Solver()
        try solver.addConstraint(repeated)
        solver.updateVariables()
        #expect(y.value == 3)
    }

    @Test func rowsBuiltFromLongBasicRowsSolveAChain() throws {
        // Each variable's row holds every earlier constraint's marker, so a new constraint's row starts from a long
        // row: copied as it is (coefficient 1, odd steps) or scaled (even steps), then merged with x0's.
        let solver = Solver()
        let xs = (0..<60).map { Variable("x\($0)") }
        try solver.addConstraint(xs[0] .== 5)
        for i in 1..<xs.count {
            try solver.addConstraint(i % 2 == 1 ? xs[i - 1] - xs[i] .== 1.5 : xs[i] - xs[i - 1] + 0.5 * xs[0] .== 1)
        }
        solver.updateVariables()
        for i in xs.indices { #expect(abs(xs[i].value - (5 - 1.5 * Double(i))) <= 1e-9, "x\(i)") }
    }

    @Test func strongerOptionalConstraintWins() throws {
        let solver = Solver()
        try solver.addConstraint(Constraint(x .== 20, strength: .weak))
        try solver.addConstraint(Constraint(x .== 10, strength: .strong))
        try solver.addConstraint(Constraint(x .== 30, strength: .medium))
        solver.updateVariables()
        #expect(x.value == 10)
    }

    @Test func inequalitiesBoundAPreference() throws {
        let solver = Solver()
        try solver.addConstraint(x .>= 10)
        try solver.addConstraint(x .<= 20)
        let preference = Constraint(x .== 0, strength: .weak)
        try solver.addConstraint(preference)
        solver.updateVariables()
        #expect(x.value == 10)
        try solver.updateConstant(preference, to: -30)  // x == 30
        solver.updateVariables()
        #expect(x.value == 20)
        try solver.updateConstant(preference, to: -15)
        solver.updateVariables()
        #expect(x.value == 15)
    }

    @Test func editVariablesFollowSuggestionsWithinRequiredBounds() throws {
        let solver = Solver()
        try solver.addConstraint(x .<= 30)
        try solver.addConstraint(Constraint(x .== 5, strength: .weak))
        try solver.addEditVariable(x, strength: .strong)
        #expect(solver.hasEditVariable(x))
        try solver.suggestValue(x, 12)
        solver.updateVariables()
        #expect(x.value == 12)
        try solver.suggestValue(x, 42)
        solver.updateVariables()
        #expect(x.value == 30)
        try solver.removeEditVariable(x)
        solver.updateVariables()
        #expect(x.value == 5)
        #expect(!solver.hasEditVariable(x))
    }

    @Test func aConstraintThatBringsItsOwnVariableVisitsNoOtherRow() throws {
        let solver = Solver()
        var previous = Variable("x0")
        try solver.addConstraint(previous .== 0)
        for i in 1...200 {
            let next = Variable("x\(i)")
            try solver.addConstraint(next .== previous + 1)
            previous = next
        }
        #expect(solver.substitutionScans == 0, "each new variable is the subject of its row, in no other row")
        solver.updateVariables()
        #expect(previous.value == 200)
        // A constraint between variables already in the system does substitute (into every row that holds it).
        try solver.addConstraint(Constraint(previous .== 150, strength: .weak))
        solver.updateVariables()
        #expect(previous.value == 200)
    }

    @Test func removingARequiredEqualityReportsTheVariablesThatDependOnIt() throws {
        let solver = Solver()
        let z = Variable("z")
        let fixed = x .== 10
        try solver.addConstraint(fixed)
        try solver.addConstraint(y .== x + 5)
        try solver.addConstraint(z .== 3)
        var dependents: [String] = []
        try solver.removeConstraint(fixed) { dependents.append($0.name) }
        #expect(dependents.sorted() == ["x", "y"])
        // An optional constraint reports nothing.
        let preference = Constraint(z .== 4, strength: .weak)
        try solver.addConstraint(preference)
        try solver.removeConstraint(preference) { dependents.append($0.name) }
        #expect(dependents.count == 2)
    }

    @Test func removingAConstraintRestoresTheEarlierSolution() throws {
        let solver = Solver()
        try solver.addConstraint(Constraint(x .== 10, strength: .weak))
        let override = Constraint(x .== 50, strength: .strong)
        try solver.addConstraint(override)
        solver.updateVariables()
        #expect(x.value == 50)
        try solver.removeConstraint(override)
        #expect(!solver.hasConstraint(override))
        solver.updateVariables()
        #expect(x.value == 10)
    }

    @Test func variablesLeavingTheSystemReadZero() throws {
        let solver = Solver()
        let c = x .== 7
        try solver.addConstraint(c)
        solver.updateVariables()
        #expect(x.value == 7)
        try solver.removeConstraint(c)
        solver.updateVariables()
        #expect(x.value == 0)
    }

    @Test func symbolIdsAreReusedSoTheTableStaysSmall() throws {
        let solver = Solver()
        try solver.addConstraint(x .>= 0)
        try solver.addEditVariable(x, strength: .strong)
        for i in 0..<20 {
            let v = Variable("v\(i)")
            let a = v .== x + 8, b = Constraint(v .<= 100, strength: .medium)
            try solver.addConstraint(a)
            try solver.addConstraint(b)
            try solver.suggestValue(x, Double(i))
            solver.updateVariables()
            #expect(v.value == Double(i) + 8)
            try solver.removeConstraint(b)
            try solver.removeConstraint(a)
        }
        let size = solver.symbolTableSize
        for i in 0..<500 {
            let v = Variable()
            let a = v .== x + 8, b = Constraint(v .<= 100, strength: .medium)
            try solver.addConstraint(a)
            try solver.addConstraint(b)
            try solver.suggestValue(x, Double(i % 7))
            try solver.removeConstraint(b)
            try solver.removeConstraint(a)
        }
        #expect(solver.symbolTableSize == size)
    }

    @Test func errorsAreThrownAndDescribed() throws {
        let solver = Solver()
        let c = Constraint(x .== 1, strength: .weak)
        try solver.addConstraint(c)
        #expect(throws: SolverError.self) { try solver.addConstraint(c) }
        do { try solver.addConstraint(c); Issue.record("no error") } catch {
            #expect("\(error)" == "constraint already added: x - 1 == 0 (weak)")
        }
        let stranger = y .== 2
        do { try solver.removeConstraint(stranger); Issue.record("no error") } catch SolverError.unknownConstraint(let d) {
            #expect(d.is(stranger))
        }
        #expect(throws: SolverError.self) { try solver.updateConstant(stranger, to: 3) }
        try solver.addEditVariable(y, strength: .strong)
        do { try solver.addEditVariable(y, strength: .medium); Issue.record("no error") } catch SolverError.duplicateEditVariable(let v) {
            #expect(v.is(y))
        }
        do { try solver.addEditVariable(x, strength: .required); Issue.record("no error") } catch SolverError.badRequiredStrength {
        }
        do { try solver.suggestValue(x, 3); Issue.record("no error") } catch SolverError.unknownEditVariable(let v) {
            #expect(v.is(x))
            #expect("\(SolverError.unknownEditVariable(v))" == "not an edit variable: x")
        }
        #expect(throws: SolverError.self) { try solver.removeEditVariable(x) }
    }

    @Test func conflictingRequiredConstraintIsRejectedAndLeavesNoTrace() throws {
        let solver = Solver()
        try solver.addConstraint(x .== 10)
        try solver.addConstraint(Constraint(y .== 1, strength: .weak))
        let conflict = x .== 20
        do { try solver.addConstraint(conflict); Issue.record("no error") } catch SolverError.unsatisfiable(let c) {
            #expect(c.is(conflict))
            #expect("\(SolverError.unsatisfiable(c))" == "unable to satisfy required constraint: x - 20 == 0 (required)")
        }
        #expect(!solver.hasConstraint(conflict))
        // Through the phase-1 (artificial variable) path.
        try solver.addConstraint(y .>= 10)
        let below = y .<= 5
        #expect(throws: SolverError.self) { try solver.addConstraint(below) }
        #expect(!solver.hasConstraint(below))
        solver.updateVariables()
        #expect(x.value == 10)
        #expect(y.value == 10)
        // Redundant but consistent required constraints are fine.
        try solver.addConstraint(2 * x .== 20)
        try solver.addConstraint(y .<= 10)
        solver.updateVariables()
        #expect(x.value == 10 && y.value == 10)
    }

    /// kiwi pivots a removed marker through a redundant equality's basic dummy row, after which the
    /// dummy is only held ≥ 0 and a conflicting required constraint is accepted; ours is not.
    @Test func redundantEqualityStillHoldsAfterRemovingItsTwin() throws {
        let solver = Solver()
        let fixed = x .== 300
        try solver.addConstraint(fixed)
        try solver.addConstraint(Constraint(y .== 300, strength: .weak))
        try solver.addConstraint(y .== x)
        try solver.addConstraint(y .== 300)  // redundant: its dummy becomes basic
        #expect(throws: SolverError.self) { try solver.updateConstant(fixed, to: -200) }
        try solver.removeConstraint(fixed)
        #expect(throws: SolverError.self) { try solver.addConstraint(x .== 200) }
        solver.updateVariables()
        #expect(x.value == 300 && y.value == 300)
    }

    @Test func conflictingUpdateConstantIsRejectedAndRestored() throws {
        let solver = Solver()
        try solver.addConstraint(x .>= 10)
        let cap = x .<= 20
        try solver.addConstraint(cap)
        try solver.addConstraint(Constraint(x .== 100, strength: .weak))
        do { try solver.updateConstant(cap, to: -5); Issue.record("no error") } catch SolverError.unsatisfiable(let c) {
            #expect(c.is(cap))
        }
        #expect(cap.expression.constant == -20)
        solver.updateVariables()
        #expect(x.value == 20)
        try solver.updateConstant(cap, to: -15)
        solver.updateVariables()
        #expect(x.value == 15)
    }

    @Test func updateStrengthReordersOptionalConstraints() throws {
        let solver = Solver()
        let ten = Constraint(x .== 10, strength: .medium)
        let twenty = Constraint(x .== 20, strength: .weak)
        try solver.addConstraint(ten)
        try solver.addConstraint(twenty)
        solver.updateVariables()
        #expect(x.value == 10)
        try solver.updateStrength(twenty, to: .strong)
        solver.updateVariables()
        #expect(x.value == 20)
        #expect(twenty.strength == .strong)
        try solver.updateStrength(ten, to: Strength.create(2, 0, 0))
        solver.updateVariables()
        #expect(x.value == 10)
        do { try solver.updateStrength(ten, to: .required); Issue.record("no error") } catch SolverError.requiredStrengthChange {
        }
        let required = x .>= 0
        try solver.addConstraint(required)
        #expect(throws: SolverError.self) { try solver.updateStrength(required, to: .weak) }
        try solver.updateStrength(required, to: .required)
    }

    /// Changing constants in place must land where a solver built from scratch with the final
    /// constants lands (the systems are random; every variable has its own weak preference).
    @Test func updateConstantMatchesAFreshSolve() throws {
        var random = LayoutTestRandom(seed: 7)
        for _ in 0..<200 {
            let variables = (0..<5).map { Variable("v\($0)") }
            var specs: [(terms: [Term], constant: Double, relation: Constraint.Relation, strength: Strength)] = []
            for (i, v) in variables.enumerated() {
                specs.append(([Term(v)], Double(random.int(in: -50...50)), .equal, Strength(0.5 + Double(i) * 0.37 + random.unit())))
            }
            for _ in 0..<8 {
                let a = variables[random.int(in: 0...4)], b = variables[random.int(in: 0...4)]
                let relation: Constraint.Relation = [.equal, .lessThanOrEqual, .greaterThanOrEqual][random.int(in: 0...2)]
                let strength: Strength = random.unit() < 0.4 ? .required : Strength(1000 * (0.5 + random.unit()))
                specs.append(([Term(a), Term(b, -2)], Double(random.int(in: -40...40)), relation, strength))
            }
            let solver = Solver()
            var live: [Constraint] = []
            var kept: [Int] = []
            for (i, spec) in specs.enumerated() {
                let c = Constraint(Expression(spec.terms, constant: spec.constant), spec.relation, strength: spec.strength)
                if (try? solver.addConstraint(c)) != nil { live.append(c); kept.append(i) }
            }
            for _ in 0..<6 {
                let k = random.int(in: 0...(live.count - 1))
                let value = Double(random.int(in: -60...60))
                if (try? solver.updateConstant(live[k], to: value)) != nil { specs[kept[k]].constant = value }
            }
            solver.updateVariables()
            let incremental = variables.map(\.value)

            let fresh = Solver()
            for i in kept {
                let spec = specs[i]
                try fresh.addConstraint(Constraint(Expression(spec.terms, constant: spec.constant), spec.relation, strength: spec.strength))
            }
            fresh.updateVariables()
            for (a, b) in zip(incremental, variables.map(\.value)) {
                #expect(abs(a - b) < 1e-6)
            }
        }
    }

    @Test func strengthsAreKiwis() {
        #expect(Strength.create(1, 2, 3) .value == 1_002_003)
        #expect(Strength.create(2000, 0, 0).value == 1e9)
        #expect(Strength.required.isRequired && !Strength(Strength.required.value * 0.999).isRequired)
    }

    @Test func operatorsBuildReducedExpressions() {
        let c = x + 2 * y - x * 3 + 4 .<= y - 1
        #expect(c.relation == .lessThanOrEqual)
        #expect(c.expression.terms.count == 2)
        #expect(c.expression.terms[0].variable === x && c.expression.terms[0].coefficient == -2)
        #expect(c.expression.terms[1].variable === y && c.expression.terms[1].coefficient == 1)
        #expect(c.expression.constant == 5)
        #expect("\(c)" == "-2·x + y + 5 <= 0 (required)")
        #expect((x - x .== 0).expression.terms.isEmpty)
    }
}

/// A small seeded generator, so the random tests replay identically.
struct LayoutTestRandom {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
    mutating func int(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.count))
    }
}
