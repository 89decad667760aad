import CLua
import ScrimCore

/// A `scrim.class` body checked as it is written, and an instance of one as fields are set on it. A member defined on
/// a class over a Scrim class (or set on its instance) whose name is close to one Scrim calls that is not given
/// (`function Sheet:executePresentationAnimaton()`) is most likely that member misspelt: Scrim would never call it,
/// and nothing else would say so. The rule is the delegate tables' (`MisspeltMember`); other names of the class's own
/// are fine.
enum ClassBodyCheck {
    /// `misspelt(className, key, baseName, overridables, given)` for the prelude: warns at the script's line defining
    /// `key` when it most likely meant one of `overridables` (the base's members Scrim calls, as a set) that `given`
    /// (the class's chain and the instance, as a set) lacks.
    static let warnIfMisspelt = HostFunction("misspelt") { call in
        let className = try call.string(1), key = try call.string(2), baseName = try call.string(3)
        guard call.type(4) == LUA_TTABLE, call.type(5) == LUA_TTABLE else { return 0 }
        let given = call.state.tableNames(at: 5)
        guard let meant = MisspeltMember.meant(key, among: call.state.tableNames(at: 4).sorted(), isGiven: given.contains)
        else { return 0 }
        call.runtime.warn(MisspeltMember.warning(className, has: key, meant: meant,
                                                 note: " (a member of \(baseName) that Scrim calls)"), at: call)
        return 0
    }
}
