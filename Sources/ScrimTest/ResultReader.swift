import ScrimLua

/// Reads spec.lua's result tables into `TestResult`s in place (`RawTableReader`), each string decoded from Lua's
/// bytes by `ResultText`. A worker reads one result a test; through `LuaValue`s, a registry reference and a byte array
/// a field, that was a sixth of a trivial test's cost.
enum ResultReader {
    /// The results in the list `results` (spec.lua's `runner.next`), for a spec file at `path`.
    static func read(_ state: LuaState, _ results: LuaValue, path: String) -> [TestResult] {
        state.readRaw(results) { list in
            list.elements { $0.table { result(in: $0, path: path) } }.compactMap { $0 }
        } ?? []
    }

    private static func result(in table: RawTableReader, path: String) -> TestResult {
        let names = table.table("names") { names in names.elements { $0.bytes(ResultText.read) ?? "" } } ?? []
        let status = text(table, "status").flatMap(TestStatus.init(rawValue:)) ?? .error
        return TestResult(status: status, names: names, file: path, line: table.integer("line") ?? 0,
                          message: text(table, "message"), location: text(table, "where"),
                          traceback: text(table, "traceback"), descriptor: text(table, "descriptor"),
                          declared: table.table("declared", trace) ?? nil, raised: table.table("raised", trace) ?? nil,
                          randomSeed: table.integer("randomseed").map(Int64.init))
    }

    /// spec.lua's trace table (`traceAt`).
    private static func trace(_ trace: RawTableReader) -> SourceTrace? {
        let message: SourceTrace.Message? = trace.field("message") { value in
            if value.isString { return value.bytes(ResultText.read).map(SourceTrace.Message.text) }
            return value.table { wrapped in
                if let json = wrapped.bytes("json", { $0.count <= ResultText.limit ? ResultText.read($0) : nil }) {
                    // Whole or not at all: JSON cut short is not JSON.
                    return json.map(SourceTrace.Message.json)
                }
                return .wrapped(text(wrapped, "message") ?? "")
            } ?? nil
        }
        return SourceTrace(source: text(trace, "source") ?? "", shortSource: text(trace, "short_src") ?? "",
                           line: trace.integer("currentline") ?? 0, lineDefined: trace.integer("linedefined") ?? 0,
                           lastLineDefined: trace.integer("lastlinedefined") ?? 0, what: text(trace, "what") ?? "",
                           traceback: text(trace, "traceback") ?? "", message: message)
    }

    private static func text(_ table: RawTableReader, _ key: String) -> String? { table.bytes(key, ResultText.read) }
}
