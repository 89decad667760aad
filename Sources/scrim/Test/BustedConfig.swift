import Glibc
import ScrimLua

/// A `.busted` file: Lua returning a table of tasks (`default = {…}`, `_all = {…}`, others chosen with `--run`).
/// The chosen task's settings, `_all`'s under them, each as a list of strings (a table's items, or one value).
///
/// The file is the user's code, and so are the tables it returns (their metatables may raise or loop): it runs, and
/// its tables are read, by a Lua chunk inside one protected call under a budget of its own, which copies the settings
/// into plain tables of strings. Swift reads only those copies.
struct BustedConfig {
    var path: String
    var settings: [(String, [String])]

    /// What reading a config may take: it never needs more.
    static let timeBudget = 2.0
    static let memoryLimit = 1 << 26

    /// Runs the config chunk (argument 1) and copies the task (argument 2) and `_all` into a list of
    /// `{key, {values…}}`, keys sorted; or returns nil and what is missing: "table" (the file returned none) or
    /// "task" (the task, when it must exist).
    static let reader = """
        local chunk, taskName, required = ...
        local config = chunk()
        if type(config) ~= "table" then return nil, "table" end
        local function text(value)
          local kind = type(value)
          if kind == "boolean" then return value and "true" or "false" end
          if kind == "string" then return value end
          if kind == "number" then return tostring(value) end
          return ""
        end
        local settings, seen = {}, {}
        local function copy(name, mustExist)
          local task = config[name]
          if type(task) ~= "table" then
            return mustExist
          end
          local keys = {}
          for key in pairs(task) do
            if type(key) == "string" and not seen[key] then keys[#keys + 1] = key end
          end
          table.sort(keys)
          for _, key in ipairs(keys) do
            seen[key] = true
            local value, values = task[key], {}
            if type(value) == "table" then
              for _, item in ipairs(value) do values[#values + 1] = text(item) end
            else
              values[1] = text(value)
            end
            settings[#settings + 1] = { key, values }
          end
        end
        if copy(taskName, required) then return nil, "task" end
        copy("_all", false)
        return settings
        """

    static func load(path explicit: String?, task: String?) throws -> BustedConfig? {
        let path = explicit ?? ".busted"
        guard access(path, R_OK) == 0 else {
            if explicit != nil { throw UsageError(message: "specified config file '\(path)' not found", command: "test") }
            if let task { throw UsageError(message: "no .busted file for --run '\(task)'", command: "test") }
            return nil
        }
        let state = try LuaState(memoryLimit: memoryLimit, timeBudget: timeBudget)
        defer { state.close() }
        let results: [LuaValue]
        do {
            try state.load(reader, name: "=[scrim .busted reader]")
            try state.loadFile(path)
            state.push(arguments: [task ?? "default", task != nil])
            try state.call(nargs: 3, nresults: 2)
            results = [state.value(at: -2), state.value(at: -1)]
        } catch let error as LuaError {
            throw UsageError(message: "failed loading config file `\(path)`: \(error.message)", command: "test")
        } catch {
            throw UsageError(message: "failed loading config file `\(path)`: \(error)", command: "test")
        }
        guard let list = state.table(results[0]) else {
            let missing = if case .string(let name) = results[1] { name } else { "table" }
            throw UsageError(message: missing == "task" ? "Task `\(task ?? "default")` not found, or not a table (\(path))"
                                                        : "\(path) does not return a table", command: "test")
        }
        return BustedConfig(path: path, settings: copiedSettings(list, state))
    }

    /// The reader's list: plain tables `{key, {strings}}` it made, read raw.
    private static func copiedSettings(_ list: LuaTable, _ state: LuaState) -> [(String, [String])] {
        list.elements.compactMap { element in
            guard let pair = state.table(element), case .string(let key) = pair.elements.first,
                  let values = pair.elements.dropFirst().first.flatMap(state.table)?.strings else { return nil }
            return (key, values)
        }
    }
}
