/// Options of an `animate` call, as UIKit's `UIViewAnimationOptions` of the same names.
public struct AnimationOptions: OptionSet, Hashable, Sendable {
    public let rawValue: Int

    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// Animated views still receive touches while this animation runs.
    public static let allowUserInteraction = AnimationOptions(rawValue: 1 << 0)
    /// A property already animating is replaced (its animation finishes with `false`) and the new animation starts
    /// from the value on screen, instead of being added on top.
    public static let beginFromCurrentState = AnimationOptions(rawValue: 1 << 1)
}
