/// A linear expression `Σ terms + constant`; a constraint relates one to zero.
public struct Expression: CustomStringConvertible {
    /// The variable summands, as written (the constraint combines repeated variables).
    public var terms: [Term]
    /// The constant summand.
    public var constant: Double

    /// Creates `Σ terms + constant`.
    public init(_ terms: [Term] = [], constant: Double = 0) {
        self.terms = terms
        self.constant = constant
    }

    /// The expression evaluated at the variables' current values.
    public var value: Double { terms.reduce(constant) { $0 + $1.value } }

    /// The same expression with repeated variables merged and zero terms dropped, in first-seen order.
    public func reduced() -> Expression {
        var merged: [Term] = []
        merged.reserveCapacity(terms.count)
        for term in terms {
            if let i = merged.firstIndex(where: { $0.variable === term.variable }) {
                merged[i].coefficient += term.coefficient
            } else {
                merged.append(term)
            }
        }
        return Expression(merged.filter { $0.coefficient != 0 }, constant: constant)
    }

    public var description: String {
        var text = ""
        for term in terms {
            if text.isEmpty {
                text = term.coefficient < 0 ? "-" + Term(term.variable, -term.coefficient).description : term.description
            } else {
                text += term.coefficient < 0 ? " - " + Term(term.variable, -term.coefficient).description : " + " + term.description
            }
        }
        if text.isEmpty { return Term.format(constant) }
        if constant != 0 { text += constant < 0 ? " - \(Term.format(-constant))" : " + \(Term.format(constant))" }
        return text
    }
}
