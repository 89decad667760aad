import ScrimTestSupport
import Foundation
import Testing

/// The documentation is tested: every fenced Lua block of README.md and docs/API.md runs through the real binary,
/// every command the README shows names files that exist, and no link leaves the repository.
@Suite struct DocsTests {
    /// A fenced ```lua block: where it is, its text, and whether it is an error example (```lua error).
    struct Block: CustomTestStringConvertible, Sendable {
        var file: String
        var line: Int
        var info: String
        var text: String
        var testDescription: String { "\(file):\(line)" }
    }

    static let documents = ["README.md", "docs/API.md"]

    static func blocks(in file: String, language: String) -> [Block] {
        let url = ScrimProcess.repoRoot.appendingPathComponent(file)
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
        var blocks: [Block] = []
        var current: Block?
        for (index, line) in text.components(separatedBy: "\n").enumerated() {
            if var block = current {
                if line.hasPrefix("```") {
                    blocks.append(block)
                    current = nil
                } else {
                    block.text += line + "\n"
                    current = block
                }
            } else if line.hasPrefix("```") {
                let info = String(line.dropFirst(3)).trimmingCharacters(in: .whitespaces)
                current = Block(file: file, line: index + 1, info: info, text: "")
            }
        }
        return blocks.filter { $0.info.split(separator: " ").first.map(String.init) == language }
    }

    static let luaBlocks: [Block] = documents.flatMap { blocks(in: $0, language: "lua") }

    @Test func theDocumentsHaveLuaBlocks() {
        #expect(Set(Self.luaBlocks.map(\.file)) == Set(Self.documents))
        #expect(Self.luaBlocks.contains { $0.info.contains("error") })
    }

    /// A block runs as a script (`scrim run -`) and succeeds; its `--> text` comments are what its prints show, in
    /// order (runs of blanks count as one). An error example (```lua error) fails with the message of its
    /// `-- error: message` line.
    @Test(arguments: luaBlocks)
    func luaBlockRuns(block: Block) throws {
        let result = try ScrimProcess.run(["run", "-"], stdin: block.text, timeout: 20)
        func normalised(_ text: String) -> String {
            text.split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ")
        }
        if block.info.split(separator: " ").contains("error") {
            let line = block.text.components(separatedBy: "\n").first { $0.hasPrefix("-- error: ") }
            let message = try #require(line, "\(block.file):\(block.line): an error example needs a '-- error: message' line")
            #expect(result.status == 1, "\(block.file):\(block.line) should fail")
            #expect(result.stderr.hasPrefix("scrim: " + message.dropFirst(10) + "\n"), "\(block.file):\(block.line): \(result.stderr)")
            return
        }
        #expect(result.status == 0, "\(block.file):\(block.line): \(result.stderr)")
        let expected = block.text.components(separatedBy: "\n").compactMap { line -> String? in
            line.range(of: "--> ").map { normalised(String(line[$0.upperBound...])) }
        }
        if !expected.isEmpty {
            let printed = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map { normalised(String($0)) }
            #expect(printed == expected, "\(block.file):\(block.line)")
        }
    }

    /// Every `scrim …` line of the README's shell blocks names files that exist (what follows `-o` is written).
    @Test func readmeCommandsNameFilesThatExist() throws {
        let commands = Self.blocks(in: "README.md", language: "sh").flatMap { $0.text.components(separatedBy: "\n") }
            .map { $0.components(separatedBy: "#")[0].trimmingCharacters(in: .whitespaces) }
        let scrimLines = commands.filter { $0.hasPrefix("scrim ") }
        #expect(scrimLines.count >= 5)
        for line in scrimLines {
            let words = line.split(separator: " ").map(String.init)
            for (index, word) in words.enumerated() where word.contains("/") || word.hasSuffix(".lua") {
                if index > 0, words[index - 1] == "-o" { continue }
                let path = ScrimProcess.repoRoot.appendingPathComponent(word).path
                #expect(FileManager.default.fileExists(atPath: path), "README: `\(line)` names \(word), which does not exist")
            }
        }
        let makefile = try String(contentsOf: ScrimProcess.repoRoot.appendingPathComponent("Makefile"), encoding: .utf8)
        for line in commands where line.hasPrefix("make ") {
            let target = line.split(separator: " ")[1]
            #expect(makefile.contains("\n\(target):"), "README: `\(line)`: no such make target")
        }
    }

