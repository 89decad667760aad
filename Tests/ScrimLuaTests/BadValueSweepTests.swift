import CLua
import Foundation
import Testing
@testable import ScrimLua
import ScrimCore

/// The generated bad-value sweep (Tests/fixtures/sweep/bad_values.lua): what it sweeps comes from the binding tables —
/// the module's functions, the constructors' options, every bound class's methods and properties — so a binding added
/// later is swept without touching this file.
@Suite struct BadValueSweepTests {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../fixtures/sweep/bad_values.lua").standardized.path

    /// The plan handed to the Lua side: `functions`, `constructors` ({name, options}), `classes` ({name, methods,
    /// setters, readonly}).
    static func pushPlan(_ state: LuaState) {
        let L = state.L
        func pushStrings(_ strings: [String]) {
            lua_createtable(L, Int32(strings.count), 0)
            for (offset, string) in strings.sorted().enumerated() {
                state.pushString(string)
                lua_rawseti(L, -2, lua_Integer(offset + 1))
            }
        }
        lua_createtable(L, 0, 3)
        pushStrings(ScrimModule.functions.map(\.0) + ScrimModule.classNames)
        lua_setfield(L, -2, "functions")

        let controllerTables: [(String, SwiftClassTable)] = [
            ("PopupWindow", ScriptPopupWindow.classTable), ("ViewController", ControllerBinding.viewControllerTable),
        ] + PresentEdge.all.map { ($0.className, ControllerBinding.dimmingTable($0)) }
        var constructors: [(String, [String])] = controllerTables.map { ($0.0, Array($0.1.optionNames)) }
        constructors.append(("View", Array(ViewBinding.luaClass.allFieldSetters().keys)))
        constructors.append(("ConfirmDialog", Array(PopupBinding.confirmOptionNames) + PopupBinding.optionNames))
        constructors.append(("animate", AnimationBinding.optionNames))
        constructors.append(("constrain", LayoutBinding.optionNames))
        lua_createtable(L, Int32(constructors.count), 0)
        for (offset, (name, options)) in constructors.enumerated() {
            lua_createtable(L, 0, 2)
            state.pushString(name)
            lua_setfield(L, -2, "name")
            pushStrings(options)
            lua_setfield(L, -2, "options")
            lua_rawseti(L, -2, lua_Integer(offset + 1))
        }
        lua_setfield(L, -2, "constructors")

        let classes = ScrimModule.classes.map { $0.1() }
        lua_createtable(L, Int32(classes.count), 0)
        for (offset, luaClass) in classes.enumerated() {
            let members = luaClass.flattened()
            lua_createtable(L, 0, 4)
            state.pushString(luaClass.name)
            lua_setfield(L, -2, "name")
            pushStrings(Array(members.methods.keys))
            lua_setfield(L, -2, "methods")
            pushStrings(Array(members.setters.keys))
            lua_setfield(L, -2, "setters")
            pushStrings(members.getters.keys.filter { members.setters[$0] == nil })
            lua_setfield(L, -2, "readonly")
            lua_rawseti(L, -2, lua_Integer(offset + 1))
        }
        lua_setfield(L, -2, "classes")
    }

    @Test func everyBindingEitherWorksOrRaisesAtTheCallersLine() throws {
        let runtime = try LuaRuntime()
        var reported: [String] = []
        runtime.errorOutput = { reported.append($0) }
        runtime.core.warningSink = { _ in }
        runtime.materializeModule()
        let state = runtime.state
        let L = state.L
        try state.loadFile(Self.fixture)
        Self.pushPlan(state)
        try state.call(nargs: 1, nresults: 2)
        let cases = Int(lua_tointegerx(L, -2, nil))
        var failures: [String] = []
        let count = lua_rawlen(L, -1)
        if count > 0 {
            for position in 1...count {
                lua_rawgeti(L, -1, lua_Integer(position))
                failures.append(state.string(at: -1))
                lua_settop(L, -2)
            }
        }
        lua_settop(L, -3)
        #expect(cases > 5_000, "only \(cases) cases were swept")
        let shown = failures.prefix(60).joined(separator: "\n")
        let allPassed = failures.isEmpty
        #expect(allPassed, "\(failures.count) of \(cases) cases failed:\n\(shown)")
    }
}
