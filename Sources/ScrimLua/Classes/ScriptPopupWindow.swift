import ScrimCore

/// A PopupWindow of a Lua class: each open hook runs the Lua override if any, else the Swift implementation. An
/// override that raises is reported and the Swift implementation runs instead, so the popup stays usable.
final class ScriptPopupWindow: PopupWindow, ScriptedObject {
    let overrides: ScriptOverrides

    init(runtime: LuaRuntime, className: String) {
        overrides = ScriptOverrides(runtime: runtime, className: className)
        super.init(runtime: runtime.core)
    }

    override var className: String { overrides.className }

    /// Runs the override of `hook`, or, when there is none or it raised (reported), `otherwise`.
    private func hook<R>(_ hook: String, _ body: () throws -> R?, otherwise: () -> R) -> R {
        do {
            if let result = try body() { return result }
        } catch {
            runtime?.reportError(error, context: "\(hook) of \(className)")
        }
        return otherwise()
    }

    private func run(_ name: String, otherwise: () -> Void) {
        hook(name, { try overrides.call(self, name).map { _ in () } }, otherwise: otherwise)
    }

    override func loadView() { run("loadView") { super.loadView() } }
    override func viewDidLoad() { run("viewDidLoad") { super.viewDidLoad() } }
    override func layoutContent() { run("layoutContent") { super.layoutContent() } }
    override func prepareShowAnimation() { run("prepareShowAnimation") { super.prepareShowAnimation() } }
    override func showAnimation() { run("showAnimation") { super.showAnimation() } }
    override func cancelAnimation() { run("cancelAnimation") { super.cancelAnimation() } }

    /// The override's View; anything else it returns is reported, and the default content is made instead.
    override func makeContentView() -> View {
        hook("makeContentView", {
            try overrides.object(self, "makeContentView", View.self, expected: "View", must: "return") { nil }
        }, otherwise: { super.makeContentView() })
    }

    /// The table behind `scrim.PopupWindow`.
    static let classTable = SwiftClassTable(
        luaClass: PopupBinding.luaClass,
        make: { call, name in ScriptPopupWindow(runtime: call.runtime, className: name) },
        configure: { popup, call, index in
            guard let popup = popup as? PopupWindow else { throw ScriptError("PopupWindow expected, got \(type(of: popup))") }
            try PopupBinding.configure(popup, call, index)
        },
        optionNames: Set(PopupBinding.optionNames))
}
