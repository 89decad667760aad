/// How Scrim writes numbers in text it produces (trees, error messages): short, stable, locale-free.
public enum NumberFormat {
    /// Whole numbers without a decimal point (`390`), others rounded to at most 4 decimals (`0.3333`).
    public static func short(_ value: Double) -> String {
        guard value.isFinite else { return value.isNaN ? "nan" : (value < 0 ? "-inf" : "inf") }
        let rounded = (value * 10_000).rounded() / 10_000
        if rounded == 0 { return "0" }
        if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int64(rounded)) }
        return String(rounded)
    }
}
