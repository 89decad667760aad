/// One property of one view moving as part of an `Animation`: it contributes (from − to) · (1 − progress)
/// on top of the model value until its animation ends or it is removed.
final class PropertyAnimation {
    let view: View
    let property: AnimatableProperty
    let from: AnimatableValue
    // Setting the same property twice in one block retargets the animation instead of stacking a second one.
    var to: AnimatableValue
    let animation: Animation
    var isAttached = true

    init(view: View, property: AnimatableProperty, from: AnimatableValue, to: AnimatableValue, animation: Animation) {
        self.view = view
        self.property = property
        self.from = from
        self.to = to
        self.animation = animation
    }

    /// What this animation adds to the model value at `now`.
    func contribution(at now: Seconds) -> AnimatableValue {
        from.contribution(towards: to, weight: 1 - animation.progress(at: now))
    }
}
