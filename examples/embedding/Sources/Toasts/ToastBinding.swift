import ScrimKit

/// Toast as Lua sees it: `scrim.Toast{ text = …, delegate = … }`, each delegate member also as a closure on the toast
/// (`toast.toastDuration = 3`) or an override in a `scrim.class` of it. The declaration is the one place that says
/// what the members are; the adapter below only forwards.
enum ToastBinding {
    static let declaration = ScriptProtocol("ToastDelegate", [
        .method("toastTapped"),
        .methodOrValue("toastShouldAutoDismiss", .flag, default: .boolean(true)),
        .methodOrValue("toastDuration", .seconds, default: .number(2)),
    ])

    /// The class for `runtime` (a toast schedules its slides on the runtime that made it).
    static func hostClass(for runtime: ScrimRuntime) -> HostClass<Toast> {
        HostClass<Toast>("Toast", declaration, make: { [weak runtime] in
            Toast(runtime: runtime)
        }, attach: { toast, lua in
            toast.delegate = LuaToastDelegate(lua)
        })
        .field("text", \.text)
        .readonly("isShown") { $0.isShown }
        .readonly("offset") { $0.offset }
        .action("show") { try $0.show() }
        .action("tap") { try $0.tap() }
        .action("dismiss") { $0.dismiss() }
    }
}

/// The Lua side of a toast as its ToastDelegate.
final class LuaToastDelegate: ToastDelegate {
    let lua: ScriptAdapter
    init(_ lua: ScriptAdapter) { self.lua = lua }

    func toastTapped() throws { try lua.perform("toastTapped") }
    var toastShouldAutoDismiss: Bool { get throws { try lua.flag("toastShouldAutoDismiss") } }
    var toastDuration: Seconds { get throws { try lua.seconds("toastDuration") } }
}
