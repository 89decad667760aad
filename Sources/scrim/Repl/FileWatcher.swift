import Glibc
import ScrimCore

/// The files a live session was started from (`:watch on`, a `--window`'s script and plugins), polled for changes by
/// modification time and size. A change is reported only once the files have settled — looked the same for
/// `settleInterval` —, so that a save that is not atomic (the file emptied, then written, maybe in pieces) runs the
/// saved script, never the empty or half-written one on the way.
struct FileWatcher {
    /// How long the files must keep the same modification time and size before a change counts: a few frames, far
    /// longer than an editor takes to write a file, far shorter than the 200 ms a reload may take.
    static let settleInterval: Seconds = 0.05

    let paths: [String]
    /// What the last reported change (or the start) found.
    private var stamps: [Stamp?]
    /// A change seen but not yet settled: what the files look like, and since when (the monotonic clock).
    private var unsettled: (stamps: [Stamp?], since: Seconds)?

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

    /// Whether any file changed (or appeared, or went) since the last change reported, and has stayed as it is now
    /// for `settleInterval` (by the looks taken so far: the first look at a change reports nothing). `now` is the
    /// monotonic clock's time.
    mutating func changed(now: Seconds = Clock.monotonicSeconds()) -> Bool {
        let current = paths.map(FileWatcher.stamp)
        guard current != stamps else {
            unsettled = nil
            return false
        }
        guard let unsettled, unsettled.stamps == current else {
            unsettled = (current, now)
            return false
        }
        guard now - unsettled.since >= FileWatcher.settleInterval else { return false }
        stamps = current
        self.unsettled = nil
        return true
    }

    private static func stamp(_ path: String) -> Stamp? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return Stamp(seconds: info.st_mtim.tv_sec, nanoseconds: info.st_mtim.tv_nsec, size: Int(info.st_size))
    }
}
