/// A popup call that cannot be carried out: an unknown item, or items that cannot be told apart.
public struct PopupError: Error, Equatable, CustomStringConvertible {
    public let message: String

    public init(message: String) {
        self.message = message
    }

    public var description: String { message }
}
