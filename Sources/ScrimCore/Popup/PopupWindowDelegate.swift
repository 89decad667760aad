/// The seed's `PopupWindowDelegate`, generalised: one method per item, named after it, plus an optional catch-all.
///
/// The protocol style implements it: a Lua delegate table (its methods called with `self`) answers `handlesItem` by
/// looking for a function of that name. The closure style does not go through a delegate: closures given per item
/// (`popup:on(item, fn)`) or for the list (`setItems`) are the popup's own handlers, asked before the delegate (see
/// `PopupWindow.handler(for:)`). A result of `false` keeps the popup open; nil (no value) or `true` lets it close.
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
