import ScrimLua

/// `--filter` takes a Lua pattern, matched against a test's full name in either form: busted's (names joined by
/// spaces) and the one the reports show (joined by " › "). A malformed one is reported once, up front, rather than
/// in every file.
public enum FilterPattern {
    /// What is wrong with `pattern` as Lua sees it, or nil when it is a valid pattern.
    public static func problem(_ pattern: String) -> String? {
        let state: LuaState
        do { state = try LuaState(memoryLimit: 1 << 24, timeBudget: 1) } catch { return "\(error)" }
        defer { state.close() }
        do {
            guard case .table(let string) = state.global("string") else { return "no string library" }
            try state.callField(string, "find", ["", pattern])
            return nil
        } catch let error as LuaError {
            return error.message.replacing("bad argument #2 to 'find' ", with: "")
        } catch {
            return "\(error)"
        }
    }

    /// The patterns of `filters` that match none of the tests named by `names` (each a test's names, outermost
    /// first): what a run warns about. None when Lua could not say (a pattern that outlasts the budget).
    static func unmatched(_ filters: [String], by names: [[String]]) -> [String] {
        guard !filters.isEmpty else { return [] }
        guard let state = try? LuaState(memoryLimit: 1 << 26, timeBudget: 5) else { return [] }
        defer { state.close() }
        do {
            try state.load("""
                local filters, names = ...
                local unmatched = {}
                for _, pattern in ipairs(filters) do
                  local found = false
                  for _, parts in ipairs(names) do
                    if table.concat(parts, " "):find(pattern) or table.concat(parts, " › "):find(pattern) then
                      found = true
                      break
                    end
                  end
                  if not found then unmatched[#unmatched + 1] = pattern end
                end
                return unmatched
                """, name: "=[scrim filters]")
            let unmatched = state.popRef()
            return state.table(try state.call(unmatched, [filters, names]))?.strings ?? []
        } catch {
            return []
        }
    }
}
