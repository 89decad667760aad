/// A colour that could not be parsed; `message` quotes the input, e.g. `invalid color "#12" (…)`.
public struct ColorError: Error, Equatable, CustomStringConvertible {
    public let message: String

    public init(message: String) {
        self.message = message
    }

    public var description: String { message }
}
