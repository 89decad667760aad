/// Recognizes a tap on its view (or on a subview without a recognizer of its own) and calls `action`.
open class TapGestureRecognizer: GestureRecognizer {
    /// Called with the recognizer when a tap is delivered to it.
    public var action: (TapGestureRecognizer) throws -> Void

    public init(action: @escaping (TapGestureRecognizer) throws -> Void) {
        self.action = action
        super.init()
    }

    /// Calls `action`.
    open override func perform() throws {
        try action(self)
    }
}
