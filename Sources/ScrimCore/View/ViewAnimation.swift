extension View {
    /// The values on screen at the clock's current time (exactly, not rounded to a frame): the model plus, for every
    /// running animation, (from − to) · (1 − progress). Alpha and colour are clamped to 0…1.
    public func presentation() -> ViewPresentation {
        guard let first = propertyAnimations.first, let engine = first.animation.engine else {
            return ViewPresentation(frame: storedFrame, alpha: storedAlpha, backgroundColor: storedBackgroundColor,
                                    transform: storedTransform)
        }
        let now = engine.clock.now
        var frame = storedFrame
        var alpha = storedAlpha
        var color = storedBackgroundColor ?? .clear
        var colorAnimated = false
        var transform = storedTransform
        for p in propertyAnimations {
            switch p.contribution(at: now) {
            case let .rect(delta): frame = frame + delta
            case let .scalar(delta): alpha += delta
            case let .color(delta): color = color + delta; colorAnimated = true
            case let .transform(delta): transform = transform + delta
            }
        }
        let shownColor: Color? = colorAnimated ? color.clamped : storedBackgroundColor
        return ViewPresentation(frame: frame, alpha: min(1, max(0, alpha)), backgroundColor: shownColor,
                                transform: transform)
    }

    /// Removes every animation of this view: the view shows its model values at once and each affected animation's
    /// completion gets `false` (on the next turn of the run loop, once none of its properties is left running).
    public func removeAllAnimations() {
        for p in propertyAnimations { p.animation.engine?.remove(p) }
    }

    /// Whether any animation is moving one of this view's properties (including during its delay).
    public var isAnimating: Bool { !propertyAnimations.isEmpty }

    /// The properties being animated now, each once.
    public var animatingProperties: [AnimatableProperty] {
        var result: [AnimatableProperty] = []
        for p in propertyAnimations where !result.contains(p.property) { result.append(p.property) }
        return result
    }

    /// The running animations moving this view, each once, oldest first.
    public var runningAnimations: [Animation] {
        var result: [Animation] = []
        for p in propertyAnimations where !result.contains(where: { $0 === p.animation }) { result.append(p.animation) }
        return result
    }

    /// Whether hit-testing may return this view: visible, interactive, alpha ≥ 0.01, and not being animated by an
    /// animation without `allowUserInteraction`.
    public var takesTouches: Bool {
        guard !isHidden, isUserInteractionEnabled, storedAlpha >= 0.01 else { return false }
        for p in propertyAnimations where !p.animation.options.contains(.allowUserInteraction) { return false }
        return true
    }

    /// The presentation value of `property` with the model taken as `model` (a setter passes the value it replaces).
    func presentationValue(of property: AnimatableProperty, model: AnimatableValue, at now: Seconds) -> AnimatableValue {
        var value = model
        for p in propertyAnimations where p.property == property {
            value = value + p.contribution(at: now)
        }
        return value
    }
}
