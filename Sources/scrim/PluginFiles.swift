import Glibc

/// What a live session watches of a plugin: the files whose save reloads it.
enum PluginFiles {
    /// The plugin's `plugin.lua` and the other `.lua` files beside it (modules it requires).
    static func luaFiles(in directory: String) -> [String] {
        var files = [directory + "/plugin.lua"]
        guard let folder = opendir(directory) else { return files }
        defer { closedir(folder) }
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name.hasSuffix(".lua"), name != "plugin.lua" { files.append(directory + "/" + name) }
        }
        return files.sorted()
    }
}
