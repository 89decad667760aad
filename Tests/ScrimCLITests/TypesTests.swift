import ScrimTestSupport
import Foundation
import Testing
@testable import ScrimLua

/// types/scrim.lua (the editors' annotations) and docs/API.md (the contract) list the same API.
@Suite struct TypesTests {
    static func read(_ path: String) throws -> String {
        try String(contentsOf: ScrimProcess.repoRoot.appendingPathComponent(path), encoding: .utf8)
    }

    static func matches(_ pattern: String, in text: String, options: NSRegularExpression.Options = []) -> [[String]] {
        guard let regex = try? NSRegularExpression(pattern: pattern, options: options) else { return [] }
        return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).map { match in
            (0 ..< match.numberOfRanges).map { index in
                Range(match.range(at: index), in: text).map { String(text[$0]) } ?? ""
            }
        }
    }

    /// The code spans of the page's prose (fenced blocks left out: they are examples, run by DocsTests), without the
    /// quoted messages and strings inside them (`plugin 'x': scrim.f is not available`, `"popup.didselect"`).
    static func codeSpans() throws -> [String] {
        let prose = try read("docs/API.md").replacingOccurrences(of: #"(?s)```.*?```"#, with: "", options: .regularExpression)
        return matches("`([^`\n]+)`", in: prose).map { $0[1] }
            .filter { !$0.contains("'") }
            .map { $0.replacingOccurrences(of: #""[^"]*""#, with: "\"\"", options: .regularExpression) }
    }

    static let fileExtensions: Set<String> = ["lua", "png", "md", "json", "jsonl"]

    /// `scrim.…` names the page documents (`scrim.x` is the page's example of a write to the module, not a name).
    static func documentedModuleNames() throws -> Set<String> {
        var names = Set<String>()
        for span in try codeSpans() {
            for match in matches(#"\b(scrim(?:\.[A-Za-z_]\w*)+)(\(?)"#, in: span) {
                let name = match[1]
                // `scrim.json` the file name, not `scrim.json(value)` the function.
                if let last = name.split(separator: ".").last, fileExtensions.contains(String(last)), match[2].isEmpty { continue }
                names.insert(name)
            }
        }
        names.remove("scrim.x")
        return names
    }

    /// `scrim.…` names the annotations declare: `function scrim.a(`, `function scrim.A:m(`, `scrim.a =`, and the
    /// `---@field`s of the `scrim` class.
    static func typedModuleNames() throws -> Set<String> {
        var names = Set<String>()
        var inModuleClass = false
        for line in try read("types/scrim.lua").components(separatedBy: "\n") {
            if let match = matches(#"^function (scrim(?:\.\w+)+)[(:]"#, in: line).first ?? matches(#"^(scrim(?:\.\w+)+)\s*="#, in: line).first {
                names.insert(match[1])
            }
            if line == "---@class scrim" {
                inModuleClass = true
            } else if inModuleClass {
                guard let field = matches(#"^---@field\s+(\w+)"#, in: line).first else {
                    inModuleClass = false
                    continue
                }
                names.insert("scrim." + field[1])
            }
        }
        return names
    }

    @Test func everyModuleNameIsBothDocumentedAndTyped() throws {
        let documented = try Self.documentedModuleNames()
        let typed = try Self.typedModuleNames()
        #expect(documented.count > 30 && typed.count > 30)
        // A field of a value field (`scrim.screen.width`) is typed in that field's type.
        let types = try Self.read("types/scrim.lua")
        let untyped = documented.subtracting(typed).filter { name in
            let parts = name.split(separator: ".")
            guard parts.count == 3, typed.contains("scrim." + parts[1]),
                  let line = types.components(separatedBy: "\n").first(where: { $0.hasPrefix("---@field \(parts[1]) ") })
            else { return true }
            return !line.contains(parts[2] + ":")
        }
        #expect(untyped.sorted() == [], "documented in docs/API.md, missing from types/scrim.lua")
        #expect(typed.subtracting(documented).sorted() == [], "typed in types/scrim.lua, missing from docs/API.md")
    }

    /// Receivers on the page that are not Scrim objects: the standard library's tables, the reader's own tables,
    /// and the example plugins `alpha` and `beta`.
    static let otherReceivers: Set<String> = ["os", "io", "string", "table", "math", "utf8", "coroutine", "debug",
                                              "package", "self", "options", "alpha", "beta"]

    /// Receivers whose members are open-ended (luassert's chains `assert.is_not.equal`, any matcher `match.x`): their
    /// class in the annotations takes any name (`---@field [string] …`).
    static let openReceivers = ["assert": "luassert.Chain", "match": "luassert.match"]

    /// Members the page names (`popup:create(`, `ctx.state`, `popup.didShow`, and the words of its `fields:` and
    /// `read only:` lists) are declared in the annotations: as a field, a method or function, or in an alias (event
    /// names).
    @Test func everyDocumentedMemberIsTyped() throws {
        var members = Set<String>()
        for span in try Self.codeSpans() {
            for match in Self.matches(#"\b([A-Za-z_]\w*):(\w+)\s*\("#, in: span) where Self.openReceivers[match[1]] == nil {
                members.insert(match[2])
            }
            for match in Self.matches(#"\b([a-z]\w*)\.([A-Za-z_]\w*)"#, in: span)
            where match[1] != "scrim" && !Self.otherReceivers.contains(match[1]) && Self.openReceivers[match[1]] == nil
                && !Self.fileExtensions.contains(match[2]) {
                members.insert(match[2])
            }
        }
        for line in try Self.read("docs/API.md").components(separatedBy: "\n")
        where line.range(of: #"fields?:|read/write:|read only:"#, options: .regularExpression) != nil {
            for match in Self.matches(#"`([A-Za-z_]\w*)`"#, in: line) { members.insert(match[1]) }
        }
        let types = try Self.read("types/scrim.lua")
        var declared = Set(Self.matches(#"---@field\s+(\w+)"#, in: types).map { $0[1] })
        declared.formUnion(Self.matches(#"function\s+[\w.]+[.:](\w+)\s*\("#, in: types).map { $0[1] })
        declared.formUnion(Self.matches(#"(?m)^function\s+(\w+)\s*\("#, in: types).map { $0[1] })
        declared.formUnion(Self.matches(#""(?:[\w]+\.)?(\w+)""#, in: types).map { $0[1] })
        #expect(members.count > 80)
        #expect(members.subtracting(declared).sorted() == [], "named in docs/API.md, missing from types/scrim.lua")
        for (receiver, typeName) in Self.openReceivers {
            let declaration = try #require(types.range(of: "---@class \(typeName)\n"), "no class \(typeName) for \(receiver)")
            let body = types[declaration.upperBound...].components(separatedBy: "\n\n")[0]
            #expect(body.contains("---@field [string]"), "\(typeName) (\(receiver)) does not take any member")
        }
    }

    /// The spec globals are typed: what `scrim test` defines is what an editor knows.
    @Test func testGlobalsAreTyped() throws {
        let types = try Self.read("types/scrim.lua")
        for name in ["describe", "context", "insulate", "expose", "it", "pending", "before_each", "after_each", "setup",
                     "teardown", "lazy_setup", "strict_setup", "lazy_teardown", "strict_teardown", "finally",
                     "assert", "spy", "stub", "mock", "match"] {
            #expect(types.contains("\nfunction \(name)(") || types.contains("\n\(name) = {}"), "types/scrim.lua has no global \(name)")
        }
        // As a function, or as a field of the global's class (`assert.snapshot` is a field: `assert:snapshot()` is
        // luassert's own function).
        for (global, member) in [("assert", "rect_near"), ("assert", "snapshot"), ("assert", "register"), ("spy", "new"),
                                 ("spy", "on")] {
            let typed = types.contains("function \(global).\(member)(") || types.contains("function \(global):\(member)(")
                || types.contains("---@field \(member) ")
            #expect(typed, "\(global).\(member) is not typed")
        }
    }

    /// The class entries are what the generator makes of the class table (`make types` rewrites them; set
    /// SCRIM_WRITE_TYPES=1 to have this test do it).
    @Test func classEntriesAreGeneratedFromTheClassTable() throws {
        let text = try Self.read("types/scrim.lua")
        let generated = try TypesFile.regenerate(text)
        if ProcessInfo.processInfo.environment["SCRIM_WRITE_TYPES"] == "1", generated != text {
            try generated.write(to: ScrimProcess.repoRoot.appendingPathComponent("types/scrim.lua"), atomically: true, encoding: .utf8)
            return
        }
        #expect(generated == text, "types/scrim.lua is not what `make types` makes of the class declarations; run make types")
    }

    /// What the generator takes from the declarations, not from the file: a member the file lacks comes back, one
    /// Swift does not declare goes, a wrong read-only or overridable mark is put right, the base and the constructor
    /// options are the declared ones; the hand-written types, notes and method annotations stay.
    @Test func theGeneratorFollowsTheDeclarationsAndKeepsWhatIsHandWritten() throws {
        let text = try Self.read("types/scrim.lua")
        var edited = text
        for (from, to) in [
            ("---@field alpha number\n", ""),                                          // View.alpha dropped
            ("---@field superview scrim.View? # read only\n", "---@field superview scrim.View?\n"),
            ("---@field cornerRadius number\n", "---@field cornerRadius number # read only\n---@field bogus number\n"),
            ("---@class scrim.ConfirmDialog: scrim.PopupWindow", "---@class scrim.ConfirmDialog"),
            ("---@field viewDidLoad fun(self)? # overridable\n", "---@field viewDidLoad fun(self)?\n"),
            ("function View:removeAllAnimations() end\n", "function View:removeAllAnimations() end\nfunction View:fly() end\n"),
        ] {
            #expect(edited.contains(from), "the fixture text is gone from types/scrim.lua: \(from)")
            edited = edited.replacingOccurrences(of: from, with: to)
        }
        let generated = try TypesFile.regenerate(edited)
        let view = try #require(generated.components(separatedBy: "---@class scrim.View\n").dropFirst().first?
            .components(separatedBy: "\n\n").first)
        #expect(view.contains("---@field alpha any\n"), "a declared member comes back, typed any until someone types it")
        #expect(view.contains("---@field superview scrim.View? # read only\n"))
        #expect(view.contains("---@field cornerRadius number\n") && !view.contains("bogus"))
        #expect(!view.contains("fly"))
        #expect(view.contains("---@param x number|scrim.Point\n---@param y? number\n---@return scrim.View?\nfunction View:hitTest(x, y) end"))
        #expect(generated.contains("---@class scrim.ConfirmDialog: scrim.PopupWindow\n"))
        #expect(generated.contains("---@field viewDidLoad fun(self)? # overridable\n"))
        #expect(generated.contains("scrim.BottomPresentViewController\n") && generated.contains("---@overload fun(options?: {"))
        #expect(throws: (any Error).self) { try TypesFile.regenerate(text.replacingOccurrences(of: "---@class scrim.Hook\n", with: "")) }
    }
}
