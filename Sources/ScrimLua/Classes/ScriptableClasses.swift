import ScrimCore

/// A class Lua may instantiate (`scrim.X{…}`) or derive from (`scrim.class(name, scrim.X)`), declared once.
struct ScriptableClass: Sendable {
    let name: String
    /// For the dimming base classes, the one Swift class that stands for them all, `EdgePresentViewController`: each
    /// object is seen as its edge's class (`ControllerBinding.dimmingClass`).
    let swiftClasses: [AnyClass]
    /// The Lua class it derives from (`super`), by name; nil for a root.
    let base: String?
    /// Built on first use: most scripts never touch most classes, and start-up stays short.
    let table: @Sendable () -> SwiftClassTable
}

/// Every scriptable class. The state's class registry, the module's class fields (`scrim.PopupWindow`, …),
/// `scrim.class`'s bases and the REPL's listing are derived from this list; a base comes before its subclasses.
enum ScriptableClasses {
    static let all: [ScriptableClass] = [
        ScriptableClass(name: "PopupWindow", swiftClasses: [PopupWindow.self], base: nil) { ScriptPopupWindow.classTable },
        ScriptableClass(name: "ViewController", swiftClasses: [ViewController.self], base: nil) {
            ControllerBinding.viewControllerTable
        },
    ] + PresentEdge.all.map { edge in
        ScriptableClass(name: edge.className, swiftClasses: [EdgePresentViewController.self], base: "ViewController") { ControllerBinding.dimmingTable(edge) }
    }

    /// The registry's entries: each Swift class with its Lua class.
    static var registrations: [(AnyClass, @Sendable () -> LuaClassBase)] {
        all.flatMap { declared in declared.swiftClasses.map { ($0, { @Sendable in declared.table().luaClass }) } }
    }
}
