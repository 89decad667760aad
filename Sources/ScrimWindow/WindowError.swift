/// Why a live window cannot open or go on: no display, SDL missing, a window SDL refused.
public struct WindowError: Error, CustomStringConvertible, Equatable {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
