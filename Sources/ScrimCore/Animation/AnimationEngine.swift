/// Runs UIView-style animation blocks on a `Clock`.
///
/// Setters inside an `animations` closure change the model at once and record an animation from the old value
/// (or, with `beginFromCurrentState`, from the value on screen) to the new one; `View.presentation()` adds the
/// animations' remaining contributions to the model at the clock's exact time. Frame steps only look at the
/// earliest end time, so a frame costs O(animations ending in it), however many are running. It is one of the clock's
/// frame observers: it needs frames while animations run, keeps `settle` waiting for them, and requires no frame
/// before the earliest end time, so the frames in between are skipped when nothing else observes them.
public final class AnimationEngine: FrameObserver {
    /// The clock whose time presentation values are computed at and whose frame steps end animations.
    public let clock: Clock
    /// Where `animation.didStart` and `animation.didFinish` are emitted; nil for none.
    public let hooks: HookBus?

    private var ending = MinHeap<Animation>()
    private var sequence = 0
    private var observation: FrameObservation?

    /// How many animations are running (their completion not yet scheduled).
    public private(set) var runningCount = 0

    /// An engine driven by `clock`'s frame steps, reporting to `hooks`.
    public init(clock: Clock, hooks: HookBus? = nil) {
        self.clock = clock
        self.hooks = hooks
        observation = clock.observeFrames(self)
    }

    deinit {
        observation?.cancel()
        // Break the view ↔ property-animation links so views outliving the runtime hold nothing of it.
        for animation in ending.elements where animation.state != .done {
            for p in animation.properties where p.isAttached { detachFromView(p) }
            animation.properties = []
            animation.markEnded(finished: false)
        }
    }

    /// Animates the property changes made in `animations` (UIKit's `animateWithDuration:delay:…`).
    ///
    /// - A duration ≤ 0 applies the changes at once (the delay is ignored) and runs `completion(true)` on the
    ///   next turn of the run loop.
    /// - A block that changes nothing still completes, after its delay and duration.
    /// - An error thrown by `completion` is reported through the clock's `onError`.
    @discardableResult
    public func animate(duration: Seconds, delay: Seconds = 0, curve: TimingCurve = .easeInOut, spring: Spring? = nil,
                        options: AnimationOptions = [], animations: () -> Void,
                        completion: ((Bool) throws -> Void)? = nil) -> Animation {
        let (animation, transaction) = beginBlock(duration, delay, curve, spring, options, completion)
        defer { endBlock(animation, transaction) }
        animations()
        return animation
    }

    /// `animate` with an `animations` closure that may throw: what it changed before throwing still animates, and
    /// the error is rethrown.
    @discardableResult
    public func animate(duration: Seconds, delay: Seconds = 0, curve: TimingCurve = .easeInOut, spring: Spring? = nil,
                        options: AnimationOptions = [], animations: () throws -> Void,
                        completion: ((Bool) throws -> Void)? = nil) throws -> Animation {
        let (animation, transaction) = beginBlock(duration, delay, curve, spring, options, completion)
        defer { endBlock(animation, transaction) }
        try animations()
        return animation
    }

    private func beginBlock(_ duration: Seconds, _ delay: Seconds, _ curve: TimingCurve, _ spring: Spring?,
                            _ options: AnimationOptions,
                            _ completion: ((Bool) throws -> Void)?) -> (Animation, AnimationTransaction) {
        sequence += 1
        let duration = duration.isFinite ? duration : 0
        let animation = Animation(engine: self, duration: duration, delay: delay.isFinite ? delay : 0, curve: curve,
                                  spring: spring, options: options, startTime: clock.now, sequence: sequence,
                                  completion: completion)
        let transaction = AnimationTransaction(parent: AnimationTransaction.current,
                                               animation: duration > 0 ? animation : nil)
        AnimationTransaction.current = transaction
        return (animation, transaction)
    }

    private func endBlock(_ animation: Animation, _ transaction: AnimationTransaction) {
        AnimationTransaction.current = transaction.parent
        finishCapture(animation)
    }

    /// Runs `body` with property changes applied at once, even inside an animation block.
    public func performWithoutAnimation(_ body: () throws -> Void) rethrows {
        let transaction = AnimationTransaction(parent: AnimationTransaction.current, animation: nil)
        AnimationTransaction.current = transaction
        defer { AnimationTransaction.current = transaction.parent }
        try body()
    }

