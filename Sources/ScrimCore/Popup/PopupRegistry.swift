/// The popups a runtime holds while they are shown — the seed's `strongSelf` — so that a script need not keep a
/// reference: held from `create()` until the view is removed after `cancel()`.
public final class PopupRegistry {
    /// The held popups, in the order they were shown (the last one shown is last).
    public private(set) var popups: [PopupWindow] = []
    /// Called when a popup starts being held (the Lua bridge pins its peer here).
    public var didHold: ((PopupWindow) -> Void)?
    /// Called when a popup stops being held (the bridge unpins its peer).
    public var didRelease: ((PopupWindow) -> Void)?

    public init() {}

    /// Whether `popup` is held.
    public func contains(_ popup: PopupWindow) -> Bool {
        popups.contains { $0 === popup }
    }

    /// Holds `popup`; does nothing if it is held already.
    func hold(_ popup: PopupWindow) {
        guard !contains(popup) else { return }
        popups.append(popup)
        didHold?(popup)
    }

    /// Lets `popup` go after `last` ran (what the runtime still calls into it: `popup.didCancel`'s handlers), so that
    /// a bridge keeps what the popup keeps from a script until then; it is out of `popups` while `last` runs. Shown
    /// again meanwhile, it stays held.
    func release(_ popup: PopupWindow, after last: () -> Void) {
        let index = popups.firstIndex(where: { $0 === popup })
        if let index { popups.remove(at: index) }
        last()
        if index != nil, !contains(popup) { didRelease?(popup) }
    }
}
