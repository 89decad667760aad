/// How a worker process hands file results to the parent: one line per record, tab-separated fields; inside a
/// field, `\` and every control character are escaped (`\\`, `\xHH`), so no byte of a name or message can end a
/// field or a record. Optional fields are "-" (absent) or "+text".
///
///     file <path>
///     test <status> <names, each after a "+", joined by U+001F> <line> <message> <location> <expected> <actual> <traceback> <duration>
///          <descriptor> <declared> <raised> <random seed> <start time> <start tick>
///     done
///
/// The three times are their doubles' bit patterns in hexadecimal: exact, and a worker writes and the parent reads
/// three a test (as decimal text, about a tenth of a record's cost).
///
/// A trace (`declared`, `raised`) is its fields joined by U+001E: source, short source, line, line defined, last line
/// defined, what, traceback, and its message ("-", or "t", "w" or "j" and the text: `SourceTrace.Message`).
enum WorkerWire {
    private static let nameSeparator: UInt8 = 0x1F
    private static let traceSeparator: UInt8 = 0x1E
    private static let fieldCount = 16

    static func encode(_ file: FileResult) -> String {
        header(file.path) + file.results.map(record).joined() + done
    }

    /// The record opening a file's results.
    static func header(_ path: String) -> String { "file\t\(escape(path))\n" }

    /// One test's record.
    static func record(_ r: TestResult) -> String {
        // Appended to one string, not joined from an array: a worker writes one record a test.
        var line = "test\t" + r.status.rawValue + "\t"
        line.reserveCapacity(256)
        for (index, name) in r.names.enumerated() {
            if index > 0 { line += "\u{1F}" }
            line += "+" + escape(name)
        }
        for field in [String(r.line), optional(r.message), optional(r.location), optional(r.expected),
                      optional(r.actual), optional(r.traceback), bits(r.duration), escape(r.descriptor),
                      optional(r.declared.map(trace)), optional(r.raised.map(trace)),
                      optional(r.randomSeed.map { String($0) }), bits(r.startTime), bits(r.startTick)] {
            line += "\t"
            line += field
        }
        line += "\n"
        return line
    }

    /// The record closing a file's results.
    static let done = "done\n"

    /// Reads records line by line; a file is complete at its `done`.
    struct Decoder {
        /// The file whose records are being read: what a worker that stopped before its `done` had sent.
        private(set) var current: FileResult?

        /// The finished file, when `line` was its `done`.
        mutating func feed(_ line: Substring) -> FileResult? {
            // Split on bytes: every separator is ASCII, and a UTF-8 sequence never holds an ASCII byte.
            let fields = line.utf8.split(separator: 0x09, omittingEmptySubsequences: false).map(Substring.init)
            switch fields.first {
            case "file" where fields.count == 2:
                current = FileResult(path: unescape(fields[1]))
            case "test" where fields.count == fieldCount:
                let names = fields[2].isEmpty ? [] : fields[2].utf8.split(separator: nameSeparator, omittingEmptySubsequences: false)
                var result = TestResult(
                    status: TestStatus(rawValue: String(fields[1])) ?? .error,
                    names: names.map { unescape(Substring($0).dropFirst()) },
                    file: current?.path ?? "", line: Int(fields[3]) ?? 0,
                    message: optional(fields[4]), location: optional(fields[5]), expected: optional(fields[6]),
                    actual: optional(fields[7]), traceback: optional(fields[8]), duration: double(fields[9]),
                    descriptor: unescape(fields[10]), declared: trace(fields[11]), raised: trace(fields[12]),
                    randomSeed: optional(fields[13]).flatMap { Int64($0) })
                result.startTime = double(fields[14])
                result.startTick = double(fields[15])
                current?.results.append(result)
            case "done":
                defer { current = nil }
                return current
            default:
                break
            }
            return nil
        }
    }

    private static func bits(_ value: Double) -> String { String(value.bitPattern, radix: 16) }

    private static func double(_ field: Substring) -> Double {
        UInt64(field, radix: 16).map(Double.init(bitPattern:)) ?? 0
    }

    private static func optional(_ text: String?) -> String {
        text.map { "+" + escape($0) } ?? "-"
    }

    private static func optional(_ field: Substring) -> String? {
        field.first == "+" ? unescape(field.dropFirst()) : nil
    }

    /// A trace's fields, each escaped, joined by U+001E (which escaping keeps out of them).
    private static func trace(_ trace: SourceTrace) -> String {
        let message: String
        switch trace.message {
        case nil: message = "-"
        case .text(let text)?: message = "t" + text
        case .wrapped(let text)?: message = "w" + text
        case .json(let text)?: message = "j" + text
        }
        return [trace.source, trace.shortSource, String(trace.line), String(trace.lineDefined),
                String(trace.lastLineDefined), trace.what, trace.traceback, message]
            .map(escape).joined(separator: "\u{1E}")
    }

    private static func trace(_ field: Substring) -> SourceTrace? {
        guard let text = optional(field) else { return nil }
        let parts = text.utf8.split(separator: traceSeparator, omittingEmptySubsequences: false)
            .map { unescape(Substring($0)) }
        guard parts.count == 8 else { return nil }
        let message: SourceTrace.Message?
        switch parts[7].first {
        case "t": message = .text(String(parts[7].dropFirst()))
        case "w": message = .wrapped(String(parts[7].dropFirst()))
        case "j": message = .json(String(parts[7].dropFirst()))
        default: message = nil
        }
        return SourceTrace(source: parts[0], shortSource: parts[1], line: Int(parts[2]) ?? 0,
                           lineDefined: Int(parts[3]) ?? 0, lastLineDefined: Int(parts[4]) ?? 0, what: parts[5],
                           traceback: parts[6], message: message)
    }

    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    /// Works on UTF-8 bytes: every byte escaped is ASCII, and most texts need none (returned as they are).
    private static func escape(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\\") }) else { return text }
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count + 8)
        for byte in text.utf8 {
            if byte == UInt8(ascii: "\\") {
                out += [byte, byte]
            } else if byte < 0x20 {
                out += [UInt8(ascii: "\\"), UInt8(ascii: "x"), hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 15)]]
            } else {
                out.append(byte)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func unescape(_ text: Substring) -> String {
        let bytes = text.utf8
        guard bytes.contains(UInt8(ascii: "\\")) else { return String(text) }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index != bytes.endIndex {
            let byte = bytes[index]
            index = bytes.index(after: index)
            guard byte == UInt8(ascii: "\\"), index != bytes.endIndex else {
                out.append(byte)
                continue
            }
            let next = bytes[index]
            index = bytes.index(after: index)
            if next == UInt8(ascii: "x"), bytes.distance(from: index, to: bytes.endIndex) >= 2,
               let high = hexValue(bytes[index]), let low = hexValue(bytes[bytes.index(after: index)]) {
                out.append(high << 4 | low)
                index = bytes.index(index, offsetBy: 2)
            } else {
                out.append(next)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        default: nil
        }
    }
}
