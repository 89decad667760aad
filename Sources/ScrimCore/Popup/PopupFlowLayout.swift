/// Where the cells of a popup's collection view go: equal items in rows, left to right then top to bottom, as a
/// UICollectionViewFlowLayout with a fixed item height and items stretched to fill each row.
///
/// The default (`list`) is one full-width row of 56 pt per item, no spacing, no insets: five items make a
/// 280 pt menu at the bottom of the screen.
public struct PopupFlowLayout: Equatable, Sendable {
    /// Items per row (at least 1).
    public var columns: Int
    /// The height of every item, in points.
    public var itemHeight: Double
    /// Space between rows and between the items of a row, in points.
    public var spacing: Double
    /// Space around the items on every side, in points.
    public var inset: Double

    /// Full-width rows 56 pt high.
    public static let list = PopupFlowLayout(columns: 1, itemHeight: 56)

    public init(columns: Int = 1, itemHeight: Double = 56, spacing: Double = 0, inset: Double = 0) {
        self.columns = max(1, columns)
        self.itemHeight = max(0, itemHeight)
        self.spacing = max(0, spacing)
        self.inset = max(0, inset)
    }

    /// The height that `count` items need (insets included; 0 for no items).
    public func contentHeight(count: Int) -> Double {
        guard count > 0 else { return 0 }
        let rows = (count + max(1, columns) - 1) / max(1, columns)
        return 2 * inset + Double(rows) * itemHeight + Double(rows - 1) * spacing
    }

    /// The frames of `count` items in a collection view `width` points wide, in its coordinates.
    public func frames(count: Int, width: Double) -> [Rect] {
        let columns = max(1, self.columns)
        let itemWidth = max(0, (width - 2 * inset - Double(columns - 1) * spacing) / Double(columns))
        return (0..<max(0, count)).map { index in
            let row = index / columns, column = index % columns
            return Rect(x: inset + Double(column) * (itemWidth + spacing),
                        y: inset + Double(row) * (itemHeight + spacing),
                        width: itemWidth, height: itemHeight)
        }
    }
}
