/// A rendering failure: Cairo missing, a file that cannot be read or written, an image in a form we do not read.
public struct RenderError: Error, CustomStringConvertible, Equatable {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
