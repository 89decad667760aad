@testable import ScrimLua

/// The class entries of types/scrim.lua (the LuaLS annotations editors read), derived from the class table: every
/// class Lua sees (`ScrimModule.classes`, the scriptable ones from `ScriptableClasses`), with its base, its fields
/// (read-only or not, overridable or not), its methods and, for a class Lua may derive from, its constructor options.
///
/// Each `---@class scrim.Name` block of a declared class is rewritten in place: the field, overload and method lines
/// are what the declarations say. What the Swift declarations cannot say stays hand-written and is kept: the prose
/// before a block, each field's Lua type and note, each method's `---@param`/`---@return` lines, and every block of a
/// protocol or value that is not a Swift class. A member new in Swift gets the type `any` (or its override kind's),
/// to be refined by hand; a member gone from Swift leaves the file. `make types` writes the result; a test fails
/// when the file is not what this makes of it. A tool of the repository, not of `scrim`: it lives with that test.
enum TypesFile {
    /// What the declarations say about one class.
    struct DeclaredClass {
        var name: String
        var base: String?
        var fields: Set<String>
        var readOnly: Set<String>
        var overridable: [String: OverrideKind]
        var methods: Set<String>
        /// The constructor's options (a class Lua may derive from), nil for a class without a constructor table.
        var options: Set<String>?
        /// A root Lua may derive from: its instances get `super` from class.lua.
        var isScriptableRoot: Bool
    }

    /// Classes registered for the bridge that Lua sees as the script's own table: the annotations describe the
    /// protocol that table implements (a hand-written block of the same name), not the adapter.
    static let adapters: Set<String> = ["TransitioningDelegate", "DimmingTransitioningDelegate"]

    /// Every class Lua sees, each once, bases before subclasses.
    static func declaredClasses() -> [DeclaredClass] {
        var result: [DeclaredClass] = []
        var seen = Set<ObjectIdentifier>()
        var tables: [ObjectIdentifier: (table: SwiftClassTable, base: String?)] = [:]
        for declared in ScriptableClasses.all {
            let table = declared.table()
            tables[ObjectIdentifier(table.luaClass)] = (table, declared.base)
        }
        for (_, make) in ScrimModule.classes {
            let luaClass = make()
            guard seen.insert(ObjectIdentifier(luaClass)).inserted, !adapters.contains(luaClass.name) else { continue }
            let scriptable = tables[ObjectIdentifier(luaClass)]
            let fields = Set(luaClass.getters.keys).union(luaClass.setters.keys)
            result.append(DeclaredClass(
                name: luaClass.name, base: luaClass.base?.name ?? scriptable?.base, fields: fields,
                readOnly: fields.filter { luaClass.setters[$0] == nil }, overridable: luaClass.overridableKinds,
                methods: Set(luaClass.methods.keys), options: scriptable?.table.optionNames,
                isScriptableRoot: scriptable != nil && scriptable?.base == nil))
        }
        return result
    }

    /// A `---@field` line: name (`name?` when the field may be absent), Lua type, note (after ` # `).
    struct Field {
        var name: String
        var mayBeAbsent = false
        var type: String
        var note: String

        init(name: String, type: String, note: String) {
            self.name = name
            self.type = type
            self.note = note
        }

        init?(line: String) {
            guard line.hasPrefix("---@field ") else { return nil }
            let body = line.dropFirst("---@field ".count)
            guard let space = body.firstIndex(of: " ") else { return nil }
            name = String(body[..<space])
            guard name.first.map({ $0.isLetter || $0 == "_" }) == true else { return nil }
            if name.hasSuffix("?") {
                name.removeLast()
                mayBeAbsent = true
            }
            let rest = String(body[body.index(after: space)...])
            if let hash = rest.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first,
               hash.count < rest.count {
                type = hash.trimmingSpaces
                note = rest.dropFirst(hash.count + 1).trimmingSpaces
            } else {
                type = String(rest).trimmingSpaces
                note = ""
            }
        }

        var line: String { "---@field \(name)\(mayBeAbsent ? "?" : "") \(type)" + (note.isEmpty ? "" : " # \(note)") }
    }

    /// One class block of the file, taken apart.
    struct Block {
        var prose: [String] = []
        var fields: [Field] = []
        var kept: [String] = []
        var options: [(name: String, type: String)] = []
        var tableLine: String?
        /// Each method's annotation lines and its `function` line, by name, in file order.
        var methods: [(name: String, lines: [String])] = []
    }

