import CLua

/// The key of one entry of Lua's registry that Scrim keeps for itself (`lua_rawsetp`/`lua_rawgetp`): an address no
/// other key has, the object's own. Immutable and never dereferenced, so one key serves every state of the process.
public final class RegistryKey: Sendable {
    public init() {}

    /// The address Lua's registry is keyed by.
    public var address: UnsafeRawPointer { UnsafeRawPointer(Unmanaged.passUnretained(self).toOpaque()) }
}

extension LuaState {
    /// The registry's value at `key`.
    public func registryValue(_ key: RegistryKey) -> LuaValue {
        keepingTop { _ in lua_rawgetp(L, scrim_registryindex(), key.address); return value(at: -1) }
    }

    /// Sets the registry's value at `key`.
    public func setRegistryValue(_ key: RegistryKey, _ value: LuaPushable?) {
        push(arguments: [value])
        lua_rawsetp(L, scrim_registryindex(), key.address)
    }
}
