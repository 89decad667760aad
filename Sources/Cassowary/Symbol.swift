/// A column of the simplex tableau: an external variable or one of the solver's own helper variables.
///
/// The id and the kind are packed into one `Int` (`id << 3 | kind`) so a symbol is a plain word:
/// cells compare and hash it without indirection, and ordering by `raw` is ordering by creation.
struct Symbol: Hashable, Comparable {
    /// What a symbol stands for; it decides how the simplex may use it.
    enum Kind: Int {
        case invalid = 0
        /// A caller's variable: unrestricted in sign, never in the objective.
        case external
        /// Slack of an inequality (or the artificial variable of phase 1): restricted to ≥ 0.
        case slack
        /// Error of a non-required constraint: ≥ 0 and weighted in the objective.
        case error
        /// Marker of a required equality: fixed at 0, never pivoted in.
        case dummy
    }

    let raw: Int

    /// The symbol that means "none".
    static let invalid = Symbol(raw: 0)

    init(raw: Int) { self.raw = raw }

    init(id: Int, kind: Kind) { raw = id << 3 | kind.rawValue }

    /// Position in creation order; also the symbol's index in the solver's row table.
    var id: Int { raw >> 3 }

    var kind: Kind { Kind(rawValue: raw & 7)! }

    var isInvalid: Bool { raw == 0 }
    var isExternal: Bool { raw & 7 == Kind.external.rawValue }
    var isDummy: Bool { raw & 7 == Kind.dummy.rawValue }
    /// Slack and error symbols: the ones a pivot may bring into the basis when no external one exists.
    var isPivotable: Bool { let k = raw & 7; return k == Kind.slack.rawValue || k == Kind.error.rawValue }

    static func < (lhs: Symbol, rhs: Symbol) -> Bool { lhs.raw < rhs.raw }
}
