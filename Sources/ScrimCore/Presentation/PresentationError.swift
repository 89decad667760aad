/// A presentation that was refused, with UIKit's wording (`Attempt to present X on Y while a presentation is in
/// progress`); nothing changed.
public struct PresentationError: Error, Equatable, CustomStringConvertible {
    public let message: String

    public init(message: String) {
        self.message = message
    }

    public var description: String { message }
}
