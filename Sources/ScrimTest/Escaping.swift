import ScrimCore

/// Text made safe for each report: no byte of a name or message can end a line, start a directive, cut the output
/// (a NUL) or reach a terminal as a control sequence. Control characters (C0, DEL, C1) are written as escapes —
/// `\n`, `\r`, `\t`, `\0`, `\x1B`, `\u{9B}` — and bytes that are not UTF-8 arrive as `\xHH` (`ResultText`).
enum Escaping {
    /// For one line of the text and TAP reports (a name, a path): every control character escaped.
    static func line(_ text: String) -> String {
        escapingControls(text, keeping: [])
    }

    /// For a block of the text and TAP reports (a message, a traceback): line breaks and tabs kept, the other control
    /// characters escaped.
    static func block(_ text: String) -> String {
        escapingControls(text, keeping: ["\n", "\t"])
    }

    private static let hexDigits = Array("0123456789ABCDEF".unicodeScalars)

    private static func escapingControls(_ text: String, keeping kept: Set<Unicode.Scalar>) -> String {
        guard text.unicodeScalars.contains(where: { isControl($0) && !kept.contains($0) }) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            guard isControl(scalar), !kept.contains(scalar) else {
                out.append(scalar)
                continue
            }
            switch scalar {
            case "\n": out.append(contentsOf: "\\n".unicodeScalars)
            case "\r": out.append(contentsOf: "\\r".unicodeScalars)
            case "\t": out.append(contentsOf: "\\t".unicodeScalars)
            case "\0": out.append(contentsOf: "\\0".unicodeScalars)
            case _ where scalar.value < 0x80:
                out.append(contentsOf: ["\\", "x", hexDigits[Int(scalar.value >> 4)], hexDigits[Int(scalar.value & 15)]])
            default:
                out.append(contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
            }
        }
        return String(out)
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F ... 0x9F).contains(scalar.value)
    }

    /// A JSON string literal, quotes included (through `JSON`, Scrim's one JSON writer).
    static func json(_ text: String) -> String {
        var out = ""
        JSON.writeString(text, to: &out)
        return out
    }

    static func json(_ text: String?) -> String {
        text.map { json($0) } ?? "null"
    }

    /// Text for an XML attribute or element. XML 1.0 has no way to write most control characters, even as
    /// references: those are written as `block`'s escapes, in text.
    static func xml(_ text: String) -> String {
        var out = ""
        for scalar in escapingControls(text, keeping: ["\n", "\t", "\r"]).unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\n": out += "&#10;"
            case "\r": out += "&#13;"
            case "\t": out += "&#9;"
            case "\u{FFFE}", "\u{FFFF}": out += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Seconds with microsecond precision, as a plain decimal ("0.000123").
    static func seconds(_ value: Double) -> String {
        guard value.isFinite, value > 0, value < 1e12 else { return "0.000000" }
        let micros = Int((value * 1_000_000).rounded())
        let fraction = String(micros % 1_000_000)
        return "\(micros / 1_000_000)." + String(repeating: "0", count: 6 - fraction.count) + fraction
    }
}
