@testable import ScrimCore

/// Records the popup events of a runtime as `name` or `name item index`.
final class PopupEventLog {
    var entries: [String] = []

    init(_ runtime: Runtime, into log: PopupEventLog? = nil) {
        for name in ["popup.willShow", "popup.didShow", "popup.willSelect", "popup.didSelect",
                     "popup.willCancel", "popup.didCancel"] {
            runtime.hooks.on(name) { [unowned self] event in
                var entry = event.name
                if let item = event["item"]?.stringValue, let index = event["index"]?.numberValue {
                    entry += " \(item) \(Int(index))"
                }
                self.entries.append(entry)
            }
        }
    }
}

/// A protocol-style delegate, as a Lua table would be: methods looked up by name, results given per method.
final class RecordingPopupDelegate: PopupWindowDelegate {
    var methods: [String: Bool?]
    var catchAll: Bool??
    var calls: [String] = []

    /// `methods`: item id → what the method returns; `catchAll`: nil for no didSelectItem, else what it returns.
    init(methods: [String: Bool?] = [:], catchAll: Bool?? = nil) {
        self.methods = methods
        self.catchAll = catchAll
    }

    func handlesItem(_ id: String) -> Bool { methods[id] != nil }

    func perform(_ id: String, popup: PopupWindow) throws -> Bool? {
        calls.append("delegate:\(id)")
        return methods[id] ?? nil
    }

    var respondsToDidSelectItem: Bool { catchAll != nil }

    func didSelectItem(popup: PopupWindow, item: PopupItem, index: Int) throws -> Bool? {
        calls.append("delegate:didSelectItem \(item.id) \(index)")
        return catchAll ?? nil
    }
}

extension TestScene {
    /// The seed's menu: attach, detach, rename, delete, control.
    func seedPopup(delegate: PopupWindowDelegate? = nil) -> PopupWindow {
        try! PopupWindow(runtime: runtime, items: ["attach", "detach", "rename", "delete", "control"],
                         delegate: delegate)
    }
}

/// The easeInOut progress at `fraction` of the duration, from plain Bézier math.
func easeInOutProgress(_ fraction: Double) -> Double {
    referenceBezier(0.42, 0, 0.58, 1, at: min(1, max(0, fraction)))
}

/// A `PopupWindowDelegate` made of Swift closures, one per item id, and an optional catch-all: the Swift tests'
/// stand-in for a Lua delegate table.
final class PopupActions: PopupWindowDelegate {
    /// The per-item methods, by item id.
    var actions: [String: (PopupWindow) throws -> Bool?]
    /// The catch-all, called with the item and its 1-based index.
    var didSelect: ((PopupWindow, PopupItem, Int) throws -> Bool?)?

    init(_ actions: [String: (PopupWindow) throws -> Bool?] = [:],
         didSelect: ((PopupWindow, PopupItem, Int) throws -> Bool?)? = nil) {
        self.actions = actions
        self.didSelect = didSelect
    }

    func handlesItem(_ id: String) -> Bool { actions[id] != nil }

    var memberNames: [String] { Array(actions.keys) }

    func perform(_ id: String, popup: PopupWindow) throws -> Bool? {
        try actions[id]?(popup)
    }

    var respondsToDidSelectItem: Bool { didSelect != nil }

    func didSelectItem(popup: PopupWindow, item: PopupItem, index: Int) throws -> Bool? {
        try didSelect?(popup, item, index)
    }
}
