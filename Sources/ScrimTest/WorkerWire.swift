/// How a worker process hands file results to the parent: one line per record, tab-separated
/// fields, `\` escapes; optional fields are "-" (absent) or "+text".
///
///     file <path>
///     test <status> <names joined by U+001F> <line> <message> <location> <expected> <actual> <traceback> <duration>
///     done
enum WorkerWire {
    private static let nameSeparator: Character = "\u{1F}"

    static func encode(_ file: FileResult) -> String {
        header(file.path) + file.results.map(record).joined() + done
    }

    /// The record opening a file's results.
    static func header(_ path: String) -> String { "file\t\(escape(path))\n" }

    /// One test's record.
    static func record(_ r: TestResult) -> String {
        let fields = [
            r.status.rawValue, escape(r.names.joined(separator: String(nameSeparator))),
            String(r.line), optional(r.message), optional(r.location), optional(r.expected),
            optional(r.actual), optional(r.traceback), String(r.duration),
        ]
        return "test\t" + fields.joined(separator: "\t") + "\n"
    }

    /// The record closing a file's results.
    static let done = "done\n"

    /// Reads records line by line; a file is complete at its `done`.
    struct Decoder {
        /// The file whose records are being read: what a worker that stopped before its `done` had sent.
        private(set) var current: FileResult?

        /// The finished file, when `line` was its `done`.
        mutating func feed(_ line: Substring) -> FileResult? {
            let fields = line.unicodeScalars.split(separator: "\t", omittingEmptySubsequences: false).map { Substring($0) }
            switch fields.first {
            case "file" where fields.count == 2:
                current = FileResult(path: unescape(fields[1]))
            case "test" where fields.count == 10:
                let names = unescape(fields[2])
                let result = TestResult(
                    status: TestStatus(rawValue: String(fields[1])) ?? .error,
                    names: names.isEmpty ? [] : names.split(separator: nameSeparator, omittingEmptySubsequences: false).map(String.init),
                    file: current?.path ?? "", line: Int(fields[3]) ?? 0,
                    message: optional(fields[4]), location: optional(fields[5]), expected: optional(fields[6]),
                    actual: optional(fields[7]), traceback: optional(fields[8]), duration: Double(fields[9]) ?? 0)
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

    private static func optional(_ text: String?) -> String {
        text.map { "+" + escape($0) } ?? "-"
    }

    private static func optional(_ field: Substring) -> String? {
        field.first == "+" ? unescape(field.dropFirst()) : nil
    }

    private static func escape(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out.append(contentsOf: "\\\\".unicodeScalars)
            case "\n": out.append(contentsOf: "\\n".unicodeScalars)
            case "\r": out.append(contentsOf: "\\r".unicodeScalars)
            case "\t": out.append(contentsOf: "\\t".unicodeScalars)
            default: out.append(scalar)
            }
        }
        return String(out)
    }

    private static func unescape(_ text: Substring) -> String {
        var out = String.UnicodeScalarView()
        var escaped = false
        for scalar in text.unicodeScalars {
            if escaped {
                switch scalar {
                case "n": out.append("\n")
                case "r": out.append("\r")
                case "t": out.append("\t")
                default: out.append(scalar)
                }
                escaped = false
            } else if scalar == "\\" {
                escaped = true
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }
}
