/// Why a recording cannot be written: an encoder missing, a format not known, a file that cannot be written.
public struct RecordingError: Error, CustomStringConvertible, Equatable {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
