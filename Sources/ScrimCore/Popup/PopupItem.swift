/// One entry of a popup menu: `id` names its cell, its delegate method and its per-item handler; `title` is shown.
public struct PopupItem: Hashable {
    /// What selects it (`select("rename")`), the name of its cell and of the delegate method called for it.
    public var id: String
    /// The text of its cell.
    public var title: String

    /// An item titled `title`, or `id` when no title is given.
    public init(id: String, title: String? = nil) {
        self.id = id
        self.title = title ?? id
    }

    /// An item whose title is its id (the seed's `itemsString`).
    public init(_ id: String) {
        self.init(id: id)
    }
}

extension PopupItem: ExpressibleByStringLiteral {
    public init(stringLiteral value: String) {
        self.init(id: value)
    }
}

extension PopupItem: CustomStringConvertible {
    /// The id, quoted.
    public var description: String { "\"\(id)\"" }
}
