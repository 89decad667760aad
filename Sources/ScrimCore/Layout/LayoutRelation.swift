import Cassowary

/// How a constraint's two sides compare; the raw values are the operators scripts write.
public enum LayoutRelation: String, CaseIterable, Sendable {
    case lessThanOrEqual = "<="
    case equal = "=="
    case greaterThanOrEqual = ">="

    /// The solver's relation of `lhs − rhs` to zero.
    var solverRelation: Constraint.Relation {
        switch self {
        case .lessThanOrEqual: return .lessThanOrEqual
        case .equal: return .equal
        case .greaterThanOrEqual: return .greaterThanOrEqual
        }
    }
}
