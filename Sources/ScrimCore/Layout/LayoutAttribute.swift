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

    /// The attribute in window coordinates as a combination of a view's left, top, width and height.
    func expression(left: Variable, top: Variable, width: Variable,
                    height: Variable) -> Expression {
        switch self {
        case .left, .leading: return Expression([Term(left)])
        case .right, .trailing: return Expression([Term(left), Term(width)])
        case .top: return Expression([Term(top)])
        case .bottom: return Expression([Term(top), Term(height)])
        case .width: return Expression([Term(width)])
        case .height: return Expression([Term(height)])
        case .centerX: return Expression([Term(left), Term(width, 0.5)])
        case .centerY: return Expression([Term(top), Term(height, 0.5)])
        }
    }
}
