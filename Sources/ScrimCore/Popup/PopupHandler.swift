/// What runs when an item is selected, one case per place `PopupWindow.handler(for:)` looks, in its order.
public enum PopupHandler {
    /// The item's own closure (`on(item, fn)`), called with the popup.
    case item((PopupWindow) throws -> Bool?)
    /// The closure given to `setItems`, called with the item, its 1-based index and the popup.
    case list((PopupItem, Int, PopupWindow) throws -> Bool?)
    /// The delegate's method named after the item.
    case delegateMethod(PopupWindowDelegate)
    /// The delegate's `didSelectItem`.
    case didSelectItem(PopupWindowDelegate)

    /// Runs the handler; false means "keep the popup open".
    public func run(popup: PopupWindow, item: PopupItem, index: Int) throws -> Bool? {
        switch self {
        case let .item(handler): return try handler(popup)
        case let .list(handler): return try handler(item, index, popup)
        case let .delegateMethod(delegate): return try delegate.perform(item.id, popup: popup)
        case let .didSelectItem(delegate): return try delegate.didSelectItem(popup: popup, item: item, index: index)
        }
    }

    /// What an error report names, e.g. `delegate method rename for item "rename"`.
    public func describe(item: PopupItem) -> String {
        switch self {
        case .item: return "handler of item \(item)"
        case .list: return "setItems handler for item \(item)"
        case .delegateMethod: return "delegate method \(item.id) for item \(item)"
        case .didSelectItem: return "delegate didSelectItem for item \(item)"
        }
    }
}
