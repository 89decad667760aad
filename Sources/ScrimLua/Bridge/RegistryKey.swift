/// The key of one entry of Lua's registry that Scrim keeps for itself (`lua_rawsetp`/`lua_rawgetp`): an address no
/// other key has, the object's own. Immutable and never dereferenced, so one key serves every state of the process.
public final class RegistryKey: Sendable {
    public init() {}

    /// The address Lua's registry is keyed by.
    public var address: UnsafeRawPointer { UnsafeRawPointer(Unmanaged.passUnretained(self).toOpaque()) }
}