    /// The file with every declared class's block rewritten from the declarations. Throws when a declared class has
    /// no block to rewrite (add its `---@class scrim.Name` line by hand, then run `make types`).
    static func regenerate(_ text: String) throws -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let declared = declaredClasses()
        var fieldTypes: [String: [String: String]] = [:]
        var blocks: [String: (range: Range<Int>, block: Block)] = [:]
        for declaredClass in declared {
            guard let range = blockRange(of: declaredClass.name, in: lines) else {
                throw TypesFileError("types/scrim.lua has no `---@class scrim.\(declaredClass.name)` block for the declared class \(declaredClass.name)")
            }
            let block = parse(lines[range])
            blocks[declaredClass.name] = (range, block)
            fieldTypes[declaredClass.name] = Dictionary(block.fields.map { ($0.name, $0.type) }, uniquingKeysWith: { a, _ in a })
        }
        let bases = Dictionary(declared.map { ($0.name, $0.base) }, uniquingKeysWith: { a, _ in a })
        func inheritedType(_ member: String, of name: String?) -> String? {
            var current = name
            while let className = current {
                if let type = fieldTypes[className]?[member] { return type }
                current = bases[className] ?? nil
            }
            return nil
        }
        // Rewritten from the last block up, so that the ranges of the others stay valid.
        for declaredClass in declared.sorted(by: { (blocks[$0.name]?.range.lowerBound ?? 0) > (blocks[$1.name]?.range.lowerBound ?? 0) }) {
            guard let (range, block) = blocks[declaredClass.name] else { continue }
            let rewritten = render(declaredClass, block) { inheritedType($0, of: declaredClass.name) }
            lines.replaceSubrange(range, with: rewritten)
        }
        for (name, declaration) in protocols {
            guard let range = blockRange(of: name, in: lines) else {
                throw TypesFileError("types/scrim.lua has no `---@class scrim.\(name)` block for the protocol \(declaration.name)")
            }
            lines.replaceSubrange(range, with: render(declaration, as: name, parse(lines[range])))
        }
        return lines.joined(separator: "\n")
    }

    /// The protocols Lua implements as tables, by their block's name: each block's fields are the declaration's
    /// members, `name?` unless required; a member's Lua type is kept from the file (its arguments are written by hand).
    static let protocols: [(String, ScriptProtocol)] = [
        ("GestureDelegate", LuaGestureDelegate.declaration),
        ("Animator", LuaAnimator.declaration),
        ("DimmingTransitioningDelegate", DimmingBinding.protocolDeclaration),
    ]

    static func render(_ declaration: ScriptProtocol, as name: String, _ block: Block) -> [String] {
        var lines = block.prose
        lines.append("---@class scrim.\(name)")
        for member in declaration.members {
            var field = block.fields.first { $0.name == member.name } ?? Field(name: member.name, type: defaultType(member), note: "")
            field.mayBeAbsent = !member.isRequired
            lines.append(field.line)
        }
        return lines + block.kept
    }

    /// The type of a protocol member new in Swift, until someone writes its arguments.
    static func defaultType(_ member: ScriptMember) -> String {
        let result: String
        switch member.result {
        case .none: result = ""
        case .seconds, .number: result = "number"
        case .flag, .truthy: result = "boolean"
        case .string: result = "string"
        }
        let function = "fun(self)" + (result.isEmpty ? "" : ": " + result)
        return member.kind == .method || result.isEmpty ? function : result + "|" + function
    }

    /// The lines of the block of class `name`: its prose above, the `---@class` line and what follows up to a blank line.
    static func blockRange(of name: String, in lines: [String]) -> Range<Int>? {
        let header = "---@class scrim.\(name)"
        guard let start = lines.firstIndex(where: { $0 == header || $0.hasPrefix(header + ":") }) else { return nil }
        var first = start
        while first > 0, lines[first - 1].hasPrefix("---"), !lines[first - 1].hasPrefix("---@") { first -= 1 }
        var end = start + 1
        while end < lines.count, !lines[end].trimmingSpaces.isEmpty { end += 1 }
        return first ..< end
    }

    static func parse(_ lines: ArraySlice<String>) -> Block {
        var block = Block()
        var pending: [String] = []
        var seenHeader = false
        for line in lines {
            if !seenHeader {
                if line.hasPrefix("---@class ") { seenHeader = true } else { block.prose.append(line) }
                continue
            }
            if block.tableLine == nil, pending.isEmpty, let field = Field(line: line) {
                block.fields.append(field)
            } else if line.hasPrefix("---@overload fun(options?: {") {
                block.options = optionList(line)
            } else if line.hasPrefix("---@overload fun(options?: ") {
                continue
            } else if block.tableLine == nil, line.hasSuffix(" = {}"), !line.hasPrefix("---") {
                block.tableLine = line
            } else if line.hasPrefix("function "), let name = methodName(line) {
                block.methods.append((name, pending + [line]))
                pending = []
            } else if block.tableLine == nil, !line.hasPrefix("---@param"), !line.hasPrefix("---@return") {
                block.kept.append(line)
            } else {
                pending.append(line)
            }
        }
        return block
    }

    /// `name` of `function Recv:name(…) end`.
    static func methodName(_ line: String) -> String? {
        guard let colon = line.firstIndex(of: ":"), let paren = line.firstIndex(of: "("), colon < paren else { return nil }
        return String(line[line.index(after: colon) ..< paren])
    }

    /// The options of `---@overload fun(options?: {a?: T, b?: U}): …`, in order.
    static func optionList(_ line: String) -> [(name: String, type: String)] {
        guard let open = line.firstIndex(of: "{") else { return [] }
        var depth = 0
        var items: [String] = []
        var current = ""
        for character in line[line.index(after: open)...] {
            switch character {
            case "(", "{", "[", "<": depth += 1
            case ")", "]", ">": depth -= 1
            case "}" where depth == 0:
                items.append(current)
                return items.compactMap(option)
            case "}": depth -= 1
            case "," where depth == 0:
                items.append(current)
                current = ""
                continue
            default: break
            }
            current.append(character)
        }
        return items.compactMap(option)
    }

    private static func option(_ item: String) -> (name: String, type: String)? {
        guard let colon = item.firstIndex(of: ":") else { return nil }
        let name = item[..<colon].trimmingSpaces.filter { $0 != "?" }
        return (name, String(item[item.index(after: colon)...]).trimmingSpaces)
    }

    /// The type a member new in Swift gets until someone writes its Lua type.
    static func defaultType(_ kind: OverrideKind?) -> String {
        switch kind {
        case .method?: return "fun(self)?"
        case .seconds?, .length?: return "number|fun(self): number"
        case .flag?: return "boolean|fun(self): boolean"
        case .constraint?: return "scrim.Constraint|fun(self): scrim.Constraint"
        case .view?: return "scrim.View|fun(self): scrim.View"
        case nil: return "any"
        }
    }

    static let readOnlyMark = "read only"
    static let overridableMark = "overridable"

    /// A field's note with the marks the declarations call for in front, and the hand-written rest after them.
    static func note(_ note: String, readOnly: Bool, overridable: Bool) -> String {
        var rest = Substring(note)
        for mark in [readOnlyMark, overridableMark] where rest.hasPrefix(mark) {
            rest = rest.dropFirst(mark.count)
            while let first = rest.first, ";,: ".contains(first) { rest = rest.dropFirst() }
        }
        let marks = (readOnly ? [readOnlyMark] : []) + (overridable ? [overridableMark] : [])
        return (marks + (rest.isEmpty ? [] : [String(rest)])).joined(separator: "; ")
    }

    static func render(_ declared: DeclaredClass, _ block: Block, typeOf: (String) -> String?) -> [String] {
        var lines = block.prose
        lines.append("---@class scrim.\(declared.name)" + (declared.base.map { ": scrim.\($0)" } ?? ""))
        var fieldNames = declared.fields
        if declared.isScriptableRoot { fieldNames.insert("super") }
        let known = block.fields.map(\.name).filter(fieldNames.contains)
        let added = fieldNames.subtracting(known).sorted()
        for name in known + added {
            let existing = block.fields.first { $0.name == name }
            let kind = declared.overridable[name]
            var field = existing ?? Field(name: name, type: defaultType(kind), note: "")
            if name != "super" || declared.fields.contains(name) {
                field.note = note(field.note, readOnly: declared.readOnly.contains(name), overridable: kind != nil)
            }
            lines.append(field.line)
        }
        lines += block.kept
        if let options = declared.options {
            let known = block.options.filter { options.contains($0.name) }
            let added = options.subtracting(known.map(\.name)).sorted().map { name -> (name: String, type: String) in
                var type = typeOf(name) ?? "any"
                if type.hasSuffix("?") { type.removeLast() }
                return (name, type)
            }
            let list = (known + added).map { "\($0.name)?: \($0.type)" }.joined(separator: ", ")
            lines.append("---@overload fun(options?: {\(list)}): scrim.\(declared.name)")
        }
        let methods = block.methods.filter { declared.methods.contains($0.name) }
        let newMethods = declared.methods.subtracting(methods.map(\.name)).sorted()
        let tableLine = block.tableLine ?? (declared.methods.isEmpty ? nil : "local \(declared.name) = {}")
        if let tableLine { lines.append(tableLine) }
        for method in methods { lines += method.lines }
        if let tableLine {
            let receiver = String(tableLine.dropFirst(tableLine.hasPrefix("local ") ? 6 : 0).dropLast(5))
            for name in newMethods { lines.append("function \(receiver):\(name)(...) end") }
        }
        return lines
    }
}

struct TypesFileError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

extension StringProtocol {
    fileprivate var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
