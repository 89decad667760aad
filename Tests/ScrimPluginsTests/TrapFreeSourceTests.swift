import Foundation
import Testing

/// The code a plugin reaches (the plugin host and its manifest, version and dependency checks, and the test runner a
/// spec runs in) has no `try!`, `as!` or force-unwrap: a bad plugin or spec gets an error, never a trap.
@Suite struct TrapFreeSourceTests {
    static let folders = ["Sources/ScrimPlugins", "Sources/ScrimTest"]

    /// `try!`, `as!`, and a `!` right after a name, `)` or `]` that is not `!=` (a force-unwrap); comments aside.
    static let trap = try! NSRegularExpression(pattern: #"try!|as!|[\w\)\]]!(?!=)"#)

    @Test func noTrapInCodeAPluginOrSpecReaches() throws {
        var found: [String] = []
        for folder in Self.folders {
            let root = ScrimPathFinder.repoRoot + "/" + folder
            let files = try FileManager.default.subpathsOfDirectory(atPath: root).filter { $0.hasSuffix(".swift") }
            #expect(!files.isEmpty, "no Swift file under \(folder)")
            for file in files {
                let text = try String(contentsOfFile: root + "/" + file, encoding: .utf8)
                for (number, line) in text.components(separatedBy: "\n").enumerated() {
                    let code = line.components(separatedBy: "//")[0]
                    if Self.trap.firstMatch(in: code, range: NSRange(code.startIndex..., in: code)) != nil {
                        found.append("\(folder)/\(file):\(number + 1): \(line.trimmingCharacters(in: .whitespaces))")
                    }
                }
            }
        }
        #expect(found == [], "traps on a path a plugin or spec reaches")
    }
}
