/// An sRGB colour with straight (not premultiplied) alpha; every component is in 0…1.
public struct Color: Equatable, Hashable, Sendable {
    public var r: Double
    public var g: Double
    public var b: Double
    public var a: Double

    /// A colour from components; each is clamped to 0…1 (NaN becomes 0).
    public init(r: Double, g: Double, b: Double, a: Double = 1) {
        self.r = Color.clamp(r)
        self.g = Color.clamp(g)
        self.b = Color.clamp(b)
        self.a = Color.clamp(a)
    }

    /// A grey of `white` brightness.
    public init(white: Double, a: Double = 1) {
        self.init(r: white, g: white, b: white, a: a)
    }

    // Animation arithmetic needs values outside 0…1 in between (a spring overshoots); only `clamped` brings them back.
    init(unclamped r: Double, _ g: Double, _ b: Double, _ a: Double) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }

    /// Transparent black, as UIKit's `clearColor`.
    public static let clear = Color(r: 0, g: 0, b: 0, a: 0)
    /// The named colours below have UIKit's values.
    public static let black = Color(white: 0)
    public static let white = Color(white: 1)
    /// 0.5 white, as UIKit's `grayColor`.
    public static let gray = Color(white: 0.5)
    /// 2/3 white, as UIKit's `lightGrayColor`.
    public static let lightGray = Color(white: 2.0 / 3.0)
    /// 1/3 white, as UIKit's `darkGrayColor`.
    public static let darkGray = Color(white: 1.0 / 3.0)
    public static let red = Color(r: 1, g: 0, b: 0)
    public static let green = Color(r: 0, g: 1, b: 0)
    public static let blue = Color(r: 0, g: 0, b: 1)
    public static let cyan = Color(r: 0, g: 1, b: 1)
    public static let magenta = Color(r: 1, g: 0, b: 1)
    public static let yellow = Color(r: 1, g: 1, b: 0)
    /// (1, 0.5, 0), as UIKit's `orangeColor`.
    public static let orange = Color(r: 1, g: 0.5, b: 0)
    /// (0.5, 0, 0.5), as UIKit's `purpleColor`.
    public static let purple = Color(r: 0.5, g: 0, b: 0.5)
    /// (0.6, 0.4, 0.2), as UIKit's `brownColor`.
    public static let brown = Color(r: 0.6, g: 0.4, b: 0.2)

    /// The colours `Color(parsing:)` knows by name, in the order error messages list them.
    public static let named: [(name: String, color: Color)] = [
        ("clear", .clear), ("black", .black), ("white", .white), ("gray", .gray), ("red", .red),
        ("green", .green), ("blue", .blue), ("yellow", .yellow), ("orange", .orange),
        ("lightGray", .lightGray), ("darkGray", .darkGray), ("cyan", .cyan), ("magenta", .magenta),
        ("purple", .purple), ("brown", .brown),
    ]

    /// Parses `"#RRGGBB"`, `"#RRGGBBAA"` (hex digits in either case) or a name from `Color.named`.
    public init(parsing text: String) throws {
        if let entry = Color.named.first(where: { $0.name == text }) {
            self = entry.color
            return
        }
        let utf8 = Array(text.utf8)
        guard utf8.first == UInt8(ascii: "#"), utf8.count == 7 || utf8.count == 9 else {
            throw Color.parseError(text)
        }
        var bytes: [Double] = []
        var i = 1
        while i < utf8.count {
            guard let hi = Color.hexValue(utf8[i]), let lo = Color.hexValue(utf8[i + 1]) else {
                throw Color.parseError(text)
            }
            bytes.append(Double(hi * 16 + lo) / 255)
            i += 2
        }
        self.init(r: bytes[0], g: bytes[1], b: bytes[2], a: bytes.count == 4 ? bytes[3] : 1)
    }

    /// Lower-case `"#rrggbbaa"`, each component rounded to the nearest of 256 steps.
    public var hex: String {
        let digits = Array("0123456789abcdef")
        var out = "#"
        for component in [r, g, b, a] {
            let byte = Int((Color.clamp(component) * 255).rounded())
            out.append(digits[byte / 16])
            out.append(digits[byte % 16])
        }
        return out
    }

    /// The same colour with alpha `a`.
    public func withAlpha(_ a: Double) -> Color {
        Color(r: r, g: g, b: b, a: a)
    }

    /// Every component brought back into 0…1.
    public var clamped: Color {
        Color(r: r, g: g, b: b, a: a)
    }

    /// The colour a fraction `t` of the way from `self` to `other`, component by component.
    public func interpolated(to other: Color, _ t: Double) -> Color {
        (self + (other - self) * t).clamped
    }

    private static func clamp(_ value: Double) -> Double {
        value.isNaN ? 0 : Swift.min(1, Swift.max(0, value))
    }

    private static func hexValue(_ c: UInt8) -> Int? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return Int(c - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return Int(c - UInt8(ascii: "a")) + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return Int(c - UInt8(ascii: "A")) + 10
        default: return nil
        }
    }

    private static func parseError(_ text: String) -> ColorError {
        let names = Color.named.prefix(9).map(\.name).joined(separator: ", ")
        return ColorError(message: "invalid color \"\(text)\" (expected \"#RRGGBB\", \"#RRGGBBAA\" or a name: \(names), …)")
    }
}

extension Color: CustomStringConvertible {
    /// The `hex` form.
    public var description: String { hex }
}
