import Testing
@testable import ScrimLua

/// The declarations every Lua-implemented protocol and overridable member list is made from (`ScriptProtocol`).
@Suite struct ScriptProtocolTests {
    @Test func eachDeclarationNamesEachMemberOnce() {
        for declaration in ScriptProtocols.all {
            let names = declaration.members.map(\.name)
            #expect(Set(names).count == names.count, "\(declaration.name): \(names)")
        }
    }

    /// What `scrim.class` checks an override against is what the declaration says, for every class declaring one.
    @Test func theClassesOverridableKindsComeFromTheirDeclarations() {
        let classes: [(LuaClassBase, ScriptProtocol)] = [
            (ControllerBinding.luaClass, ControllerBinding.lifecycleDeclaration),
            (ControllerBinding.dimmingClass, DimmingBinding.protocolDeclaration),
            (PopupBinding.luaClass, PopupBinding.classDeclaration),
        ]
        for (luaClass, declaration) in classes {
            for member in declaration.members {
                #expect(luaClass.overridableKinds[member.name] == member.overrideKind, "\(luaClass.name).\(member.name)")
            }
        }
        #expect(ControllerBinding.dimmingClass.overridableKinds["allowTapDimmingViewToDismiss"] == .flag)
        #expect(ControllerBinding.dimmingClass.overridableKinds["presentationAnimationDuration"] == .seconds)
    }

    /// DimmingTransitioning's closure-style fields are the declaration's members, each checked as its kind says.
    @Test func closureSettersFollowTheDeclaration() throws {
        let runtime = try LuaRuntime()
        try runtime.runString("""
            local t = scrim.DimmingTransitioning()
            t.presentationAnimationDuration = 0.5
            t.allowTapDimmingViewToDismiss = false
            t.dimmingViewTapped = function() end
            assert(not pcall(function() t.executePresentationAnimation = 1 end))
            local ok, message = pcall(function() t.allowTapDimmingViewToDismiss = 3 end)
            assert(message:find("function or boolean expected, got number", 1, true), message)
            ok, message = pcall(function() t.dismissalAnimationDuration = true end)
            assert(message:find("function or number expected, got boolean", 1, true), message)
            """, name: "=closures")
        for member in DimmingBinding.protocolDeclaration.members {
            #expect(DimmingBinding.luaClass.setters[member.name] != nil, "\(member.name)")
        }
    }

    /// `self.super:hook()` of a PopupWindow class reaches each hook's Swift implementation.
    @Test func aPopupHookOverrideReachesTheSwiftImplementation() throws {
        let runtime = try LuaRuntime()
        try runtime.runString("""
            local P = scrim.class("P", scrim.PopupWindow)
            function P:makeContentView() made = self.super:makeContentView(); return made end
            function P:layoutContent() laidOut = true; self.super:layoutContent() end
            local popup = P{ items = { "a" } }
            popup:create()
            scrim.settle()
            assert(tostring(made):find("View", 1, true), tostring(made))
            assert(laidOut and popup.isShowing and popup:cell("a") ~= nil)
            """, name: "=supers")
    }

    @Test func anAnswerOfTheWrongKindNamesTheMember() throws {
        let member = ScriptMember.methodOrValue("toastDuration", .seconds, default: .number(2))
        #expect(try member.answer(nil).description == LuaValue.number(2).description)
        #expect(throws: ScriptError.self) { try member.answer(.string("long")) }
        do {
            _ = try member.answer(.string("long"))
        } catch let error as ScriptError {
            #expect(error.message == "toastDuration must be a number of seconds, got string")
        }
        let truthy = ScriptMember.method("shouldReceive", returns: .truthy, default: .boolean(true))
        #expect(try truthy.answer(.nil).description == "false")
        #expect(try truthy.answer(.integer(0)).description == "true")
        #expect(try truthy.answer(nil).description == "true")
    }
}
