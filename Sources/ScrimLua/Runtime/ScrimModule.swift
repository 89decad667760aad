import CLua
import ScrimCore

/// The `scrim` module: the global `scrim`, also what `require("scrim")` returns.
enum ScrimModule {
    static let version = "0.1.0"

    /// Module functions, declared once: name → function.
    static let functions: [(String, HostFunction)] = [
        ("View", ViewBinding.constructor),
        ("TapGestureRecognizer", GestureBinding.constructor),
        ("animate", AnimationBinding.animate),
        ("now", ClockBinding.now),
        ("advance", ClockBinding.advance),
        ("settle", ClockBinding.settle),
        ("after", ClockBinding.after),
        ("on", HookBinding.on),
        ("off", HookBinding.off),
        ("emit", HookBinding.emit),
        ("ConfirmDialog", PopupBinding.confirmConstructor),
        ("constrain", LayoutBinding.constrain),
        ("DimmingTransitioning", DimmingBinding.constructor),
        ("present", ControllerBinding.presentFromTop),
        ("tap", tap),
        ("find", find),
        ("tree", tree),
        ("snapshot", snapshot),
        ("json", JSONFunction.function),
    ]

    /// Module fields computed on each read (and, for some, settable).
    static let moduleIndex = HostFunction("scrim") { call in
        guard call.type(2) == LUA_TSTRING else { return call.push(nil) }
        let key = call.state.string(at: 2)
        if pushStaticField(key, call.runtime) {
            // Made on first use and kept in the module from then on (start-up stays short).
            lua_pushvalue(call.L, -1)
            lua_setfield(call.L, 1, key)
            return 1
        }
        if classNames.contains(key) {
            // Built on first use: most scripts never derive a class, and start-up stays short.
            lua_pushvalue(call.L, 1)
            do {
                try installClasses(call.runtime)
            } catch let error as LuaError {
                // Raised inside class.lua while it was set up (memory spent): the script's error, at its line.
                throw ScriptError(ClassPrelude.chunk.unplaced(error.message))
            }
            scrim_rawgetfield(call.L, -1, key)
            return 1
        }
        switch key { // the names of `computedFields`
        case "frameRate": return call.push(call.runtime.core.frameRate)
        case "screen": return pushScreen(call.runtime)
        case "isLive": return call.push(call.runtime.core.isLive)
        default: throw ScriptError("scrim has no field '\(key)'" + (nearestField(to: key, call).map { " — did you mean '\($0)'?" } ?? ""))
        }
    }

    /// The module field a misspelt `key` most likely meant: Scrim's own, made or not yet, and those the module
    /// table holds (a plugin's `scrim.plugins`, a field a script set).
    static func nearestField(to key: String, _ call: LuaCall) -> String? {
        let names = functions.map(\.0) + classNames + listedFields + ["window", "version"]
        return NearestName.closest(to: key, among: names + (call.state.table(at: 1).map { Array($0.fields.keys) } ?? []))
    }

    /// `scrim.screen`: a copy of the runtime's screen made at each read, as `view.frame` is, so that writing to a copy
    /// (`scrim.screen.width = 0/0`) changes nothing another reader (a plugin laying out a sheet) sees.
    static func pushScreen(_ runtime: LuaRuntime) -> Int32 {
        let screen = runtime.core.screen
        runtime.state.pushNumbers(["width": screen.width, "height": screen.height, "scale": screen.scale])
        return 1
    }

    static let moduleNewIndex = HostFunction("scrim") { call in
        if call.type(2) == LUA_TSTRING, call.state.string(at: 2) == "frameRate" {
            // Worded as a field's bad value (the module's __newindex is not a function the script called).
            let rate: Double
            do { rate = try call.number(3) } catch let error as ArgumentError {
                throw ScriptError("bad value for field 'frameRate' (\(error.problem))")
            }
            guard rate > 0, rate <= 1000 else {
                throw ScriptError("bad value for field 'frameRate' (frames a second within (0, 1000] expected, got \(LuaValue.format(rate)))")
            }
            call.runtime.core.frameRate = rate
            return 0
        }
        if call.type(2) == LUA_TSTRING, call.state.string(at: 2) == "screen" {
            // The screen is the runtime's for its whole life (its window is made to its size).
            throw ScriptError("scrim.screen is read-only (the screen is chosen with --screen WxH[@S])")
        }
        lua_settop(call.L, 3)
        lua_rawset(call.L, 1)
        return 0
    }

