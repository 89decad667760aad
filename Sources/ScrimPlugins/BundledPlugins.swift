/// The plugins that ship inside Scrim, embedded at build time from the repository's `plugins/<name>/plugin.lua`
/// (through the links in `Lua/bundled/`, since a target's resources must lie inside it and have distinct names),
/// loaded by name wherever a plugin folder is expected: `@popup_menu` is one of them, `@bundled` all. Nothing loads
/// them unless asked: the source tree's `plugins/` holds `sourceMarker`, so a run there behaves as anywhere else.
public enum BundledPlugins {
    /// The name that stands for every bundled plugin.
    public static let all = "@bundled"

    /// A file in a folder of plugins that keeps it off the default `./plugins` search (it is still loaded when named).
    public static let sourceMarker = ".scrim-bundled"

    static let sources: [String: [UInt8]] = [
        "analytics": PackageResources.analytics_lua,
        "popup_menu": PackageResources.popup_menu_lua,
        "sheets": PackageResources.sheets_lua,
    ]

    /// The bundled plugins' names, sorted.
    public static var names: [String] { sources.keys.sorted() }

    /// Whether `path` is meant as a bundled plugin (`@…`) rather than a folder.
    static func isBundledName(_ path: String) -> Bool { path.hasPrefix("@") }

    /// The folders that `path` (`@name` or `@bundled`) stands for; empty for an unknown name.
    static func folders(_ path: String) -> [PluginFolder] {
        if path == all { return names.map { PluginFolder(directory: "@" + $0) } }
        let name = String(path.dropFirst())
        return sources[name] == nil ? [] : [PluginFolder(directory: path)]
    }

    /// What to say about `path` when no bundled plugin has its name.
    static func unknown(_ path: String) -> String {
        "no bundled plugin '\(path)' (bundled: \(names.map { "@" + $0 }.joined(separator: ", ")); \(all) for all)"
    }

    /// The text of the bundled plugin called `name`.
    static func source(_ name: String) -> String? {
        sources[name].map { String(decoding: $0, as: UTF8.self) }
    }
}
