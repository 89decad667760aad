/// Why the solver refused a request; the solver is unchanged after any of them.
///
/// An error is `Sendable` (it may cross to another task) while constraints and variables are mutable objects, so it
/// names them by a `Subject`: their identity and their description when the error was made.
public enum SolverError: Error, CustomStringConvertible {
    /// The required constraint conflicts with the required constraints already in the solver.
    case unsatisfiable(Subject)
    /// The constraint is already in the solver.
    case duplicateConstraint(Subject)
    /// The constraint is not in the solver.
    case unknownConstraint(Subject)
    /// The variable already has an edit constraint.
    case duplicateEditVariable(Subject)
    /// The variable has no edit constraint.
    case unknownEditVariable(Subject)
    /// Edit variables must be weaker than `required`.
    case badRequiredStrength(Subject)
    /// A constraint in the solver cannot switch between required and optional (UIKit forbids it too).
    case requiredStrengthChange(Subject, to: Strength)
    /// The tableau is inconsistent; a solver bug.
    case internalError(String)

    /// The constraint or variable an error is about: which one (`is(_:)`), and how it read then.
    public struct Subject: Sendable, CustomStringConvertible {
        /// The object's identity; never dereferenced.
        public let id: ObjectIdentifier
        /// The object's description when the error was made (`x - 20 == 0 (required)`, `x`).
        public let description: String

        init(_ constraint: Constraint) {
            id = ObjectIdentifier(constraint)
            description = constraint.description
        }

        init(_ variable: Variable) {
            id = ObjectIdentifier(variable)
            description = variable.description
        }

        /// Whether this names `object`.
        public func `is`(_ object: AnyObject) -> Bool { id == ObjectIdentifier(object) }
    }

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
