import Glibc
import ScrimLua

/// Finds spec files as busted does: the `.lua` files below each path whose name matches one of the Lua patterns
/// (`--pattern`; busted's default is `_spec`) and none of `--exclude-pattern`'s, skipping hidden files and folders
/// (`.build`, `.git`); a path naming a file is taken as it is.
public enum TestDiscovery {
    /// Every spec file below `paths`, sorted by path, each once.
    public static func files(in paths: [String], patterns: [String] = TestOptions.defaultPatterns,
                             excluding: [String] = []) throws -> [String] {
        let matcher = try NameMatcher(patterns: patterns, excluding: excluding)
        defer { matcher.close() }
        var found = Set<String>()
        for path in paths {
            let root = normalized(path)
            var info = stat()
            guard stat(root, &info) == 0 else {
                throw TestSetupError("cannot read '\(path)': \(String(cString: strerror(errno)))")
            }
            if info.st_mode & S_IFMT == S_IFDIR {
                walk(root, matcher, into: &found)
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

    private static func walk(_ directory: String, _ matcher: NameMatcher, into found: inout Set<String>) {
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
                walk(path, matcher, into: &found)
            case S_IFREG, S_IFLNK:
                if matcher.matches(name) { found.insert(path) }
            default:
                break
            }
        }
    }
}

/// busted's file selection by Lua patterns (`string.find` on the file's name), with a Lua state of its own.
private final class NameMatcher {
    let patterns: [String]
    let excluding: [String]
    private let state: LuaState

    init(patterns: [String], excluding: [String]) throws {
        state = try LuaState(memoryLimit: 1 << 24, timeBudget: 5)
        self.patterns = patterns
        self.excluding = excluding
        for pattern in patterns + excluding {
            if let problem = FilterPattern.problem(pattern) {
                state.close()
                throw TestSetupError("invalid file pattern '\(pattern)' (\(problem))")
            }
        }
    }

    func close() { state.close() }

    /// A Lua file (busted's Lua loader takes `.lua` files only) that no exclusion and some pattern matches.
    func matches(_ name: String) -> Bool {
        guard name.hasSuffix(".lua") else { return false }
        if excluding.contains(where: { !$0.isEmpty && find(state, name, $0) }) { return false }
        return patterns.contains(where: { find(state, name, $0) })
    }

    private func find(_ state: LuaState, _ name: String, _ pattern: String) -> Bool {
        guard case .table(let string) = state.global("string"),
              let found = try? state.callField(string, "find", [name, pattern]).first else { return false }
        if case .nil = found { return false }
        return true
    }
}
