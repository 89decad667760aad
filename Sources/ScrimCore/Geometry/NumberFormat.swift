/// How Scrim writes numbers in text it produces (trees, error messages): short, stable, locale-free.
public enum NumberFormat {
    /// Whole numbers without a decimal point (`390`), others rounded to at most 4 decimals (`0.3333`). A number too
    /// large for the rounding to matter (≥ 1e15) is written as Swift's shortest round-tripping form: scaling it by
    /// 10,000 first would overflow to `inf` near the top of the range (1.8e304 and above).
    public static func short(_ value: Double) -> String {
        guard value.isFinite else { return value.isNaN ? "nan" : (value < 0 ? "-inf" : "inf") }
        guard abs(value) < 1e15 else { return String(value) }
        let rounded = (value * 10_000).rounded() / 10_000
        if rounded == 0 { return "0" }
        if rounded == rounded.rounded() { return String(Int64(rounded)) }
        return String(rounded)
    }
}
