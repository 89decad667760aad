import Foundation
import ScrimTestSupport
import Testing

/// Swift 6.3's optimizer drops the nil check of a cast from `AnyObject?` to an unconstrained generic parameter, so
/// `optionalObject as? T` crashes in release builds only (docs/DESIGN.md, "What ships is what is tested"). No generic
/// function in Sources casts to a type parameter it leaves unconstrained; the release binary's runs in `make test`
/// catch what a scan cannot.
@Suite struct OptimizerPitfallTests {
    /// `func name<T>(` or `<T, U>`: the parameters without a constraint.
    static let generic = try! NSRegularExpression(pattern: #"func\s+\w+\s*<([^>]*)>"#)

    static func unconstrained(_ parameters: String) -> [String] {
        parameters.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.contains(":") }
    }

    /// The body of the function whose declaration starts at `offset`: from its first `{` to the matching `}`.
    static func body(in text: String, from offset: String.Index) -> Substring {
        guard let open = text[offset...].firstIndex(of: "{") else { return "" }
        var depth = 0
        var index = open
        while index < text.endIndex {
            if text[index] == "{" { depth += 1 }
            if text[index] == "}" { depth -= 1; if depth == 0 { return text[open...index] } }
            index = text.index(after: index)
        }
        return text[open...]
    }

    @Test func noCastToAnUnconstrainedTypeParameter() throws {
        let root = ScrimProcess.repoRoot.appendingPathComponent("Sources").path
        let files = try FileManager.default.subpathsOfDirectory(atPath: root).filter { $0.hasSuffix(".swift") }
        #expect(files.count > 100)
        var found: [String] = []
        for file in files {
            let text = try String(contentsOfFile: root + "/" + file, encoding: .utf8)
            let range = NSRange(text.startIndex..., in: text)
            for match in Self.generic.matches(in: text, range: range) {
                guard let whole = Range(match.range, in: text), let names = Range(match.range(at: 1), in: text) else { continue }
                let body = Self.body(in: text, from: whole.upperBound)
                for name in Self.unconstrained(String(text[names])) {
                    let cast = try NSRegularExpression(pattern: #"\b(as[?!]|is)\s+\#(name)\b"#)
                    if cast.firstMatch(in: String(body), range: NSRange(body.startIndex..., in: body)) != nil {
                        let line = text[..<whole.lowerBound].filter { $0 == "\n" }.count + 1
                        found.append("Sources/\(file):\(line): a cast to the unconstrained \(name)")
                    }
                }
            }
        }
        #expect(found == [])
    }

    /// The scan finds the pattern it is for.
    @Test func theScanSeesTheCrashingPattern() {
        let text = "func required<T>(_ t: T.Type) throws -> T {\n    guard let x = target as? T else { throw E() }\n}\n"
        let match = Self.generic.firstMatch(in: text, range: NSRange(text.startIndex..., in: text))
        let whole = match.flatMap { Range($0.range, in: text) }
        #expect(whole != nil)
        if let whole { #expect(Self.body(in: text, from: whole.upperBound).contains("as? T")) }
        #expect(Self.unconstrained("T, U: AnyObject") == ["T"])
    }
}
