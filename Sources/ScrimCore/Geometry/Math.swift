#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// The libm functions Scrim needs (ScrimCore and the modules above it), behind one import so no other file cares
// which libc this is.
@inlinable public func cosine(_ x: Double) -> Double { cos(x) }
@inlinable public func sine(_ x: Double) -> Double { sin(x) }
@inlinable public func exponential(_ x: Double) -> Double { exp(x) }
@inlinable public func naturalLog(_ x: Double) -> Double { log(x) }
@inlinable public func squareRoot(_ x: Double) -> Double { x.squareRoot() }
@inlinable public func power(_ x: Double, _ y: Double) -> Double { pow(x, y) }

extension Int {
    /// `value` rounded toward zero and limited to `bounds` (NaN gives the lower bound): a coordinate or a time made
    /// an index without the trap of `Int(_:)` for values out of range.
    public init(clamping value: Double, to bounds: ClosedRange<Int>) {
        if !(value > Double(bounds.lowerBound)) {
            self = bounds.lowerBound
        } else if value >= Double(bounds.upperBound) {
            self = bounds.upperBound
        } else {
            self = Int(value)
        }
    }
}
