#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Scrim's one JSON writer: trace files, test reports and `scrim.json` (which the analytics plugin writes its lines
/// with) all go through it. No Foundation, which would slow `scrim`'s start-up.
public enum JSON {
    /// A string literal, quotes included: `"`, `\` and the control characters (DEL too) escaped.
    public static func writeString(_ s: String, to out: inout String) {
        out += "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    let hex = Array("0123456789abcdef")
                    out += "\\u00" + String(hex[Int(scalar.value >> 4)]) + String(hex[Int(scalar.value & 15)])
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }

    /// A number: NaN and the infinities as `null` (JSON has none of them, and JSON encoders write them so); integral
    /// values within the 64-bit integers as integers; others in the fewest of 15 or 17 significant digits that read
    /// back as the same number.
    public static func writeNumber(_ n: Double, to out: inout String) {
        guard n.isFinite else { out += "null"; return }
        if n == n.rounded(), n >= -0x1p63, n < 0x1p63 {
            out += String(Int64(n))
            return
        }
        let short = formatted(n, digits: 15)
        out += Double(short) == n ? short : formatted(n, digits: 17)
    }

    /// An integer, exactly.
    public static func writeInteger(_ n: Int64, to out: inout String) {
        out += String(n)
    }

    /// `n` as C's `%.<digits>g` writes it.
    private static func formatted(_ n: Double, digits: Int32) -> String {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: 40) { buffer in
            let count = withVaList([n]) { vsnprintf(buffer.baseAddress, 40, "%.\(digits)g", $0) }
            return String(decoding: UnsafeRawBufferPointer(start: buffer.baseAddress, count: Int(max(0, min(count, 39)))),
                          as: UTF8.self)
        }
    }
}
