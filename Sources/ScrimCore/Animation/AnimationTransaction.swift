#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The animation block whose `animations` closure is running; property setters on any view report to it.
///
/// This is the one piece of state outside any runtime: it exists only while an `animations` closure runs, nested
/// blocks stack through `parent` as UIKit's animation blocks do, and it is per thread, so that runtimes driven on
/// different threads (parallel tests) never capture each other's changes.
final class AnimationTransaction {
    let parent: AnimationTransaction?
    /// nil while animations are disabled (`performWithoutAnimation`) or the duration is ≤ 0.
    let animation: Animation?

    init(parent: AnimationTransaction?, animation: Animation?) {
        self.parent = parent
        self.animation = animation
    }

    /// The innermost block running on this thread, if any.
    static var current: AnimationTransaction? {
        get {
            guard let pointer = pthread_getspecific(currentKey) else { return nil }
            return Unmanaged<AnimationTransaction>.fromOpaque(pointer).takeUnretainedValue()
        }
        set {
            let old = pthread_getspecific(currentKey)
            pthread_setspecific(currentKey, newValue.map { Unmanaged.passRetained($0).toOpaque() })
            if let old { Unmanaged<AnimationTransaction>.fromOpaque(old).release() }
        }
    }

    /// Called by a view's setter after the model changed from `old` to `new`.
    static func record(_ view: View, _ property: AnimatableProperty, old: AnimatableValue, new: AnimatableValue) {
        guard let animation = current?.animation, let engine = animation.engine else { return }
        engine.capture(view, property, old: old, new: new, into: animation)
    }
}

private let currentKey: pthread_key_t = {
    var key = pthread_key_t()
    pthread_key_create(&key, nil)
    return key
}()
