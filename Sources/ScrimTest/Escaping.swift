import ScrimCore

/// Text made safe for the machine-readable reports.
enum Escaping {
    /// A JSON string literal, quotes included (through `JSON`, Scrim's one JSON writer).
    static func json(_ text: String) -> String {
        var out = ""
        JSON.writeString(text, to: &out)
        return out
    }

    static func json(_ text: String?) -> String {
        text.map { json($0) } ?? "null"
    }

    /// Text for an XML attribute or element; characters XML 1.0 forbids are dropped.
    static func xml(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\n": out += "&#10;"
            case "\t", "\r": out.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF: continue
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Seconds with microsecond precision, as a plain decimal ("0.000123").
    static func seconds(_ value: Double) -> String {
        let micros = Int((max(0, value) * 1_000_000).rounded())
        let fraction = String(micros % 1_000_000)
        return "\(micros / 1_000_000)." + String(repeating: "0", count: 6 - fraction.count) + fraction
    }
}
