/// Why the solver refused a request; the solver is unchanged after any of them.
public enum SolverError: Error, CustomStringConvertible {
    /// The required constraint conflicts with the required constraints already in the solver.
    case unsatisfiable(Constraint)
    /// The constraint is already in the solver.
    case duplicateConstraint(Constraint)
    /// The constraint is not in the solver.
    case unknownConstraint(Constraint)
    /// The variable already has an edit constraint.
    case duplicateEditVariable(Variable)
    /// The variable has no edit constraint.
    case unknownEditVariable(Variable)
    /// Edit variables must be weaker than `required`.
    case badRequiredStrength(Variable)
    /// A constraint in the solver cannot switch between required and optional (UIKit forbids it too).
    case requiredStrengthChange(Constraint, to: Strength)
    /// The tableau is inconsistent; a solver bug.
    case internalError(String)

    public var description: String {
        switch self {
        case .unsatisfiable(let c): return "unable to satisfy required constraint: \(c)"
        case .duplicateConstraint(let c): return "constraint already added: \(c)"
        case .unknownConstraint(let c): return "constraint not in the solver: \(c)"
        case .duplicateEditVariable(let v): return "edit variable already added: \(v)"
        case .unknownEditVariable(let v): return "not an edit variable: \(v)"
        case .badRequiredStrength(let v): return "edit variable \(v) cannot have required strength"
        case .requiredStrengthChange(let c, let s): return "cannot change between required and optional (to \(s)) while in the solver: \(c)"
        case .internalError(let message): return "internal solver error: \(message)"
        }
    }
}
