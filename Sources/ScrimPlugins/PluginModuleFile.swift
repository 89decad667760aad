import Glibc
import ScrimLua

/// Where a plugin's `require` may read a module from: a file whose real path (symbolic links and `..` resolved) is
/// inside the real path of the plugin's own folder, and that is no hard link (a second name of a file may be one kept
/// anywhere on the disk). Lua cannot resolve paths itself, so the sandbox asks this before it opens a candidate.
enum PluginModuleFile {
    /// `ownModuleFile(dir, path)`: "missing" when there is no such file; "inside", and the real path to read, when the
    /// plugin may read it; "outside" otherwise.
    static let check = HostFunction("ownModuleFile") { call in
        let folder = try call.string(1), path = try call.string(2)
        // A NUL would end the path where the C library reads it, somewhere other than where the sandbox looked.
        guard !folder.utf8.contains(0), !path.utf8.contains(0) else { return call.push("outside") }
        var info = stat()
        guard stat(path, &info) == 0 else { return call.push("missing") }
        guard let real = realPath(path), let realFolder = realPath(folder) else { return call.push("missing") }
        let inside = real.hasPrefix(realFolder.hasSuffix("/") ? realFolder : realFolder + "/")
        let isFile = info.st_mode & S_IFMT == S_IFREG
        if inside, isFile, info.st_nlink <= 1 { return call.push("inside", real) }
        return call.push("outside")
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
