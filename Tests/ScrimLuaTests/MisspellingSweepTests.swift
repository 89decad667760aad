import CLua
import ScrimCore
import Testing
@testable import ScrimLua

/// Every Lua-facing name misspelt: each module field and each member of every bound class, with two neighbouring
/// letters swapped, must be refused naming the right one — through the real `__index` of the module and of an object
/// of each class a script can construct, and through the hint alone for the rest (so no two members are so alike
/// that a typo of one suggests the other).
@Suite struct MisspellingSweepTests {
    /// `name` with its two middle letters swapped, or nil for a name too short to misspell this way or whose middle
    /// letters are equal.
    static func misspelt(_ name: String) -> String? {
        var letters = Array(name)
        guard letters.count >= 4 else { return nil }
        let middle = letters.count / 2
        guard letters[middle - 1].lowercased() != letters[middle].lowercased() else { return nil }
        letters.swapAt(middle - 1, middle)
        return String(letters)
    }

    static var moduleNames: [String] {
        ScrimModule.functions.map(\.0) + Array(ScrimModule.classNames) + ScrimModule.listedFields + ["window", "version"]
    }

    @Test func everyHintNamesTheMemberThatWasMeant() {
        var wrong: [String] = []
        func check(_ names: [String], _ owner: String) {
            for name in names {
                guard let typo = Self.misspelt(name) else { continue }
                let hint = NearestName.closest(to: typo, among: names)
                if hint != name { wrong.append("\(owner).\(typo) suggests \(hint ?? "nothing"), not \(name)") }
            }
        }
        check(Self.moduleNames, "scrim")
        for luaClass in ScrimModule.classes.map({ $0.1() }) {
            let members = luaClass.flattened()
            check(Array(Set(members.methods.keys).union(members.getters.keys).union(members.setters.keys)), luaClass.name)
        }
        #expect(wrong.isEmpty, "\(wrong.joined(separator: "\n"))")
    }

    @Test func theModuleAndEveryConstructibleObjectRaiseWithTheName() throws {
        let runtime = try LuaRuntime()
        runtime.core.warningSink = { _ in }
        var checked = 0
        var wrong: [String] = []
        let state = runtime.state
        for name in Self.moduleNames {
            guard let typo = Self.misspelt(name) else { continue }
            let result = try state.run("return select(2, pcall(function() return scrim.\(typo) end))")
            let message = result.first.map { "\($0)" } ?? ""
            checked += 1
            if !message.hasSuffix("scrim has no field '\(typo)' — did you mean '\(name)'?") { wrong.append(message) }
        }
        // An object of each class the module constructs with no arguments.
        for luaClass in ScrimModule.classes.map({ $0.1() }) where Self.moduleNames.contains(luaClass.name) {
            let made = try state.run("local ok, object = pcall(scrim.\(luaClass.name)); return ok and object or nil")
            guard case .some(.object) = made.first else { continue }
            let members = luaClass.flattened()
            for name in Set(members.methods.keys).union(members.getters.keys) {
                guard let typo = Self.misspelt(name) else { continue }
                let result = try state.run("""
                    local object = scrim.\(luaClass.name)()
                    return select(2, pcall(function() return object.\(typo) end))
                    """)
                let message = result.first.map { "\($0)" } ?? ""
                checked += 1
                if !message.hasSuffix("has no field '\(typo)' — did you mean '\(name)'?") { wrong.append("\(luaClass.name): \(message)") }
            }
        }
        #expect(checked > 200, "only \(checked) names were checked")
        #expect(wrong.isEmpty, "\(wrong.prefix(40).joined(separator: "\n"))")
    }

    /// Where a script gives each protocol's members (`TYPO` stands for the misspelt name): a class body, a delegate
    /// table, a table a delegate's method returns. A protocol without a place here fails the sweep, so a new one is
    /// swept too.
    static let places: [String: String] = [
        "ViewController": """
            local C = scrim.class("C", scrim.ViewController)
            C.TYPO = function() end
            """,
        "DimmingTransitioning": """
            scrim.DimmingTransitioning({ TYPO = function() end })
            local C = scrim.class("C", scrim.BottomPresentViewController)
            C.TYPO = function() end
            """,
        "PopupWindow": """
            local P = scrim.class("P", scrim.PopupWindow)
            P.TYPO = function() end
            """,
        "GestureRecognizerDelegate": """
            local tap = scrim.TapGestureRecognizer(function() end)
            tap.delegate = { TYPO = function() end }
            """,
        "transitioning delegate": """
            local vc = scrim.ViewController{ modalPresentationStyle = "custom" }
            vc.transitioningDelegate = { TYPO = function() end }
            """,
        "the animator": """
            local vc = scrim.ViewController{ modalPresentationStyle = "custom" }
            local delegate = { animationControllerForPresented = function()
                return { TYPO = function() end } -- a missing animateTransition is reported: the transition completes
            end }
            vc.transitioningDelegate = delegate
            scrim.present(vc); scrim.settle(); vc:dismiss(false); scrim.settle()
            """,
        "presentation controller": """
            local vc = scrim.ViewController{ modalPresentationStyle = "custom" }
            local delegate = { presentationControllerForPresented = function() return { TYPO = function() end } end }
            vc.transitioningDelegate = delegate
            scrim.present(vc); scrim.settle(); vc:dismiss(false); scrim.settle()
            """,
    ]

    @Test func everyProtocolsMembersMisspeltWhereTheyAreGivenAreNamed() throws {
        var checked = 0
        var wrong: [String] = []
        for declaration in ScriptProtocols.all {
            guard let place = Self.places[declaration.name] else {
                wrong.append("no place to give the members of \(declaration.name)")
                continue
            }
            let names = declaration.members.map(\.name)
            for name in names {
                guard let typo = Self.misspelt(name), NearestName.closest(to: typo, among: names) == name else { continue }
                let runtime = try LuaRuntime()
                var warnings: [String] = []
                runtime.core.warningSink = { warnings.append($0) }
                runtime.core.errorSink = { _ in }
                _ = try runtime.state.run(place.replacingOccurrences(of: "TYPO", with: typo))
                checked += 1
                let expected = "has '\(typo)' but no '\(name)'"
                let hits = warnings.filter { $0.contains(expected) && $0.hasSuffix("did you mean '\(name)'?") }
                // Each place of the script's gives one warning, at its line.
                let places = place.components(separatedBy: "TYPO").count - 1
                if hits.count != places || !hits.allSatisfy({ $0.contains(":") }) {
                    wrong.append("\(declaration.name).\(typo): \(warnings)")
                }
            }
        }
        #expect(checked > 30, "only \(checked) members were checked")
        #expect(wrong.isEmpty, "\(wrong.prefix(20).joined(separator: "\n"))")
    }
}
