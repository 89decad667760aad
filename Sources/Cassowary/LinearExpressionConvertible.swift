/// Variables, terms and expressions: the operands of the layout operators
/// (`x + 2 * y .== 10`, `a.left .>= b.right + 8`).
///
/// Relations use the pointwise operators `.==`, `.<=`, `.>=` so that `==` keeps meaning equality;
/// arithmetic is `@_disfavoredOverload` so ordinary numeric code never resolves to it.
public protocol LinearExpressionConvertible {
    /// The operand as an expression.
    var linearExpression: Expression { get }
}

extension Variable: LinearExpressionConvertible {
    public var linearExpression: Expression { Expression([Term(self)]) }
}

extension Term: LinearExpressionConvertible {
    public var linearExpression: Expression { Expression([self]) }
}

extension Expression: LinearExpressionConvertible {
    public var linearExpression: Expression { self }
}

extension LinearExpressionConvertible {
    /// The sum of two expressions.
    @_disfavoredOverload
    public static func + <R: LinearExpressionConvertible>(lhs: Self, rhs: R) -> Expression {
        let a = lhs.linearExpression, b = rhs.linearExpression
        return Expression(a.terms + b.terms, constant: a.constant + b.constant)
    }

    /// The expression plus a constant.
    @_disfavoredOverload
    public static func + (lhs: Self, rhs: Double) -> Expression {
        var e = lhs.linearExpression
        e.constant += rhs
        return e
    }

    /// A constant plus the expression.
    @_disfavoredOverload
    public static func + (lhs: Double, rhs: Self) -> Expression { rhs + lhs }

    /// The negated expression.
    @_disfavoredOverload
    public static prefix func - (operand: Self) -> Expression { operand * -1 }

    /// The difference of two expressions.
    @_disfavoredOverload
    public static func - <R: LinearExpressionConvertible>(lhs: Self, rhs: R) -> Expression { lhs + rhs * -1 }

    /// The expression minus a constant.
    @_disfavoredOverload
    public static func - (lhs: Self, rhs: Double) -> Expression { lhs + -rhs }

    /// A constant minus the expression.
    @_disfavoredOverload
    public static func - (lhs: Double, rhs: Self) -> Expression { rhs * -1 + lhs }

    /// The expression scaled.
    @_disfavoredOverload
    public static func * (lhs: Self, rhs: Double) -> Expression {
        let e = lhs.linearExpression
        return Expression(e.terms.map { Term($0.variable, $0.coefficient * rhs) }, constant: e.constant * rhs)
    }

    /// The expression scaled.
    @_disfavoredOverload
    public static func * (lhs: Double, rhs: Self) -> Expression { rhs * lhs }

    /// The expression divided by a constant.
    @_disfavoredOverload
    public static func / (lhs: Self, rhs: Double) -> Expression { lhs * (1 / rhs) }

    /// `lhs == rhs`, required.
    public static func .== <R: LinearExpressionConvertible>(lhs: Self, rhs: R) -> Constraint {
        Constraint(lhs - rhs, .equal)
    }
    /// `lhs == rhs`, required.
    public static func .== (lhs: Self, rhs: Double) -> Constraint { Constraint(lhs - rhs, .equal) }
    /// `lhs == rhs`, required.
    public static func .== (lhs: Double, rhs: Self) -> Constraint { Constraint(lhs - rhs, .equal) }

    /// `lhs <= rhs`, required.
    public static func .<= <R: LinearExpressionConvertible>(lhs: Self, rhs: R) -> Constraint {
        Constraint(lhs - rhs, .lessThanOrEqual)
    }
    /// `lhs <= rhs`, required.
    public static func .<= (lhs: Self, rhs: Double) -> Constraint { Constraint(lhs - rhs, .lessThanOrEqual) }
    /// `lhs <= rhs`, required.
    public static func .<= (lhs: Double, rhs: Self) -> Constraint { Constraint(lhs - rhs, .lessThanOrEqual) }

    /// `lhs >= rhs`, required.
    public static func .>= <R: LinearExpressionConvertible>(lhs: Self, rhs: R) -> Constraint {
        Constraint(lhs - rhs, .greaterThanOrEqual)
    }
    /// `lhs >= rhs`, required.
    public static func .>= (lhs: Self, rhs: Double) -> Constraint { Constraint(lhs - rhs, .greaterThanOrEqual) }
    /// `lhs >= rhs`, required.
    public static func .>= (lhs: Double, rhs: Self) -> Constraint { Constraint(lhs - rhs, .greaterThanOrEqual) }
}
