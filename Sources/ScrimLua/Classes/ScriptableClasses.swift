import ScrimCore

/// A class Lua may instantiate (`scrim.X{…}`) or derive from (`scrim.class(name, scrim.X)`), declared once: its
/// Lua name, the Swift classes whose objects Lua sees as it, the class it derives from in Lua, and its table (Lua
/// class with its overridable members, their kinds and defaults, constructor options, scriptable subclass).
struct ScriptableClass {
    let name: String
    let swiftClasses: [AnyClass]
    /// The Lua class it derives from (`super`), by name; nil for a root.
    let base: String?
    /// Built on first use: most scripts never touch most classes, and start-up stays short.
    let table: () -> SwiftClassTable
}

/// Every scriptable class. The state's class registry, the module's class fields (`scrim.PopupWindow`, …),
/// `scrim.class`'s bases and the REPL's listing are derived from this list; a base comes before its subclasses.
enum ScriptableClasses {
    static let all: [ScriptableClass] = [
        ScriptableClass(name: "PopupWindow", swiftClasses: [PopupWindow.self], base: nil) { ScriptPopupWindow.classTable },
        ScriptableClass(name: "ViewController", swiftClasses: [ViewController.self], base: nil) {
            ControllerBinding.viewControllerTable
        },
    ] + dimming.map { declared in
        ScriptableClass(name: declared.edge.className, swiftClasses: [declared.swiftClass, declared.scriptClass].compactMap { $0 },
                        base: "ViewController") { ControllerBinding.dimmingTable(declared.edge) }
    }

    /// The dimming base classes: each edge (its names, members and animation) with its named ScrimCore class (what
    /// Swift subclasses; none for one Lua alone derives from) and its scriptable class (what Lua makes).
    static let dimming: [(edge: PresentEdge, swiftClass: EdgePresentViewController.Type?,
                          scriptClass: ScriptEdgePresentViewController.Type)] = [
        (.bottom, BottomPresentViewController.self, ScriptBottomPresentViewController.self),
        (.top, TopPresentViewController.self, ScriptTopPresentViewController.self),
        (.right, RightPresentViewController.self, ScriptRightPresentViewController.self),
        (.center, CenterPresentViewController.self, ScriptCenterPresentViewController.self),
        (.left, nil, ScriptLeftPresentViewController.self),
    ]

    /// The registry's entries: each Swift class with its Lua class.
    static var registrations: [(AnyClass, () -> LuaClassBase)] {
        all.flatMap { declared in declared.swiftClasses.map { ($0, { declared.table().luaClass }) } }
    }
}
