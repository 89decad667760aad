import CLua
import ScrimCore

/// A `scrim.class` body checked as it is written. A member defined on a class over a Scrim class whose name is close
/// to one Scrim calls and the class lacks (`function Sheet:executePresentationAnimaton()`) is most likely that member
/// misspelt: Scrim would never call it, and nothing else would say so. Other names of the class's own are fine.
enum ClassBodyCheck {
    /// `misspelt(className, key, baseName, lacking)` for the prelude: warns at the script's line defining `key` when
    /// it is close to a key of `lacking` (the base's overridable members the class does not define, as a set).
    static let warnIfMisspelt = HostFunction("misspelt") { call in
        let className = try call.string(1), key = try call.string(2), baseName = try call.string(3)
        guard call.type(4) == LUA_TTABLE,
              let meant = NearestName.closest(to: key, among: call.state.tableNames(at: 4).sorted()) else { return 0 }
        let place = call.state.scriptLevel().map { level -> String in
            scrim_where(call.L, level)
            defer { lua_settop(call.L, -2) }
            return call.state.string(at: -1)
        } ?? ""
        call.runtime.core.warningSink("\(place)\(className) has '\(key)' but no '\(meant)' (a member of \(baseName) "
            + "that Scrim calls) — did you mean '\(meant)'?")
        return 0
    }
}
