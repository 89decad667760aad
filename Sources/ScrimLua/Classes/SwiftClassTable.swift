import CLua

/// A Swift class as a `scrim.class` base: a Lua table with its methods (what `self.super` reaches), `__new`
/// (`scrim.X{…}`) and `__factory` (an instance for a Lua class), both making the scriptable subclass with a table of
/// its own fields (user value 1, where overrides are looked up first).
public struct SwiftClassTable: Sendable {
    public var luaClass: LuaClassBase
    public var make: @Sendable (LuaCall, _ className: String) throws -> AnyObject
    public var configure: @Sendable (AnyObject, LuaCall, Int32) throws -> Void
    /// The keys `configure` accepts. A Lua class's table argument passes these and the class's members on (the
    /// members it cannot take raise there); other names become the instance's own fields.
    public var optionNames: Set<String>

    public init(luaClass: LuaClassBase, make: @escaping @Sendable (LuaCall, String) throws -> AnyObject,
                configure: @escaping @Sendable (AnyObject, LuaCall, Int32) throws -> Void, optionNames: Set<String>) {
        self.luaClass = luaClass
        self.make = make
        self.configure = configure
        self.optionNames = optionNames
    }

    fileprivate func instantiate(_ call: LuaCall, className: String, options: Int32) throws {
        lua_settop(call.L, options) // what is pushed next goes above the options
        let object = try make(call, className)
        call.state.push(any: object)
        lua_createtable(call.L, 0, 4)
        lua_pushvalue(call.L, -1)
        guard lua_setiuservalue(call.L, -3, 1) != 0 else {
            throw ScriptError("\(luaClass.name) keeps no user values, so Lua cannot subclass it")
        }
        scrim_gcpressure(call.L, LuaState.peerPressureKB) // see pushPeerTable
        try configure(object, call, options)
    }
}

extension LuaRuntime {
    /// Makes `table` the field `name` of this runtime's `scrim` module (a class Lua may make and derive from, as
    /// Scrim's own), and the objects of `type` pushed to Lua as its class. Only this runtime sees it.
    public func register(_ table: SwiftClassTable, as name: String, for type: AnyClass) throws {
        state.register(table.luaClass, for: type)
        try state.keepingTop { _ in
            lua_getglobal(state.L, "scrim")
            if swiftClassMaker == nil { try ScrimModule.installClasses(self) }
            try pushClassTable(table)
            lua_setfield(state.L, -2, name)
        }
    }

    /// Builds the Lua table of `table` (with the table at `base` as its `super`, if any) and leaves it on the stack.
    func pushClassTable(_ table: SwiftClassTable, base: Int32? = nil) throws {
        let L = state.L
        let base = base.map { lua_absindex(L, $0) }
        let name = table.luaClass.name
        LuaFields([("__name", name)]).push(state)
        if let base { lua_pushvalue(L, base); lua_setfield(L, -2, "super") }
        for (member, function) in table.luaClass.flattened().methods {
            state.push(function)
            lua_setfield(L, -2, member)
        }
        // What `self.super` reaches (`LuaClassBase.swiftImplementations`): each method as the class's own, and the
        // values through `__baseValue(instance, member)`.
        let implementations = table.luaClass.inherited { $0.swiftImplementations }
        for (member, implementation) in implementations where implementation.isMethod {
            state.push(HostFunction(member, kind: .method) { call in call.push(try implementation.run(call)) })
            baseImplementations.append(state.ref(at: -1))
            baseImplementationAddresses.insert(lua_topointer(L, -1))
            lua_setfield(L, -2, member)
        }
        // `__new(options)` (`scrim.X{…}`) and `__factory(class, options)` (an instance of a Lua class).
        for (key, options) in [("__new", Int32(1)), ("__factory", 2)] {
            state.push(HostFunction(name) { call in
                var className = name
                if options == 2 {
                    guard call.type(1) == LUA_TTABLE else { throw call.typeError(1, expected: "class") }
                    className = call.state.classNameOfTable(at: 1) ?? name
                }
                try atScript(call, className: className, optionsAt: options) {
                    try table.instantiate(call, className: className, options: options)
                }
                return 2
            })
            lua_setfield(L, -2, key)
        }
        state.push(HostFunction("super") { call in
            guard let implementation = implementations[try call.string(2)], !implementation.isMethod else { return 0 }
            return call.push(try implementation.run(call))
        })
        lua_setfield(L, -2, "__baseValue")
        // What an instance's options may name (the rest become its own fields): the options and every member.
        let members = table.luaClass.flattened()
        let names = table.optionNames.union(members.methods.keys).union(members.getters.keys).union(members.setters.keys)
        LuaFields(names.map { ($0, true) }).push(state)
        lua_setfield(L, -2, "__members")
        // What a Lua class's members are checked against as they are defined (`ClassBodyCheck`).
        LuaFields(table.luaClass.allOverridableNames.map { ($0, true) }).push(state)
        lua_setfield(L, -2, "__overridables")
        // The prelude's swiftClass gives it `new` and the call metamethod.
        guard let swiftClassMaker else { throw ScriptError("the Lua classes are not installed") }
        swiftClassMaker.push(L)
        lua_rotate(L, -2, 1)
        try state.call(nargs: 1, nresults: 1)
    }
}

/// Runs a constructor's work; its errors name the class the script called (`bad argument #1 to 'MyVC' (…)`) at the
/// script's line, not the class prelude's that relays the call.
private func atScript(_ call: LuaCall, className: String, optionsAt options: Int32, _ body: () throws -> Void) throws {
    do {
        try body()
    } catch let error as ArgumentError {
        let index = error.index - options + 1
        throw call.state.errorAtScript("bad argument #\(index) to '\(className)' (\(error.problem))")
    } catch let error as ScriptError {
        throw call.state.errorAtScript(error.message)
    }
}

extension LuaState {
    func classNameOfTable(at index: Int32) -> String? {
        guard lua_type(L, index) == LUA_TTABLE else { return nil }
        defer { lua_settop(L, -2) }
        return lua_rawget(L, { pushString("__name"); return index < 0 ? index - 1 : index }()) == LUA_TSTRING ? string(at: -1) : nil
    }
}
