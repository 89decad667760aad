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
        let path = folder.manifestPath
        func problem(_ text: String) -> PluginError {
            PluginError(plugin: folder.name, message: "\(path): \(text)")
        }
        guard let table = state.table(at: index) else { throw problem("the manifest must be a table") }
        guard table.otherKeyCount == 0 else { throw problem("manifest keys must be field names (strings)") }
        let fields = table.fields
        for field in fields.keys.sorted() where !knownFields.contains(field) {
            warnings.append("plugin '\(folder.name)': unknown manifest field '\(field)' (ignored)")
        }
        func string(_ field: String) -> String? {
            if case .string(let string)? = fields[field] { return string }
            return nil
        }
        func strings(_ field: String) throws -> [String] {
            guard let value = fields[field] else { return [] }
            guard let list = state.table(value) else { throw problem("'\(field)' must be a list of strings, got \(value.typeName)") }
            if let strings = list.strings { return strings }
            let position = list.elements.firstIndex { if case .string = $0 { false } else { true } } ?? 0
            throw problem("'\(field)' must be a list of strings (item #\(position + 1) is a \(list.elements[position].typeName))")
        }
        func expect(_ field: String, _ type: String, _ what: String) throws {
            if let actual = fields[field]?.typeName, actual != type {
                throw problem("'\(field)' must be \(what), got \(actual)")
            }
        }

        guard fields["name"] != nil else { throw problem("the manifest has no 'name'") }
        try expect("name", "string", "a string")
        guard let name = string("name") else { throw problem("'name' must be a string") }
        guard name == folder.name else {
            throw problem("name '\(name)' does not match its folder '\(folder.name)'")
        }
        guard fields["version"] != nil else { throw problem("the manifest has no 'version'") }
        try expect("version", "string", "a string")
        guard let versionText = string("version") else { throw problem("'version' must be a string") }
        guard let version = SemanticVersion(versionText) else {
            throw problem("version '\(versionText)' is not a semantic version (MAJOR.MINOR.PATCH, e.g. 1.0.0)")
        }
        try expect("description", "string", "a string")
        try expect("setup", "function", "a function")
        for field in ["menus", "transitions", "controllers", "hooks", "options"] {
            try expect(field, "table", "a table")
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
