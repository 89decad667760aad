import CLua
import ScrimLua

/// What `plugin.lua` returns, validated: the fields Swift needs to order and describe a plugin. The exports,
/// `setup` and `options` stay in Lua (the prelude reads them).
public struct PluginManifest {
    public var name: String
    public var version: SemanticVersion
    public var description: String?
    public var requires: [String]
    public var permissions: [String]

    /// Every field a manifest may have; any other is a warning naming it.
    public static let knownFields: Set<String> = ["name", "version", "description", "requires", "permissions", "setup",
                                                  "menus", "transitions", "controllers", "hooks", "options"]
    /// What `permissions` may grant beyond the sandbox.
    public static let knownPermissions = ["io", "os", "native", "plugins"]

    /// Reads and validates the manifest table at `index` for the plugin in `folder`; `warnings` gets the unknown
    /// fields. Throws a message that starts with the manifest's path.
    static func read(_ state: LuaState, at index: Int32, folder: PluginFolder, warnings: inout [String]) throws -> PluginManifest {
        let L = state.L
        let index = lua_absindex(L, index)
        let path = folder.manifestPath
        func problem(_ text: String) -> PluginError {
            PluginError(plugin: folder.name, message: "\(path): \(text)")
        }
        var fields: [String: Int32] = [:]
        lua_pushnil(L)
        while lua_next(L, index) != 0 {
            let type = lua_type(L, -1)
            lua_settop(L, -2)
            guard lua_type(L, -1) == LUA_TSTRING else {
                lua_settop(L, -2)
                throw problem("manifest keys must be field names (strings)")
            }
            fields[state.string(at: -1)] = type
        }
        for field in fields.keys.sorted() where !knownFields.contains(field) {
            warnings.append("plugin '\(folder.name)': unknown manifest field '\(field)' (ignored)")
        }
        func string(_ field: String) -> String? {
            state.keepingTop { _ in
                scrim_rawgetfield(L, index, field)
                return lua_type(L, -1) == LUA_TSTRING ? state.string(at: -1) : nil
            }
        }
        func strings(_ field: String) throws -> [String] {
            guard let type = fields[field] else { return [] }
            guard type == LUA_TTABLE else { throw problem("'\(field)' must be a list of strings, got \(typeName(type))") }
            return try state.keepingTop { list in
                scrim_rawgetfield(L, index, field)
                var result: [String] = []
                let count = Int(lua_rawlen(L, -1))
                var position = 0
                while position < count {
                    position += 1
                    lua_settop(L, list + 1)
                    lua_rawgeti(L, list + 1, lua_Integer(position))
                    guard lua_type(L, -1) == LUA_TSTRING else {
                        throw problem("'\(field)' must be a list of strings (item #\(position) is a \(typeName(lua_type(L, -1))))")
                    }
                    result.append(state.string(at: -1))
                }
                return result
            }
        }
        func typeName(_ type: Int32) -> String { String(cString: lua_typename(L, type)) }
        func expect(_ field: String, _ type: Int32, _ what: String) throws {
            if let actual = fields[field], actual != type {
                throw problem("'\(field)' must be \(what), got \(typeName(actual))")
            }
        }

        guard fields["name"] != nil else { throw problem("the manifest has no 'name'") }
        try expect("name", LUA_TSTRING, "a string")
        guard let name = string("name") else { throw problem("'name' must be a string") }
        guard name == folder.name else {
            throw problem("name '\(name)' does not match its folder '\(folder.name)'")
        }
        guard fields["version"] != nil else { throw problem("the manifest has no 'version'") }
        try expect("version", LUA_TSTRING, "a string")
        guard let versionText = string("version") else { throw problem("'version' must be a string") }
        guard let version = SemanticVersion(versionText) else {
            throw problem("version '\(versionText)' is not a semantic version (MAJOR.MINOR.PATCH, e.g. 1.0.0)")
        }
        try expect("description", LUA_TSTRING, "a string")
        try expect("setup", LUA_TFUNCTION, "a function")
        for field in ["menus", "transitions", "controllers", "hooks", "options"] {
            try expect(field, LUA_TTABLE, "a table")
        }
        let requires = try strings("requires")
        let permissions = try strings("permissions")
        for permission in permissions where !knownPermissions.contains(permission) {
            throw PluginError(plugin: name, message: "\(path): plugin '\(name)': unknown permission '\(permission)' (\(knownPermissions.joined(separator: ", ")))")
        }
        if requires.contains(name) { throw problem("plugin '\(name)' requires itself") }
        return PluginManifest(name: name, version: version, description: string("description"),
                              requires: requires, permissions: permissions)
    }
}
