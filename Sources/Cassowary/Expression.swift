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
        // Most expressions (a layout constraint's two to four terms) are reduced already: checked without a copy.
        if isReduced { return self }
        var merged: [Term] = []
        merged.reserveCapacity(terms.count)
        for term in terms {
            if let i = merged.firstIndex(where: { $0.variable === term.variable }) {
                merged[i].coefficient += term.coefficient
            } else {
                merged.append(term)
            }
        }
        merged.removeAll { $0.coefficient == 0 }
        return Expression(merged, constant: constant)
    }

    /// Whether every variable appears once, with a nonzero coefficient.
    private var isReduced: Bool {
        terms.withUnsafeBufferPointer { terms in
            for i in terms.indices {
                if terms[i].coefficient == 0 { return false }
                for j in 0..<i where terms[j].variable === terms[i].variable { return false }
            }
            return true
        }
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