    /// The running animations, in the order they were started.
    public var runningAnimations: [Animation] {
        ending.elements.filter { $0.state == .running }.sorted { $0.sequence < $1.sequence }
    }

    // MARK: Frame observation

    public var needsFrames: Bool { runningCount > 0 }

    public var isPending: Bool { runningCount > 0 }

    /// One entry per running animation and view, as `settle` names them.
    public var pendingDescriptions: [String] {
        runningAnimations.flatMap(\.pendingEntries)
    }

    // MARK: Capture

    func capture(_ view: View, _ property: AnimatableProperty, old: AnimatableValue, new: AnimatableValue,
                 into animation: Animation) {
        for p in view.propertyAnimations where p.animation === animation && p.property == property {
            p.to = new
            return
        }
        var from = old
        var replaced = false
        if animation.options.contains(.beginFromCurrentState),
           view.propertyAnimations.contains(where: { $0.property == property }) {
            from = view.presentationValue(of: property, model: old, at: clock.now)
            for p in view.propertyAnimations where p.property == property { remove(p) }
            replaced = true
        }
        if from == new && !replaced { return }
        let p = PropertyAnimation(view: view, property: property, from: from, to: new, animation: animation)
        view.propertyAnimations.append(p)
        animation.properties.append(p)
        animation.liveCount += 1
    }

    private func finishCapture(_ animation: Animation) {
        if animation.duration <= 0 {
            complete(animation, finished: true)
            return
        }
        animation.state = .running
        runningCount += 1
        if animation.cancelRequested || (animation.removedAny && animation.liveCount == 0) {
            cancel(animation)
            return
        }
        ending.insert(animation)
        emit("animation.didStart", views: animation.views, animation: animation, finished: false)
    }

    // MARK: Ending

    /// The end time of the animation that ends first (or of a cancelled one not yet cleared): no frame before it
    /// ends anything.
    public var nextRequiredFrameTime: Seconds? { ending.first?.endTime }

    /// Called by the clock at each frame step: ends the animations whose end time has come.
    public func stepFrame(at time: Seconds) {
        while let next = ending.first, next.endTime <= time + Clock.timeTolerance {
            ending.removeFirst()
            if next.state == .running {
                complete(next, finished: !next.removedAny)
            }
        }
    }

    func cancel(_ animation: Animation) {
        guard animation.state != .done else { return }
        for p in animation.properties where p.isAttached {
            detachFromView(p)
            animation.liveCount -= 1
        }
        animation.removedAny = true
        complete(animation, finished: false)
    }

    /// Removes one property animation early (`removeAllAnimations`, or replaced by `beginFromCurrentState`).
    func remove(_ p: PropertyAnimation) {
        guard p.isAttached else { return }
        detachFromView(p)
        let animation = p.animation
        animation.liveCount -= 1
        animation.removedAny = true
        if animation.liveCount == 0 && animation.state == .running {
            complete(animation, finished: false)
        }
    }

    private func detachFromView(_ p: PropertyAnimation) {
        p.isAttached = false
        let list = p.view.propertyAnimations
        if let index = list.firstIndex(where: { $0 === p }) {
            p.view.propertyAnimations.remove(at: index)
        }
    }

    /// Detaches what is left, and runs `animation.didFinish` and the completion on the next turn of the run loop.
    private func complete(_ animation: Animation, finished: Bool) {
        if animation.state == .running {
            runningCount -= 1
            if runningCount == 0 { ending.removeAll() }
        }
        let reportsFinish = hooks?.hasHandlers("animation.didFinish") == true
        let views = reportsFinish ? animation.views : []
        for p in animation.properties where p.isAttached { detachFromView(p) }
        animation.properties = []
        animation.liveCount = 0
        animation.markEnded(finished: finished)
        let completion = animation.completion
        animation.completion = nil
        guard completion != nil || reportsFinish else { return }
        let description = animation.label.map { "completion of animation \"\($0)\"" } ?? "animation completion"
        clock.runNextTurn(description: description) { [weak self] in
            self?.emit("animation.didFinish", views: views, animation: animation, finished: finished)
            try completion?(finished)
        }
    }

    private func emit(_ name: String, views: @autoclosure () -> [View], animation: Animation, finished: Bool) {
        guard let hooks, hooks.hasHandlers(name) else { return }
        for view in views() {
            hooks.emit(name, target: view, fields: ["view": .object(view), "animation": .object(animation),
                                                    "finished": .bool(finished)])
        }
    }
}
