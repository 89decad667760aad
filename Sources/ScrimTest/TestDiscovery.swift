import Glibc

/// Finds spec files: `*_spec.lua` and `*_test.lua` below each path, skipping hidden folders
/// (`.build`, `.git`); a path naming a file is taken as it is.
public enum TestDiscovery {
    public static func isSpecFile(_ name: String) -> Bool {
        name.hasSuffix("_spec.lua") || name.hasSuffix("_test.lua")
    }

    /// Every spec file below `paths`, sorted by path, each once.
    public static func files(in paths: [String]) throws -> [String] {
        var found = Set<String>()
        for path in paths {
            let root = normalized(path)
            var info = stat()
            guard stat(root, &info) == 0 else {
                throw TestSetupError("cannot read '\(path)': \(String(cString: strerror(errno)))")
            }
            if info.st_mode & S_IFMT == S_IFDIR {
                walk(root, into: &found)
            } else {
                found.insert(root)
            }
        }
        return found.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    private static func normalized(_ path: String) -> String {
        var path = path
        while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
        while path.hasPrefix("./") && path.count > 2 { path.removeFirst(2) }
        return path
    }

    private static func walk(_ directory: String, into found: inout Set<String>) {
        guard let handle = opendir(directory) else { return }
        defer { closedir(handle) }
        while let entry = readdir(handle) {
            let name = withUnsafePointer(to: entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
            }
            if name.hasPrefix(".") { continue }
            let path = directory == "." ? name : directory + "/" + name
            var info = stat()
            // lstat: a symlinked folder is not followed (no loops); a symlinked file still counts.
            guard lstat(path, &info) == 0 else { continue }
            switch info.st_mode & S_IFMT {
            case S_IFDIR:
                walk(path, into: &found)
            case S_IFREG, S_IFLNK:
                if isSpecFile(name) { found.insert(path) }
            default:
                break
            }
        }
    }
}
