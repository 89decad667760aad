/// A constraint that cannot be made or activated: mismatched attributes, a bad priority, views without a common
/// ancestor, a change between required and optional while active.
public struct LayoutError: ReportableError, Equatable, CustomStringConvertible {
    public let message: String

    public init(message: String) {
        self.message = message
    }

    public var description: String { message }
}
