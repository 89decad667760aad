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

    /// Where a script gives a protocol's members as a table (`TYPO` stands for the misspelt name): a delegate table,
    /// a table a delegate's method returns (warned at the method's line, marked `warned here`). The places a class body gives them are not listed: they are made from the
    /// class table (`classPlaces`), for every class that overrides the protocol's members.
    static let tablePlaces: [String: [String]] = [
        "DimmingTransitioning": ["""
            scrim.DimmingTransitioning({ TYPO = function() end })
            """, """
            local sheet = scrim.BottomPresentViewController()
            sheet.dimmingTransitioning.delegate = { TYPO = function() end }
            """],
        "PopupWindowDelegate": ["""
            local popup = scrim.PopupWindow{ items = { "a" } }
            popup.delegate = { TYPO = function() end }
            """, """
            local P = scrim.class("P", scrim.PopupWindow)
            P{ name = "menu", -- warned here: the line of the call
               delegate = { TYPO = function() end } }
            """],
        "GestureRecognizerDelegate": ["""
            local tap = scrim.TapGestureRecognizer(function() end)
            tap.delegate = { TYPO = function() end }
            """],
        "transitioning delegate": ["""
            local vc = scrim.ViewController{ modalPresentationStyle = "custom" }
            vc.transitioningDelegate = { TYPO = function() end }
            """],
        "the animator": ["""
            local vc = scrim.ViewController{ modalPresentationStyle = "custom" }
            local delegate = { animationControllerForPresented = function() -- warned here
                return { TYPO = function() end } -- a missing animateTransition is reported: the transition completes
            end }
            vc.transitioningDelegate = delegate
            scrim.present(vc); scrim.settle(); vc:dismiss(false); scrim.settle()
            """],
        "presentation controller": ["""
            local vc = scrim.ViewController{ modalPresentationStyle = "custom" }
            local delegate = { presentationControllerForPresented = function() return { TYPO = function() end } end } -- warned here
            vc.transitioningDelegate = delegate
            scrim.present(vc); scrim.settle(); vc:dismiss(false); scrim.settle()
            """],
    ]

    /// The places a `scrim.class` gives `declaration`'s members, made from the scriptable classes: for each class
    /// that overrides all of them, a member defined in the class's body and one set on an instance of it.
    static func classPlaces(_ declaration: ScriptProtocol) -> [String] {
        ScriptableClasses.all.filter { declared in
            let overridable = declared.table().luaClass.allOverridableNames
            return declaration.members.allSatisfy { overridable.contains($0.name) }
        }.flatMap { declared in [
            "local C = scrim.class(\"C\", scrim.\(declared.name))\nfunction C:TYPO() end",
            "local C = scrim.class(\"C\", scrim.\(declared.name))\nlocal c = C()\nc.TYPO = function() end",
        ] }
    }

    /// Every member of every declaration (`ScriptProtocols.all`) misspelt in every place a script gives it — each
    /// table place and each class place — warns at the line that gave it, naming the member meant. A declaration
    /// with no place fails the sweep, so a new one is swept too.
    @Test func everyProtocolsMembersMisspeltWhereTheyAreGivenAreNamed() throws {
        var checked = 0
        var wrong: [String] = []
        for declaration in ScriptProtocols.all {
            let places = (Self.tablePlaces[declaration.name] ?? []) + Self.classPlaces(declaration)
            if places.isEmpty { wrong.append("no place to give the members of \(declaration.name)") }
            let names = declaration.members.map(\.name)
            for name in names {
                guard let typo = Self.misspelt(name), NearestName.closest(to: typo, among: names) == name else { continue }
                for place in places {
                    let runtime = try LuaRuntime()
                    var warnings: [String] = []
                    runtime.core.warningSink = { warnings.append($0) }
                    runtime.core.errorSink = { _ in }
                    _ = try runtime.state.run(place.replacingOccurrences(of: "TYPO", with: typo))
                    checked += 1
                    let hits = warnings.filter {
                        $0.contains("has '\(typo)' but no '\(name)'") && $0.hasSuffix("did you mean '\(name)'?")
                    }
                    // One warning, at the line of the place's that gave the member.
                    let lines = place.components(separatedBy: "\n")
                    let line = (lines.firstIndex { $0.contains("warned here") } ?? lines.firstIndex { $0.contains("TYPO") })
                        .map { $0 + 1 }
                    if hits.count != 1 || !hits.allSatisfy({ $0.contains(":\(line ?? 0): ") }) {
                        wrong.append("\(declaration.name).\(typo) in:\n\(place)\n→ \(warnings)")
                    }
                }
            }
        }
        #expect(checked > 150, "only \(checked) places were checked")
        #expect(wrong.isEmpty, "\(wrong.prefix(20).joined(separator: "\n"))")
    }
}
