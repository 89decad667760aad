#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// The few libm functions ScrimCore needs, behind one import so no other file cares which libc this is.
@inline(__always) func cosine(_ x: Double) -> Double { cos(x) }
@inline(__always) func sine(_ x: Double) -> Double { sin(x) }
@inline(__always) func exponential(_ x: Double) -> Double { exp(x) }
@inline(__always) func naturalLog(_ x: Double) -> Double { log(x) }

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
