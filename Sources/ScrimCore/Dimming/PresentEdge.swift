/// Where the content of one of the seed's dimming base classes comes from: one value per base class, holding
/// everything that differs between them (the names of their members, the default distance, the animation).
/// Adding a base class is a case here, its animation in `EdgePresentViewController`, and its named class.
public enum PresentEdge: String, CaseIterable, Sendable {
    /// Slides up from the bottom edge (`BottomPresentViewController`).
    case bottom
    /// Slides down from the top edge (`TopPresentViewController`).
    case top
    /// Slides in from the right edge, right to left (`RightPresentViewController`).
    case right
    /// Fades and grows in place (`CenterPresentViewController`).
    case center

    /// The base class's name (Swift's and Lua's).
    public var className: String {
        switch self {
        case .bottom: return "BottomPresentViewController"
        case .top: return "TopPresentViewController"
        case .right: return "RightPresentViewController"
        case .center: return "CenterPresentViewController"
        }
    }

    /// The required member naming what moves: an edge constraint, or the view for `.center`.
    public var targetMember: String {
        switch self {
        case .bottom: return "animatedBottomConstraint"
        case .top: return "animatedTopConstraint"
        case .right: return "animatedTrailingConstraint"
        case .center: return "animatedContentView"
        }
    }

    /// Whether the target is a view (faded and scaled) rather than a constraint (slid).
    public var animatesView: Bool { self == .center }

    /// The member giving how far off screen the content starts; nil where nothing slides.
    public var distanceMember: String? {
        switch self {
        case .bottom, .top: return "animatedHeight"
        case .right: return "animatedWidth"
        case .center: return nil
        }
    }

    /// The distance when the member is not overridden: 0.8 of the screen's height, or its width.
    public func defaultDistance(on screen: Screen) -> Double {
        switch self {
        case .bottom, .top: return screen.height * 0.8
        case .right: return screen.width
        case .center: return 0
        }
    }

    /// What the missing-member error suggests.
    var hint: String {
        switch self {
        case .bottom: return "override it to return the content view's bottom constraint"
        case .top: return "override it to return the content view's top constraint"
        case .right: return "override it to return the content view's trailing constraint"
        case .center: return "override it to return the view to fade and scale in"
        }
    }
}
