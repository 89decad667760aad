/// A required member of a dimming transition or of one of the seed's base classes is missing, e.g.
/// `BottomPresentViewController: animatedBottomConstraint is required (override it to return the content view's
/// bottom constraint)`.
public struct RequiredMemberError: Error, Equatable, CustomStringConvertible {
    public let message: String

    public init(message: String) {
        self.message = message
    }

    /// `<owner>: <member> is required (<hint>)`.
    public init(owner: String, member: String, hint: String) {
        message = "\(owner): \(member) is required (\(hint))"
    }

    public var description: String { message }
}
