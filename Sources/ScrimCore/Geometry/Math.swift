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
