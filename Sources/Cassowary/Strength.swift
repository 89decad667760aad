/// How much a constraint matters: `required` must hold; any weaker strength is the weight of the
/// constraint's error in the objective the solver minimises (kiwi's scheme).
public struct Strength: Comparable, Hashable, CustomStringConvertible, Sendable {
    /// The weight (or `required.value` for required constraints).
    public let value: Double

    /// A strength of exactly `value`, clipped to `0 … required`.
    public init(_ value: Double) { self.value = Strength.clip(value) }

    private init(unclipped value: Double) { self.value = value }

    /// kiwi's `strength::create`: `a`, `b`, `c` (each clamped to 0 … 1000 after scaling by `w`)
    /// are the strong, medium and weak parts.
    public static func create(_ a: Double, _ b: Double, _ c: Double, _ w: Double = 1) -> Strength {
        var result = 0.0
        result += max(0, min(1000, a * w)) * 1_000_000
        result += max(0, min(1000, b * w)) * 1000
        result += max(0, min(1000, c * w))
        return Strength(unclipped: result)
    }

    /// Must hold; the solver reports `unsatisfiable` otherwise.
    public static let required = create(1000, 1000, 1000)
    /// 10⁶.
    public static let strong = create(1, 0, 0)
    /// 10³.
    public static let medium = create(0, 1, 0)
    /// 1.
    public static let weak = create(0, 0, 1)

    /// `value` limited to `0 … required`.
    public static func clip(_ value: Double) -> Double { max(0, min(required.value, value)) }

    /// Whether this is `required`.
    public var isRequired: Bool { value >= Strength.required.value }

    public static func < (lhs: Strength, rhs: Strength) -> Bool { lhs.value < rhs.value }

    public var description: String {
        switch self {
        case .required: return "required"
        case .strong: return "strong"
        case .medium: return "medium"
        case .weak: return "weak"
        default: return String(value)
        }
    }
}
