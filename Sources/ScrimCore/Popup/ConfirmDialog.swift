/// A centred confirmation dialog built on `PopupWindow` (the seed's closing advice: other dialogs the same way):
/// a card with a title, a message and two buttons, the items `cancel` and `confirm`, over a dimmed screen. It fades
/// in while scaling from 0.8 to 1 and fades out the same way; both buttons close it, with or without a handler.
///
/// Metrics: the card (a view named `dialog`) is 270 pt wide (at most the screen width less 40), centred; the title
/// (`title`) is 24 pt high at y 20, the message (`message`) 44 pt high below it, the buttons a 2-column row 44 pt
/// high at the bottom. `dismissView` is the dimming (black, alpha 0.4) and does not cancel when tapped.
open class ConfirmDialog: PopupWindow {
    /// The dialog's card: title, message and the buttons' `collectionView`.
    public let cardView: View
    /// The title's view (its `text`).
    public let titleView: View
    /// The message's view (its `text`).
    public let messageView: View

    /// The title shown at the top of the card.
    public var title: String? {
        get { titleView.text }
        set { titleView.text = newValue }
    }

    /// The message shown under the title.
    public var message: String? {
        get { messageView.text }
        set { messageView.text = newValue }
    }

    /// A dialog with `title` and `message`, its buttons titled `cancelTitle` and `confirmTitle`.
    public init(runtime: Runtime, title: String? = nil, message: String? = nil,
                cancelTitle: String = "Cancel", confirmTitle: String = "OK") {
        cardView = View(name: "dialog")
        cardView.backgroundColor = .white
        cardView.cornerRadius = 14
        titleView = View(name: "title")
        messageView = View(name: "message")
        super.init(runtime: runtime)
        self.title = title
        self.message = message
        animationDuration = 0.25
        cancelsOnDismissViewTap = false
        layout = PopupFlowLayout(columns: 2, itemHeight: 44)
        dismissView.backgroundColor = Color(white: 0, a: 0.4)
        // Two fixed, distinct items: nothing setItems could refuse.
        _ = try? setItems([PopupItem(id: "cancel", title: cancelTitle), PopupItem(id: "confirm", title: confirmTitle)])
    }

    open override func makeContentView() -> View {
        // Fresh views into a fresh card: no cycle addSubview could refuse.
        for subview in [titleView, messageView, collectionView] { try? cardView.addSubview(subview) }
        return cardView
    }

    open override func layoutContent() {
        let bounds = view.bounds
        let width = min(270, max(0, bounds.width - 40))
        let buttonsHeight = layout.contentHeight(count: cells.count)
        let height = 20 + 24 + 44 + 8 + buttonsHeight
        dismissView.frame = bounds
        cardView.frame = Rect(x: (bounds.width - width) / 2, y: (bounds.height - height) / 2, width: width, height: height)
        titleView.frame = Rect(x: 16, y: 20, width: width - 32, height: 24)
        messageView.frame = Rect(x: 16, y: 44, width: width - 32, height: 44)
        collectionView.frame = Rect(x: 0, y: height - buttonsHeight, width: width, height: buttonsHeight)
        layoutCells()
    }

    /// Both buttons close the dialog even when nothing handles them.
    open override func handler(for item: PopupItem) throws -> PopupHandler? {
        try super.handler(for: item) ?? .item { _ in nil }
    }

    /// In place on screen, the card transparent at 0.8 scale and the dimming clear.
    open override func prepareShowAnimation() {
        view.frame = runtime?.window.bounds ?? .zero
        cardView.alpha = 0
        cardView.transform = .scale(0.8)
        dismissView.alpha = 0
    }

    open override func showAnimation() {
        cardView.alpha = 1
        cardView.transform = .identity
        dismissView.alpha = 1
    }

    open override func cancelAnimation() {
        cardView.alpha = 0
        cardView.transform = .scale(0.8)
        dismissView.alpha = 0
    }
}
