/// A linear relation `expression (== | <= | >=) 0` with a strength; the unit the solver adds and removes.
///
/// Identity matters: the solver tracks constraints by object. The constant and strength are changed
/// only through the solver (`updateConstant`, `updateStrength`), so a constraint belongs to one
/// solver at a time.
public final class Constraint: CustomStringConvertible {
    /// How the expression relates to zero.
    public enum Relation: String, Sendable {
        case lessThanOrEqual = "<="
        case equal = "=="
        case greaterThanOrEqual = ">="
    }

    /// The left-hand side, reduced (each variable once, no zero terms); the right-hand side is 0.
    public internal(set) var expression: Expression
    /// The relation to zero.
    public let relation: Relation
    /// The strength, clipped to `0 … required`.
    public internal(set) var strength: Strength

    /// Creates `expression relation 0` at `strength`.
    public init(_ expression: Expression, _ relation: Relation, strength: Strength = .required) {
        self.expression = expression.reduced()
        self.relation = relation
        self.strength = strength
    }

    /// A copy of `other` at another strength (kiwi's `constraint | strength`).
    public convenience init(_ other: Constraint, strength: Strength) {
        self.init(other.expression, other.relation, strength: strength)
    }

    /// Whether the relation holds within `tolerance` at the variables' current values.
    public func isSatisfied(tolerance: Double = 1e-8) -> Bool {
        violation <= tolerance
    }

    /// How far the current values are from satisfying the relation (0 when satisfied).
    public var violation: Double {
        let v = expression.value
        switch relation {
        case .equal: return abs(v)
        case .lessThanOrEqual: return max(0, v)
        case .greaterThanOrEqual: return max(0, -v)
        }
    }

    public var description: String { "\(expression) \(relation.rawValue) 0 (\(strength))" }
}
