/// One plugin a runtime knows of: where it lives, what its manifest says, and whether it runs.
public struct Plugin {
    public enum State: String {
        case loaded, failed
    }

    public var name: String
    public var directory: String
    public var manifest: PluginManifest?
    public var state: State
    /// Why it failed; for a loaded plugin, why its last reload failed (the previous version still runs).
    public var error: String?
    /// Problems that do not stop it (unknown manifest fields).
    public var warnings: [String] = []

    public var version: String? { manifest?.version.description }
    /// `plugin.lua` in its folder.
    public var manifestPath: String { directory + "/plugin.lua" }
}

/// A plugin that could not load or reload; the message names the plugin or its file and line.
public struct PluginError: Error, CustomStringConvertible {
    public var plugin: String
    public var message: String
    public var traceback: String = ""

    public init(plugin: String, message: String, traceback: String = "") {
        self.plugin = plugin
        self.message = message
        self.traceback = traceback
    }

    public var description: String { message }
}
