import Glibc

/// Where the REPL keeps its history: `$XDG_STATE_HOME/scrim/history`, else `~/.local/state/scrim/history`.
enum HistoryFile {
    /// The path, its folder made if missing; nil when there is no home to put it in.
    static func path() -> String? {
        var base: String
        if let state = environment("XDG_STATE_HOME"), state.hasPrefix("/") {
            base = state
        } else if let home = environment("HOME"), !home.isEmpty {
            base = home + "/.local/state"
        } else {
            return nil
        }
        if base.hasSuffix("/") { base.removeLast() }
        let folder = base + "/scrim"
        guard makeFolders(folder) else { return nil }
        return folder + "/history"
    }

    private static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// `mkdir -p`: true if the folder exists afterwards.
    private static func makeFolders(_ path: String) -> Bool {
        var info = stat()
        if stat(path, &info) == 0 { return (info.st_mode & S_IFMT) == S_IFDIR }
        if let slash = path.lastIndex(of: "/"), slash != path.startIndex {
            guard makeFolders(String(path[..<slash])) else { return false }
        }
        return mkdir(path, 0o700) == 0 || errno == EEXIST
    }
}
