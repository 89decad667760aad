import CLua
import ScrimCore

/// A `scrim.class` body checked as it is written (and its instance as fields are set): a member whose name is close
/// to one Scrim calls that is not given (`executePresentationAnimaton`) is most likely misspelt, and Scrim would never
/// call it. The rule is the delegate tables' (`MisspeltMember`).
enum ClassBodyCheck {
    /// `misspelt(className, key, baseName, overridables, given)` for the prelude: warns at the script's line when `key`
    /// most likely meant one of `overridables` (a set) that `given` (a set) lacks.
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
