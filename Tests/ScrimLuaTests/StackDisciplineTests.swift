import CLua
import Testing
@testable import ScrimLua

final class Gadget {
    var size = 2.0
}

/// The stack is where it was after every call from Swift, whatever happened in it; class metatables never point at
/// freed accessors.
@Suite struct StackDisciplineTests {
    @Test func keepingTopRestoresOnReturnAndThrow() throws {
        let state = makeState()
        let top = lua_gettop(state.L)
        let value = state.keepingTop { _ in
            lua_pushinteger(state.L, 1)
            lua_pushinteger(state.L, 2)
            return 3
        }
        #expect(value == 3 && lua_gettop(state.L) == top)
        #expect(throws: ScriptError.self) {
            try state.keepingTop { _ in
                lua_pushinteger(state.L, 1)
                throw ScriptError("stop")
            }
        }
        #expect(lua_gettop(state.L) == top)
    }

    @Test func failingCallsLeaveTheStackAsItWas() throws {
        let state = makeState()
        try state.run("target = { fail = function() error('no') end, ok = function(self, x) return x end } function boom() error('boom') end")
        lua_getglobal(state.L, "target")
        let target = state.popRef()
        lua_getglobal(state.L, "boom")
        let boom = state.popRef()
        let top = lua_gettop(state.L)
        for _ in 0..<100 {
            #expect(throws: LuaError.self) { try state.callMethod(target, "fail", [1]) }
            #expect(throws: LuaError.self) { try state.callMethod(target, "missing", []) }
            #expect(throws: LuaError.self) { try state.call(boom, ["x"]) }
            #expect(try state.callMethod(target, "ok", [5]).description == "5")
        }
        #expect(lua_gettop(state.L) == top)
    }

    @Test func aClassRegisteredAgainKeepsOldObjectsWorking() throws {
        let state = makeState()
        func register(_ factor: Double) {
            let gadgetClass = LuaClass<Gadget>("Gadget")
                .property("size", get: { $0.size * factor }, set: { $0.size = $1 })
            state.register(gadgetClass, for: Gadget.self)
        }
        register(1)
        let old = Gadget()
        setGlobal(state, "old", old)
        register(10) // the first class is no longer referenced by anything but the state
        let new = Gadget()
        setGlobal(state, "new", new)
        state.collectGarbage()
        #expect(try eval(state, "old.size = 3 return old.size, new.size") == "3.0,20.0")
    }
}

/// A script can raise any text: one that looks like a place with a line number too long for an Int is not a place.
@Suite struct ErrorLocationTests {
    @Test func aHugeLineNumberIsNoLocation() throws {
        #expect(LuaError(message: "a.lua:99999999999999999999999: boom").location == nil)
        #expect(LuaError(message: "a.lua:12: boom").location?.line == 12)
        let state = makeState()
        let error = #expect(throws: LuaError.self) { try state.run("error('x.lua:99999999999999999999999: y', 0)") }
        #expect(error?.location == nil)
    }
}