    /// Links and pictures in the repository's Markdown point at files in it.
    @Test func linksStayInsideTheRepository() throws {
        let root = ScrimProcess.repoRoot
        let listing = Process()
        listing.executableURL = URL(fileURLWithPath: "/usr/bin/git")
        listing.arguments = ["-C", root.path, "ls-files", "--cached", "--others", "--exclude-standard", "*.md"]
        let pipe = Pipe()
        listing.standardOutput = pipe
        try listing.run()
        let files = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).split(separator: "\n")
        listing.waitUntilExit()
        #expect(files.contains("README.md"))
        let link = try NSRegularExpression(pattern: #"\]\(([^)\s]+)[^)]*\)"#)
        for file in files {
            let url = root.appendingPathComponent(String(file))
            let text = try String(contentsOf: url, encoding: .utf8)
            for match in link.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                guard let range = Range(match.range(at: 1), in: text) else { continue }
                let target = String(text[range]).components(separatedBy: "#")[0]
                if target.isEmpty { continue }
                #expect(!target.contains("://") && !target.hasPrefix("/") && !target.hasPrefix("mailto:"),
                        "\(file): \(target) points outside the repository")
                let resolved = url.deletingLastPathComponent().appendingPathComponent(target).standardizedFileURL
                #expect(resolved.path.hasPrefix(root.standardizedFileURL.path + "/"), "\(file): \(target) leaves the repository")
                #expect(FileManager.default.fileExists(atPath: resolved.path), "\(file): \(target) does not exist")
            }
        }
    }

    /// No file in the repository points at the web or at files outside it: what it needs is in it.
    @Test func noAddressesOutsideTheRepository() throws {
        let grep = Process()
        grep.executableURL = URL(fileURLWithPath: "/usr/bin/git")
        grep.arguments = ["-C", ScrimProcess.repoRoot.path, "grep", "-n", "-I", "-E",
                          #"https?://|www\.|\.\./shared|/work/"#, "--", ".", ":!Tests/ScrimCLITests/DocsTests.swift"]
        let pipe = Pipe()
        grep.standardOutput = pipe
        try grep.run()
        let found = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        grep.waitUntilExit()
        #expect(found.isEmpty, "addresses outside the repository:\n\(found)")
    }
    /// Every target of Package.swift under Sources/ has its row in README.md's "Layout" table and in
    /// docs/DESIGN.md's "Modules" table, so neither falls behind the package.
    @Test func moduleTablesListEveryTarget() throws {
        let package = try String(contentsOf: ScrimProcess.repoRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
        let declaration = try NSRegularExpression(pattern: #"\.(?:target|executableTarget|systemLibrary)\(\s*name:\s*"([^"]+)"([^\n]*)"#)
        let targets = declaration.matches(in: package, range: NSRange(package.startIndex..., in: package)).compactMap { match -> String? in
            guard let name = Range(match.range(at: 1), in: package), let rest = Range(match.range(at: 2), in: package) else { return nil }
            return package[rest].contains("path: \"Tests/") ? nil : String(package[name])
        }
        #expect(targets.contains("ScrimCore") && targets.contains("scrim"))
        func section(_ file: String, _ heading: String) throws -> String {
            let text = try String(contentsOf: ScrimProcess.repoRoot.appendingPathComponent(file), encoding: .utf8)
            guard let start = text.range(of: "\n## \(heading)\n") else { return "" }
            let rest = text[start.upperBound...]
            return String(rest[..<(rest.range(of: "\n## ")?.lowerBound ?? rest.endIndex)])
        }
        for (file, heading) in [("README.md", "Layout"), ("docs/DESIGN.md", "Modules")] {
            let table = try section(file, heading)
            let missing = targets.filter { !table.contains("`Sources/\($0)`") }
            #expect(missing == [], "\(file) § \(heading) lists no row for \(missing)")
        }
    }
}