    /// Every Swift class Lua sees, with its Lua class (built on first use; the scriptable ones from their table). The
    /// state's registry is made from this list, and the bad-value sweep in the tests enumerates it, so a class added here is swept too.
    static let classes: [(AnyClass, @Sendable () -> LuaClassBase)] = [
        (View.self, { @Sendable in ViewBinding.luaClass }),
        (TapGestureRecognizer.self, { @Sendable in GestureBinding.luaClass }),
        (Animation.self, { @Sendable in AnimationBinding.luaClass }),
        (ScheduledTask.self, { @Sendable in ClockBinding.timerClass }),
        (Hook.self, { @Sendable in HookBinding.hookClass }),
        (LayoutConstraint.self, { @Sendable in LayoutBinding.luaClass }),
        (DimmingPresentViewController.self, { @Sendable in ControllerBinding.dimmingClass }),
        (DimmingTransitioning.self, { @Sendable in DimmingBinding.luaClass }),
        (LuaDimmingDelegate.self, { @Sendable in DimmingBinding.adapterClass }),
        (TransitionContext.self, { @Sendable in TransitionBinding.contextClass }),
        (PresentationController.self, { @Sendable in TransitionBinding.presentationControllerClass }),
        (DimmingPresentationController.self, { @Sendable in TransitionBinding.dimmingPresentationControllerClass }),
        (LuaTransitioningDelegate.self, { @Sendable in TransitionBinding.adapterClass }),
        (ConfirmDialog.self, { @Sendable in PopupBinding.confirmClass }),
    ] + ScriptableClasses.registrations
}

// The classes above as values Swift hands to Lua (results, callback arguments).
extension View: LuaPushable {}
extension GestureRecognizer: LuaPushable {}
extension Animation: LuaPushable {}
extension ScheduledTask: LuaPushable {}
extension Hook: LuaPushable {}
extension LayoutConstraint: LuaPushable {}
extension ViewController: LuaPushable {}
extension PresentationController: LuaPushable {}
extension DimmingTransitioning: LuaPushable {}
extension TransitionContext: LuaPushable {}
extension PopupWindow: LuaPushable {}

extension ScrimModule {

    static func install(in runtime: LuaRuntime) {
        let state = runtime.state
        state.classes.builtIn = { id in classes.first { ObjectIdentifier($0.0) == id }?.1 }
        // The runtime's hold on a shown popup keeps its Lua peer (delegate, closures) alive with it.
        weak let weakState = state
        runtime.core.popups.didHold = { weakState?.pin($0) }
        runtime.core.popups.didRelease = { weakState?.unpin($0) }

        // `__fields`: the fields `__index` makes that no key of the table shows (for the REPL's completion).
        LuaFields([("version", version)], metatable: [
            ("__index", moduleIndex), ("__newindex", moduleNewIndex), ("__fields", listedFields),
        ]).push(state)
        let module = state.popRef()
        state.setField(state.loadedModules, "scrim", module) // require("scrim") finds it already loaded
        state.setGlobal("scrim", module)
    }

    /// The functions a plugin's sandbox gives it its own of (a hook in its group, a snapshot in its folder).
    static let ownedByPlugins: Set<String> = ["on", "off", "snapshot"]

    /// The module fields read afresh each time (`moduleIndex`'s last cases).
    static let computedFields = ["frameRate", "screen", "isLive"]

    /// The computed fields, and the root controller, which `materialize` leaves to first use.
    static let listedFields = computedFields + ["rootViewController"]

