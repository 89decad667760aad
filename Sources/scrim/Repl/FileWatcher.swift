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

    /// When the newest of the files was last modified (seconds since the epoch, the wall clock), 0 if none is there:
    /// the save a reload answers, to measure how long after it the new code's first frame came.
    var lastModified: Double {
        stamps.compactMap { $0.map { Double($0.seconds) + Double($0.nanoseconds) / 1e9 } }.max() ?? 0
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
