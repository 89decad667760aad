import ScrimLua

/// The Lua half of the plugin loader, compiled once per runtime on first use: each plugin's environment and its
/// view of `scrim` (`Lua/sandbox.lua`, with a random generator of its own from `Lua/random.lua`); the registry of exports and the one adapter through which every object built
/// from an export reaches it — a proxy whose `__index` looks the member up in the plugin's current export at call
/// time, so that a reload swaps the code under live popups, transitions and controllers (`Lua/plugins.lua`).
/// `PluginHost` (Swift) finds, orders and validates plugins and calls `evaluate`, `activate`, `abort` there.
enum PluginPrelude {
    static let random = EmbeddedLua("random.lua", PackageResources.random_lua)
    static let sandbox = EmbeddedLua("sandbox.lua", PackageResources.sandbox_lua)
    static let loader = EmbeddedLua("plugins.lua", PackageResources.plugins_lua)
}
