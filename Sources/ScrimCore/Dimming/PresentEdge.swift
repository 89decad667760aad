/// Where the content of one of the seed's dimming base classes comes from, and everything else that differs
/// between those classes (their name, their members' names, the default distance, the animation): one value per
/// base class. Adding a base class is one value here, listed in `all` (and its animation in
/// `EdgePresentViewController`, if new).
public struct PresentEdge: Hashable, Sendable {
    /// How the content comes in.
    public enum Motion: Sendable {
        /// An edge constraint's constant animates from `-distance` (off screen) to 0.
        case slide
        /// A view fades in (alpha 0 → 1) while growing from `EdgePresentViewController.initialScale`.
        case fade
    }

    /// The base class's name (Swift's and Lua's).
    public let className: String
    /// The required member naming what moves: an edge constraint, or the view for `.fade`.
    public let targetMember: String
    /// The member giving how far off screen the content starts; nil where nothing slides.
    public let distanceMember: String?
    public let motion: Motion
    /// What the missing-member error suggests.
    let hint: String
    /// Of the screen's height, or (for `distanceAlongWidth`) its width: the distance when not overridden.
    let defaultFraction: Double
    let distanceAlongWidth: Bool

    /// Slides up from the bottom edge; `superview.bottom == content.bottom + constant`.
    public static let bottom = PresentEdge(
        className: "BottomPresentViewController", targetMember: "animatedBottomConstraint", distanceMember: "animatedHeight",
        motion: .slide, hint: "override it to return the content view's bottom constraint", defaultFraction: 0.8,
        distanceAlongWidth: false)
    /// Slides down from the top edge; `content.top == superview.top + constant`.
    public static let top = PresentEdge(
        className: "TopPresentViewController", targetMember: "animatedTopConstraint", distanceMember: "animatedHeight",
        motion: .slide, hint: "override it to return the content view's top constraint", defaultFraction: 0.8,
        distanceAlongWidth: false)
    /// Slides in from the right edge, right to left; `superview.trailing == content.trailing + constant`.
    public static let right = PresentEdge(
        className: "RightPresentViewController", targetMember: "animatedTrailingConstraint", distanceMember: "animatedWidth",
        motion: .slide, hint: "override it to return the content view's trailing constraint", defaultFraction: 1,
        distanceAlongWidth: true)
    /// Slides in from the left edge, left to right; `content.leading == superview.leading + constant`.
    public static let left = PresentEdge(
        className: "LeftPresentViewController", targetMember: "animatedLeadingConstraint", distanceMember: "animatedWidth",
        motion: .slide, hint: "override it to return the content view's leading constraint", defaultFraction: 1,
        distanceAlongWidth: true)
    /// Fades and grows in place.
    public static let center = PresentEdge(
        className: "CenterPresentViewController", targetMember: "animatedContentView", distanceMember: nil,
        motion: .fade, hint: "override it to return the view to fade and scale in", defaultFraction: 0,
        distanceAlongWidth: false)

    /// Every base class, in the order Lua lists them: a value declared above and listed here is a base class Lua can
    /// instantiate and derive from (`scrim.<className>`).
    public static let all: [PresentEdge] = [.bottom, .top, .right, .center, .left]

    /// Whether the target is a view (faded and scaled) rather than a constraint (slid).
    public var animatesView: Bool { motion == .fade }

    /// The distance when the member is not overridden.
    public func defaultDistance(on screen: Screen) -> Double {
        (distanceAlongWidth ? screen.width : screen.height) * defaultFraction
    }

    public static func == (lhs: PresentEdge, rhs: PresentEdge) -> Bool { lhs.className == rhs.className }
    public func hash(into hasher: inout Hasher) { hasher.combine(className) }
}
