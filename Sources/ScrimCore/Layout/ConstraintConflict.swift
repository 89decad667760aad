import Cassowary

/// The search for which required constraints conflict, for the unsatisfiable-constraints report: a smallest set
/// (no member can be dropped and still conflict) that contains the constraint the solver refused.
///
/// Runs only after a refusal, on scratch solvers with copies: first the constraints linked to the refused one through
/// shared variables, then the additive method — add the candidates in order until the set conflicts; the last one
/// added belongs to the set; repeat with it and the candidates before it.
enum ConstraintConflict {
    /// A required solver constraint with its description and, for a `LayoutConstraint`, its installation.
    struct Candidate {
        let constraint: Constraint
        let label: String
        let installation: AutoLayoutEngine.Installation?
        /// Installation order for layout constraints, then the fixed frames, for listing.
        let rank: Int
    }

    /// A smallest conflicting subset of `candidates` plus `refused` (which is in it), sorted by rank.
    static func find(_ refused: Candidate, among candidates: [Candidate]) -> [Candidate] {
        var core = [refused]
        var rest = linked(to: refused, among: candidates)
        while true {
            let scratch = Solver()
            guard core.allSatisfy({ add($0, to: scratch) }) else { break }
            guard let culprit = rest.firstIndex(where: { !add($0, to: scratch) }) else { break }
            core.append(rest[culprit])
            rest = Array(rest[..<culprit])
        }
        return core.sorted { $0.rank < $1.rank }
    }

    /// The candidates that share variables with `refused`, directly or through other candidates, in their order.
    private static func linked(to refused: Candidate, among candidates: [Candidate]) -> [Candidate] {
        var byVariable: [ObjectIdentifier: [Int]] = [:]
        for (index, candidate) in candidates.enumerated() {
            for term in candidate.constraint.expression.terms {
                byVariable[ObjectIdentifier(term.variable), default: []].append(index)
            }
        }
        var seen = Set<ObjectIdentifier>()
        var queue: [ObjectIdentifier] = []
        for term in refused.constraint.expression.terms where seen.insert(ObjectIdentifier(term.variable)).inserted {
            queue.append(ObjectIdentifier(term.variable))
        }
        var reached = Set<Int>()
        while let variable = queue.popLast() {
            for index in byVariable[variable] ?? [] where reached.insert(index).inserted {
                for term in candidates[index].constraint.expression.terms
                where seen.insert(ObjectIdentifier(term.variable)).inserted {
                    queue.append(ObjectIdentifier(term.variable))
                }
            }
        }
        return reached.sorted().map { candidates[$0] }
    }

    private static func add(_ candidate: Candidate, to solver: Solver) -> Bool {
        let copy = Constraint(candidate.constraint.expression, candidate.constraint.relation, strength: .required)
        do {
            try solver.addConstraint(copy)
            return true
        } catch {
            return false
        }
    }
}