    /// Pushes the module field `key` that never changes once made (a function, the window, the root controller);
    /// false if `key` is none of them.
    static func pushStaticField(_ key: String, _ runtime: LuaRuntime) -> Bool {
        let state = runtime.state
        // A scan of the 19 names, not a dictionary: each is looked up once (then kept in the module), and building a
        // dictionary was a twentieth of a one-view script's start-up (its type made, every name hashed).
        if let function = functions.first(where: { $0.0 == key })?.1 {
            // `emit` is wrapped by its C fast path (HookBinding.pushEmit).
            if function !== HookBinding.emit || !HookBinding.pushEmit(state) { state.push(function) }
            return true
        }
        switch key {
        case "window": state.push(any: runtime.core.window)
        case "rootViewController": state.push(any: runtime.core.rootViewController)
        default: return false
        }
        return true
    }

    /// The module fields `installClasses` sets.
    static let classNames: Set<String> = Set(["class"] + ScriptableClasses.all.map(\.name))

    /// `scrim.class` (the prelude) and the Swift classes Lua classes may derive from; the module is on the stack top.
    static func installClasses(_ runtime: LuaRuntime) throws {
        let state = runtime.state
        let L = state.L
        let top = lua_gettop(L)
        // Left as it was on an error (memory spent): the next use builds them again.
        var built = false
        defer { if !built { lua_settop(L, top) } }
        try state.load(ClassPrelude.chunk)
        lua_pushvalue(L, -2)
        state.push(ClassCaller.callerFunction)
        state.push(ClassBodyCheck.warnIfMisspelt)
        try state.call(nargs: 3, nresults: 1)
        runtime.swiftClassMaker = state.popRef()
        // Each class with its base's table as `super`: a base comes first, so its table is in `scrim` already.
        for declared in ScriptableClasses.all {
            if let base = declared.base {
                scrim_rawgetfield(L, -1, base)
                try runtime.pushClassTable(declared.table(), base: -1)
                scrim_remove(L, -2)
            } else {
                try runtime.pushClassTable(declared.table())
            }
            lua_setfield(L, -2, declared.name)
        }
        built = true
    }

    /// `scrim.tap(target)`: a View (its centre), a point, `x, y`, or a view's name. Returns the view that handled
    /// the tap, or nil and why nothing did.
    static let tap = HostFunction("tap") { call in
        let core = call.runtime.core
        let point: Point
        switch call.type(1) {
        case LUA_TSTRING:
            let name = call.state.string(at: 1)
            guard let view = core.find(name) else { throw call.argumentError(1, "no view named '\(name)' in the window") }
            point = view.convert(view.bounds.center, to: nil)
        case LUA_TNUMBER, LUA_TTABLE:
            point = try call.point(from: 1)
        case LUA_TUSERDATA:
            let view = try call.view(1)
            guard view.window === core.window else { throw call.argumentError(1, "\(view.description) is not in the window") }
            point = view.convert(view.bounds.center, to: nil)
        default:
            throw call.typeError(1, expected: "View, point, x and y, or view name")
        }
        if let handled = core.tap(at: point) { return call.push(handled) }
        return call.push(nil, core.tapFailureReason(at: point))
    }

    static let find = HostFunction("find") { call in call.push(call.runtime.core.find(try call.string(1))) }

    static let tree = HostFunction("tree") { call in call.push(call.runtime.core.tree()) }
}

extension LuaRuntime {
    /// Makes every field of the `scrim` module now (the REPL lists them for completion) but the root controller:
    /// making it puts its view in the window, and a script must find the window as `scrim run` leaves it.
    public func materializeModule() {
        guard case .table(let module) = state.global("scrim") else { return }
        // Raw: the module's __newindex is a Swift function, which must not run (and maybe raise) unprotected.
        for key in ScrimModule.functions.map(\.0) + ["window"] where ScrimModule.pushStaticField(key, self) {
            state.setField(module, key, state.popRef())
        }
        state.keepingTop { _ in
            module.push(state.L)
            // Listing only: a class that cannot be built now (memory spent) is built, or reported, on first use.
            try? ScrimModule.installClasses(self)
        }
    }
}
