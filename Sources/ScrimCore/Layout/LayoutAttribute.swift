import Cassowary

/// An edge, centre or size of a view's frame: what a `LayoutConstraint` relates (UIKit's `NSLayoutConstraint.Attribute`).
///
/// Layout is left to right: `leading` is `left` and `trailing` is `right`.
public enum LayoutAttribute: String, CaseIterable, Sendable {
    case left, right, top, bottom, leading, trailing, width, height, centerX, centerY

    /// The direction an attribute measures along.
    public enum Axis: Sendable {
        case horizontal, vertical
    }

    /// Horizontal for left, right, leading, trailing, centerX and width; vertical for the others.
    public var axis: Axis {
        switch self {
        case .left, .right, .leading, .trailing, .centerX, .width: return .horizontal
        case .top, .bottom, .centerY, .height: return .vertical
        }
    }

    /// Whether it is a size (width, height) rather than a position.
    public var isDimension: Bool { self == .width || self == .height }

    /// Appends `k ×` the attribute in window coordinates, as a combination of a view's left, top, width and height,
    /// to `terms` (the terms of a solver constraint, made in one array).
    func appendTerms(left: Variable, top: Variable, width: Variable, height: Variable, times k: Double,
                     to terms: inout [Term]) {
        switch self {
        case .left, .leading: terms.append(Term(left, k))
        case .right, .trailing: terms.append(Term(left, k)); terms.append(Term(width, k))
        case .top: terms.append(Term(top, k))
        case .bottom: terms.append(Term(top, k)); terms.append(Term(height, k))
        case .width: terms.append(Term(width, k))
        case .height: terms.append(Term(height, k))
        case .centerX: terms.append(Term(left, k)); terms.append(Term(width, 0.5 * k))
        case .centerY: terms.append(Term(top, k)); terms.append(Term(height, 0.5 * k))
        }
    }
}
