/// The seed's `PopupWindowDelegate`, generalised: one method per item, named after it, plus an optional catch-all.
///
/// Both binding styles implement it: a protocol-style Lua table (its methods called with `self`) answers
/// `handlesItem` by looking for a function of that name; a closure-style adapter (`PopupActions`) by looking in its
/// dictionary. A result of `false` keeps the popup open; nil (no value) or `true` lets it close.
public protocol PopupWindowDelegate: AnyObject {
    /// Whether the delegate has a method named `id` (the seed's `attach()`, `rename()`, …).
    func handlesItem(_ id: String) throws -> Bool
    /// Calls the method named `id` (`delegate:rename(popup)`); only called when `handlesItem(id)` is true.
    func perform(_ id: String, popup: PopupWindow) throws -> Bool?
    /// Whether the delegate implements `didSelectItem` (an optional method; false unless the delegate says so).
    var respondsToDidSelectItem: Bool { get throws }
    /// The catch-all for items without a method of their own; `index` is 1-based, as Lua counts.
    func didSelectItem(popup: PopupWindow, item: PopupItem, index: Int) throws -> Bool?
    /// The names the delegate has, for the hint when an item finds no method (`renmae` for item "rename").
    var memberNames: [String] { get }
}

extension PopupWindowDelegate {
    /// No catch-all unless the delegate implements one and says so.
    public var respondsToDidSelectItem: Bool { false }

    /// Does nothing.
    public func didSelectItem(popup: PopupWindow, item: PopupItem, index: Int) throws -> Bool? { nil }

    /// None known.
    public var memberNames: [String] { [] }
}

/// A closure-style `PopupWindowDelegate`: one closure per item id, and an optional catch-all.
public final class PopupActions: PopupWindowDelegate {
    /// The per-item methods, by item id.
    public var actions: [String: (PopupWindow) throws -> Bool?]
    /// The catch-all, called with the item and its 1-based index.
    public var didSelect: ((PopupWindow, PopupItem, Int) throws -> Bool?)?

    public init(_ actions: [String: (PopupWindow) throws -> Bool?] = [:],
                didSelect: ((PopupWindow, PopupItem, Int) throws -> Bool?)? = nil) {
        self.actions = actions
        self.didSelect = didSelect
    }

    public func handlesItem(_ id: String) -> Bool { actions[id] != nil }

    public var memberNames: [String] { Array(actions.keys) }

    public func perform(_ id: String, popup: PopupWindow) throws -> Bool? {
        try actions[id]?(popup)
    }

    public var respondsToDidSelectItem: Bool { didSelect != nil }

    public func didSelectItem(popup: PopupWindow, item: PopupItem, index: Int) throws -> Bool? {
        try didSelect?(popup, item, index)
    }
}
