#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// The few libc functions ScrimRender needs besides ScrimCore's libm wrappers (Geometry/Math.swift), behind one
// import so no other file cares which libc this is.

/// The text of the last libc error (`errno`).
func lastSystemError() -> String {
    String(cString: strerror(errno))
}

/// Writes `text` to the file at `path`, replacing it.
func writeTextFile(_ text: String, to path: String) throws {
    guard let file = fopen(path, "wb") else {
        throw RenderError("cannot write \(path): \(lastSystemError())")
    }
    let count = text.utf8.count
    let written = text.withCString { fwrite($0, 1, count, file) }
    let closed = fclose(file)
    if written != count || closed != 0 {
        throw RenderError("cannot write \(path): \(lastSystemError())")
    }
}

/// Whether a file exists at `path`.
func fileExists(_ path: String) -> Bool {
    access(path, F_OK) == 0
}

/// Creates `path` and its missing parents as directories.
public func makeDirectories(_ path: String) throws {
    guard !path.isEmpty, !fileExists(path) else { return }
    let parent = directoryName(of: path)
    if parent != path { try makeDirectories(parent) }
    if mkdir(path, 0o755) != 0 && errno != EEXIST {
        throw RenderError("cannot create directory \(path): \(lastSystemError())")
    }
}

/// The directory part of `path` ("." if none).
public func directoryName(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    if slash == path.startIndex { return "/" }
    return String(path[..<slash])
}
