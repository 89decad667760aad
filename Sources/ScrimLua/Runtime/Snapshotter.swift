import CLua
import ScrimCore
import Synchronization

extension LuaRuntime {
    /// `scrim.snapshot`'s back end (a PNG of the window now), set to the renderer by the command-line tool (the bridge
    /// knows only the core); nil: `scrim.snapshot` raises. nonisolated(unsafe): set once before any state runs.
    public nonisolated(unsafe) static var snapshotter: ((Runtime, String) throws -> Void)?

    /// The path `scrim.snapshot()` writes to when given none: `scrim-snapshot-<n>.png` in the current directory,
    /// numbered from 1 in each process, so that running a script again rewrites the same files.
    static func nextDefaultSnapshotPath() -> String {
        "scrim-snapshot-\(defaultSnapshotCount.add(1, ordering: .relaxed).newValue).png"
    }

    private static let defaultSnapshotCount = Atomic<Int>(0)
}

extension ScrimModule {
    /// `scrim.snapshot([path])` → the path of the PNG written.
    static let snapshot = HostFunction("snapshot") { call in
        let path = try call.optionalString(1)
        if let path, path.isEmpty { throw call.argumentError(1, "path is empty") }
        // The file system would stop at the first NUL and write somewhere else.
        if let path, path.utf8.contains(0) { throw call.argumentError(1, "path contains a NUL byte") }
        guard let snapshotter = LuaRuntime.snapshotter else {
            throw ScriptError("scrim.snapshot needs the rendering module (Cairo), which this program does not include")
        }
        let destination = path ?? LuaRuntime.nextDefaultSnapshotPath()
        try snapshotter(call.runtime.core, destination)
        return call.push(destination)
    }
}
