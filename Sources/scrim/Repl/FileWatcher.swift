import Glibc

/// `:watch on`: the files a session was started from, polled for changes by modification time and size.
struct FileWatcher {
    let paths: [String]
    private var stamps: [Stamp?]

    private struct Stamp: Equatable {
        var seconds: Int
        var nanoseconds: Int
        var size: Int
    }

    init(paths: [String]) {
        self.paths = paths
        stamps = paths.map(FileWatcher.stamp)
    }

    /// Whether any file changed (or appeared, or went) since the last call.
    mutating func changed() -> Bool {
        let now = paths.map(FileWatcher.stamp)
        defer { stamps = now }
        return now != stamps
    }

    private static func stamp(_ path: String) -> Stamp? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return Stamp(seconds: info.st_mtim.tv_sec, nanoseconds: info.st_mtim.tv_nsec, size: Int(info.st_size))
    }
}
