import Glibc

/// Where plugins are looked for (docs/API.md §9): every `--plugins DIR`, then `SCRIM_PLUGIN_PATH` (`:`-separated), then
/// `./plugins` unless it holds the bundled plugins' sources (`BundledPlugins.sourceMarker`).
/// Each entry is a plugin folder (it has `plugin.lua`), a folder of plugin folders, or a bundled plugin by name
/// (`@popup_menu`, `@bundled` for all).
public struct PluginSearchPath {
    public var directories: [String]

    public init(directories: [String]) {
        self.directories = directories
    }

    /// The search path of a command: `flags` first, then the environment's, then `./plugins` when `includeDefault`.
    public static func standard(flags: [String], environment: String? = PluginSearchPath.environmentValue,
                                includeDefault: Bool = true) -> PluginSearchPath {
        var directories = flags
        if let environment {
            directories += environment.split(separator: ":").map(String.init).filter { !$0.isEmpty }
        }
        if includeDefault, PluginSearchPath.isDirectory("plugins"),
           !PluginSearchPath.isFile("plugins/" + BundledPlugins.sourceMarker) {
            directories.append("plugins")
        }
        return PluginSearchPath(directories: directories)
    }

    public static var environmentValue: String? {
        getenv("SCRIM_PLUGIN_PATH").map { String(cString: $0) }
    }

    /// The plugin folders along the path, in order (within a folder of plugins, by name); a name seen before is
    /// shadowed by the earlier one and reported in `shadowed`. A folder reached again under another spelling
    /// (`plugins` and `./plugins/`, a link to it) is the same folder, not one shadowing itself: it is skipped.
    public func discover() -> (folders: [PluginFolder], shadowed: [String]) {
        var folders: [PluginFolder] = []
        var shadowed: [String] = []
        var seen: [String: String] = [:]
        var identities: Set<String> = []
        for directory in directories {
            for folder in PluginFolder.find(in: directory) {
                guard identities.insert(Self.identity(of: folder.directory)).inserted else { continue }
                if let first = seen[folder.name] {
                    shadowed.append("plugin '\(folder.name)' in \(folder.directory) is shadowed by the one in \(first)")
                    continue
                }
                seen[folder.name] = folder.directory
                folders.append(folder)
            }
        }
        return (folders, shadowed)
    }

    /// What names a folder whatever the path's spelling: its device and inode (a bundled plugin: its name).
    static func identity(of directory: String) -> String {
        var info = stat()
        guard !BundledPlugins.isBundledName(directory), stat(directory, &info) == 0 else { return directory }
        return "\(info.st_dev):\(info.st_ino)"
    }

    static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    static func isFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }
}

/// A folder holding `plugin.lua` (or a bundled plugin, `@name`); its name is the plugin's name.
public struct PluginFolder: Equatable {
    public var name: String
    public var directory: String

    public var manifestPath: String { directory + "/plugin.lua" }

    public init(directory: String) {
        var trimmed = directory
        while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed.removeLast() }
        self.directory = trimmed
        if BundledPlugins.isBundledName(trimmed) {
            name = String(trimmed.dropFirst())
        } else {
            name = trimmed.split(separator: "/").last.map(String.init) ?? trimmed
        }
    }

    /// `path` itself if it is a plugin folder, else its subfolders that are, sorted by name; none if it is neither.
    public static func find(in path: String) -> [PluginFolder] {
        if BundledPlugins.isBundledName(path) { return BundledPlugins.folders(path) }
        if PluginSearchPath.isFile(path + "/plugin.lua") { return [PluginFolder(directory: path)] }
        guard let dir = opendir(path) else { return [] }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                raw.bindMemory(to: CChar.self).baseAddress.map { String(cString: $0) } ?? ""
            }
            if name.hasPrefix(".") { continue }
            if PluginSearchPath.isFile(path + "/" + name + "/plugin.lua") { names.append(name) }
        }
        let base = path.hasSuffix("/") ? String(path.dropLast()) : path
        return names.sorted().map { PluginFolder(directory: base + "/" + $0) }
    }

    /// The text of `plugin.lua`, or nil if it cannot be read.
    func readManifestSource() -> String? {
        if BundledPlugins.isBundledName(directory) { return BundledPlugins.source(name) }
        guard let file = fopen(manifestPath, "r") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = fread(&buffer, 1, buffer.count, file)
            if count <= 0 { break }
            bytes.append(contentsOf: buffer[0..<count])
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
