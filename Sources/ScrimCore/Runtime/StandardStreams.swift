// @preconcurrency: Glibc declares stdin, stdout and stderr as mutable globals, which the Swift 6 language mode refuses
// to read from code that could run on any thread. They are never assigned after the C runtime starts, and every stdio
// call locks the stream it is given (POSIX requires stdio to be thread-safe), so reading them anywhere is safe. This
// file is the one place that says so; the rest of Scrim uses these names.
#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
@preconcurrency import Darwin
#endif

/// C's `stdout`, for stdio calls (`fputs`, `fflush`, `setvbuf`).
public var standardOutput: UnsafeMutablePointer<FILE> { stdout }

/// C's `stderr`, for stdio calls.
public var standardErrorStream: UnsafeMutablePointer<FILE> { stderr }

/// C's `stdin`, for stdio calls (`getline`).
public var standardInput: UnsafeMutablePointer<FILE> { stdin }
