import Cassowary

/// UIKit priorities as solver strengths:
///
/// | priority | strength |
/// |---|---|
/// | 1000 | `required` |
/// | p in 1 … 999 | `1000 ^ ((p − 250) / 250)`: 250 → `weak` (1), 500 → `medium` (10³), 750 → `strong` (10⁶), 999 → 9.7·10⁸, 1 → 1.03·10⁻³ |
///
/// Every 250 priority points multiply the weight by 1000, so a constraint beats up to a thousand
/// constraints 250 points below it (pulling with unit coefficients) — the named UIKit levels
/// (`defaultLow` 250, `defaultHigh` 750, 999) are strictly ordered in practice. Neighbouring
/// priorities differ by a factor of 1000^(1/250) ≈ 1.028 only: doubles cannot give 999 levels that
/// each beat any number of the level below, and keeping all weights between 10⁻³ and 10⁹ keeps
/// round-off far below the smallest weight.
extension Strength {
    /// The strength of a UIKit priority (1 … 1000, values outside are clamped); see the table above.
    public init(priority: Double) {
        let p = min(1000, max(1, priority))
        self = p >= 1000 ? .required : Strength(power(1000, (p - 250) / 250))
    }
}
