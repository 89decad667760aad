import ScrimCore

/// A PopupWindow whose class is a Lua class (`scrim.class(name, scrim.PopupWindow)`): each open hook runs the
/// Lua override if the class has one — a value or a method — else the Swift implementation. An override that
/// raises is reported (naming the hook and the class) and the Swift implementation runs instead, so the popup
/// stays usable.
final class ScriptPopupWindow: PopupWindow {
    let overrides: ScriptOverrides
    let scriptClass: String

    init(runtime: LuaRuntime, className: String) {
        overrides = ScriptOverrides(runtime: runtime)
        scriptClass = className
        super.init(runtime: runtime.core)
    }

    override var className: String { scriptClass }

    /// Runs the override of `hook`; returns its result, or nil if there is none or it raised (reported).
    private func override(_ hook: String, _ arguments: [LuaPushable?] = []) -> LuaValue? {
        placedOverride(hook, arguments)?.value
    }

    /// `override`, with where the override is defined (see `ScriptOverrides.placedCall`).
    private func placedOverride(_ hook: String, _ arguments: [LuaPushable?] = []) -> (value: LuaValue, place: String?)? {
        do {
            return try overrides.placedCall(self, hook, arguments)
        } catch {
            runtime?.reportError(error, context: "\(hook) of \(scriptClass)")
            return nil
        }
    }

    override func loadView() {
        if override("loadView") == nil { super.loadView() }
    }

    override func viewDidLoad() {
        if override("viewDidLoad") == nil { super.viewDidLoad() }
    }

    /// The override's View; anything else it returns is reported, and the default content is made instead.
    override func makeContentView() -> View {
        let result = placedOverride("makeContentView")
        switch result?.value {
        case .object(let view as View)?: return view
        case nil, .nil?: return super.makeContentView()
        case let other?:
            let place = result?.place.map { " (returned by the override at \($0))" } ?? ""
            runtime?.reportError(ScriptError("makeContentView of \(scriptClass) must return a View, got \(other.typeName)\(place)"),
                                 context: "makeContentView of \(scriptClass)")
            return super.makeContentView()
        }
    }

    override func layoutContent() {
        if override("layoutContent") == nil { super.layoutContent() }
    }

    override func prepareShowAnimation() {
        if override("prepareShowAnimation") == nil { super.prepareShowAnimation() }
    }

    override func showAnimation() {
        if override("showAnimation") == nil { super.showAnimation() }
    }

    override func cancelAnimation() {
        if override("cancelAnimation") == nil { super.cancelAnimation() }
    }

    /// The table behind `scrim.PopupWindow`.
    static let classTable = SwiftClassTable(
        luaClass: PopupBinding.luaClass,
        make: { call, name in ScriptPopupWindow(runtime: call.runtime, className: name) },
        configure: { popup, call, index in
            guard let popup = popup as? PopupWindow else { throw ScriptError("PopupWindow expected, got \(type(of: popup))") }
            try PopupBinding.configure(popup, call, index)
        },
        baseImplementations: Dictionary(uniqueKeysWithValues: PopupBinding.classDeclaration.members.map { member in
            (member.name, HostFunction(member.name, kind: .method) { call in
                let popup = try call.object(1, ScriptPopupWindow.self, expected: "PopupWindow")
                return call.push(supers[member.name]?(popup) ?? nil)
            })
        }),
        optionNames: ["items", "delegate", "name"])

    /// What `self.super:hook()` reaches: the Swift implementation of each hook (`viewDidLoad`'s does nothing).
    private static let supers: [String: @Sendable (ScriptPopupWindow) -> LuaPushable?] = [
        "loadView": { $0.superLoadView(); return nil },
        "makeContentView": { $0.superMakeContentView() },
        "layoutContent": { $0.superLayoutContent(); return nil },
        "prepareShowAnimation": { $0.superPrepareShowAnimation(); return nil },
        "showAnimation": { $0.superShowAnimation(); return nil },
        "cancelAnimation": { $0.superCancelAnimation(); return nil },
    ]

    func superLoadView() { super.loadView() }
    func superMakeContentView() -> View { super.makeContentView() }
    func superLayoutContent() { super.layoutContent() }
    func superPrepareShowAnimation() { super.prepareShowAnimation() }
    func superShowAnimation() { super.showAnimation() }
    func superCancelAnimation() { super.cancelAnimation() }
}
