/// A damped spring timing, as UIKit's `usingSpringWithDamping:initialSpringVelocity:`.
///
/// The spring is a unit mass pulled to the target; its natural frequency is chosen so that the motion's
/// envelope decays to `Spring.settleThreshold` of the distance by the end of the animation's duration, which is
/// how a duration bounds a spring. A tiny linear correction (at most the threshold, spread over the duration)
/// makes the value at t = duration exactly the target, and it stays there.
public struct Spring: Equatable {
    /// Damping ratio: 1 is critically damped (no overshoot), smaller values oscillate. Values below
    /// `minimumDamping` behave as `minimumDamping`, since an undamped spring never settles.
    public var damping: Double
    /// Initial velocity in distances per second: 1 covers the whole animation distance in one second.
    public var velocity: Double

    /// The fraction of the distance the oscillation's envelope has left at the end of the duration.
    public static let settleThreshold = 0.001
    /// The smallest damping ratio used.
    public static let minimumDamping = 0.05

    /// A spring of damping ratio `damping` (0…1) and initial `velocity`.
    public init(damping: Double, velocity: Double = 0) {
        self.damping = damping
        self.velocity = velocity
    }

    /// Progress (0 at the start, 1 at the target, beyond 1 when overshooting) at `time` into an animation of `duration`.
    public func progress(at time: Seconds, duration: Seconds) -> Double {
        if time <= 0 { return 0 }
        if duration <= 0 || time >= duration { return 1 }
        let remaining = displacement(time, duration) - displacement(duration, duration) * (time / duration)
        return 1 - remaining
    }

    /// Distance left to the target as a fraction of the whole (1 at t = 0), from the exact solution of
    /// x'' + 2ζω x' + ω² x = 0 with x(0) = 1, x'(0) = −velocity.
    private func displacement(_ t: Double, _ duration: Double) -> Double {
        let zeta = min(1, max(Spring.minimumDamping, damping.isNaN ? 1 : damping))
        let omega = -naturalLog(Spring.settleThreshold) / (zeta * duration)
        let v0 = velocity.isFinite ? velocity : 0
        if zeta >= 1 {
            return (1 + (omega - v0) * t) * exponential(-omega * t)
        }
        let omegaD = omega * (1 - zeta * zeta).squareRoot()
        let envelope = exponential(-zeta * omega * t)
        return envelope * (cosine(omegaD * t) + (zeta * omega - v0) / omegaD * sine(omegaD * t))
    }
}
