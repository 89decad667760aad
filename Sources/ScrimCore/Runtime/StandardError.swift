#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes `text` to standard error, unbuffered.
public func writeToStandardError(_ text: String) {
    fputs(text, stderr)
}
