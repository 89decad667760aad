/// A conflict between required constraints, as the engine reports it before breaking one (UIKit's "Unable to
/// simultaneously satisfy constraints." log).
public struct UnsatisfiableConstraints {
    /// Every constraint of the conflict (a smallest set that cannot hold together), described; the frames of views
    /// the layout does not move appear as `… (fixed frame)`.
    public let constraints: [String]
    /// The conflicting constraints that are `LayoutConstraint`s, in the order they were installed.
    public let layoutConstraints: [LayoutConstraint]
    /// The constraint broken to recover (it is one of `layoutConstraints`).
    public let broken: LayoutConstraint

    public init(constraints: [String], layoutConstraints: [LayoutConstraint], broken: LayoutConstraint) {
        self.constraints = constraints
        self.layoutConstraints = layoutConstraints
        self.broken = broken
    }

    /// The warning, in UIKit's words, one constraint a line.
    public var message: String {
        var text = "Unable to simultaneously satisfy constraints.\n"
        text += "\tProbably at least one of the constraints in the following list is one you don't want.\n(\n"
        text += constraints.map { "    \"\($0)\"" }.joined(separator: ",\n")
        text += "\n)\n\nWill attempt to recover by breaking constraint\n\"\(broken)\""
        return text
    }
}
