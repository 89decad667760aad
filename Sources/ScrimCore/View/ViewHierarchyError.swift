/// A hierarchy change that would break the tree (a cycle, or a window inside another view).
public struct ViewHierarchyError: Error, Equatable, CustomStringConvertible {
    public let message: String

    public init(message: String) {
        self.message = message
    }

    public var description: String { message }
}
