/// A number that a person or a script hands Scrim — a duration, a count, a size, a scale — and the bounds it must keep.
/// Every place that takes one (command-line options, the REPL's meta commands, `.busted` tasks, which are options,
/// and the Lua functions taking durations) reads it through one of these, so that each is finite and inside a range
/// Scrim can act on: no Int conversion traps on `1e20`, no allocation grows with `1e9`, and a bad value is refused
/// with the same words everywhere (`'1e20' is not seconds of virtual time from 0 to 3600`).
public struct Quantity: Sendable {
    /// What the number counts, as the refusal names it ("seconds of virtual time").
    public let unit: String
    public let range: ClosedRange<Double>
    /// Whether the lower bound itself is refused (a scale must be more than 0).
    public let excludesLowerBound: Bool
    /// Whether only whole numbers are taken (counts).
    public let whole: Bool
    /// Whether K, M and G (powers of 1024, an optional trailing B) may follow the number (sizes in bytes).
    public let takesSizeSuffix: Bool
    /// Whether 0 stands for no limit at all (budgets).
    public let zeroMeansNone: Bool

    public init(_ unit: String, _ range: ClosedRange<Double>, excludingLowerBound: Bool = false, whole: Bool = false,
                sizeSuffix: Bool = false, zeroMeansNone: Bool = false) {
        self.unit = unit
        self.range = range
        excludesLowerBound = excludingLowerBound
        self.whole = whole
        takesSizeSuffix = sizeSuffix
        self.zeroMeansNone = zeroMeansNone
    }

    /// Why a number is refused: `'1e20' is not seconds of virtual time from 0 to 3600`.
    public struct Refusal: Error, CustomStringConvertible {
        public let text: String
        public let expected: String
        public var description: String { "'\(text)' is not \(expected)" }
    }

    /// The bounds in words: "seconds of virtual time from 0 to 3600", "pixels a point, more than 0 and at most 8",
    /// "bytes from 0 (none) to 1024G, e.g. 64M".
    public var expected: String {
        let low = NumberFormat.short(range.lowerBound) + (zeroMeansNone && range.lowerBound == 0 ? " (none)" : "")
        var high = NumberFormat.short(range.upperBound)
        let gibibyte = Double(1 << 30)
        if takesSizeSuffix, range.upperBound >= gibibyte { high = NumberFormat.short(range.upperBound / gibibyte) + "G" }
        let example = takesSizeSuffix ? ", e.g. 64M or 1G" : ""
        if excludesLowerBound { return "\(unit), more than \(low) and at most \(high)" }
        return "\(whole ? "a whole number of " : "")\(unit) from \(low) to \(high)\(example)"
    }

    /// `value` if it is inside the bounds, else the refusal (with `value` written as Lua writes numbers).
    public func check(_ value: Double) throws(Refusal) -> Double {
        guard accepts(value) else { throw Refusal(text: Self.written(value), expected: expected) }
        return value
    }

    /// The number `text` spells, if it is inside the bounds: decimal as Lua and Swift read it, `nan`, `inf`,
    /// hexadecimal floats and blanks refused.
    public func parse(_ text: String) throws(Refusal) -> Double {
        let refusal = Refusal(text: text, expected: expected)
        var digits = Substring(text)
        var multiplier = 1.0
        if takesSizeSuffix {
            if digits.last == "B" || digits.last == "b" { digits = digits.dropLast() }
            switch digits.last {
            case "K", "k": multiplier = 1024
            case "M", "m": multiplier = 1024 * 1024
            case "G", "g": multiplier = 1024 * 1024 * 1024
            default: break
            }
            if multiplier != 1 { digits = digits.dropLast() }
        }
        // Only digits, a point, an exponent and a sign: Double(_:) also reads "nan", "inf" and "0x1p3".
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && ($0.isNumber || "+-.eE".contains($0)) }),
              let number = Double(digits) else { throw refusal }
        let value = number * multiplier
        guard accepts(value) else { throw refusal }
        return value
    }

    /// `parse(text)` as a whole number (for counts and sizes): always representable as an Int.
    public func parseWhole(_ text: String) throws(Refusal) -> Int {
        Int(try parse(text).rounded(.down))
    }

    private func accepts(_ value: Double) -> Bool {
        guard value.isFinite, range.contains(value), !(excludesLowerBound && value == range.lowerBound) else { return false }
        return !whole || value == value.rounded()
    }

    private static func written(_ value: Double) -> String {
        value.isFinite ? NumberFormat.short(value) : (value.isNaN ? "nan" : (value < 0 ? "-inf" : "inf"))
    }
}

/// The quantities Scrim takes, each with the bounds every place taking it applies.
extension Quantity {
    /// A year: the longest duration or delay a script may ask for, and the clock's reach from any moment.
    public static let year: Double = 365 * 24 * 3600

    /// A wall-clock budget (`--timeout`): 0 for none, else at most a year.
    public static let timeBudget = Quantity("seconds of wall-clock time", 0...year, zeroMeansNone: true)
    /// A memory budget (`--max-memory`): 0 for none, else at most 1 TiB.
    public static let memoryBudget = Quantity("bytes", 0...Double(1 << 40), sizeSuffix: true, zeroMeansNone: true)
    /// A span of virtual time a script or the REPL moves through (`scrim.after`, `:advance`, `:play`, `--at`).
    public static let duration = Quantity("seconds of virtual time", 0...year)
    /// What a recording may span (`scrim record --duration`, `:record`): every frame is drawn and kept.
    public static let recordingDuration = Quantity("seconds of virtual time", 0...3600)
    /// Frames a second of a recording.
    public static let framesPerSecond = Quantity("frames a second", 1...120)
    /// Pixels a point of a picture, a recording or a window.
    public static let pixelScale = Quantity("pixels a point", 0...8, excludingLowerBound: true)
}
