/// `coefficient · variable`, one summand of an `Expression`.
public struct Term: CustomStringConvertible {
    /// The unknown this term scales.
    public let variable: Variable
    /// Its factor.
    public var coefficient: Double

    /// Creates `coefficient · variable`.
    public init(_ variable: Variable, _ coefficient: Double = 1) {
        self.variable = variable
        self.coefficient = coefficient
    }

    /// The term evaluated at the variable's current value.
    public var value: Double { coefficient * variable.value }

    public var description: String { coefficient == 1 ? "\(variable)" : "\(Term.format(coefficient))·\(variable)" }
}

extension Term {
    /// Numbers in diagnostics: integers without a trailing ".0".
    static func format(_ x: Double) -> String {
        x == x.rounded() && abs(x) < 1e15 ? String(Int64(x)) : String(x)
    }
}
