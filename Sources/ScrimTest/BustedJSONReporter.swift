import ScrimCore

/// busted's JSON (`-o json`), for the tools written for it: one document with `successes`, `failures`, `errors` and
/// `pendings` — each entry the test's full `name`, its `element` (`descriptor`, `name`, the `trace` of where it was
/// declared, `attributes`, start and end times), the `trace` of where it failed (or was declared, when it did not),
/// and its `message` — and the run's `duration`. Keys are busted's; where busted omits one (an entry's `message` when
/// there is none, a hook's name, the end times of a test that failed), so does this.
struct BustedJSONReporter: Reporter {
    let write: (String) -> Void
    private var successes: [String] = []
    private var failures: [String] = []
    private var errors: [String] = []
    private var pendings: [String] = []

    init(write: @escaping (String) -> Void) {
        self.write = write
    }

    mutating func begin(fileCount: Int, seed: UInt64?) {}

    mutating func report(_ file: FileResult) {
        for result in file.results {
            let entry = Self.entry(result)
            switch result.status {
            case .passed: successes.append(entry)
            case .failed: failures.append(entry)
            case .error: errors.append(entry)
            case .pending: pendings.append(entry)
            }
        }
    }

    mutating func finish(_ summary: TestSummary) {
        var out = "{"
        for (key, list) in [("pendings", pendings), ("successes", successes), ("failures", failures), ("errors", errors)] {
            out += "\"\(key)\":[" + list.joined(separator: ",") + "],"
        }
        out += "\"duration\":"
        JSON.writeNumber(summary.duration, to: &out)
        write(out + "}\n")
    }

    /// busted's attributes of an element, by its descriptor (`default_fn` of a pending test is a function, which JSON
    /// has none of: an empty table, as busted writes it).
    private static func attributes(_ descriptor: String) -> String {
        switch descriptor {
        case "insulate", "expose": return "{\"envmode\":\"\(descriptor)\"}"
        case "before_each", "after_each", "lazy_setup", "lazy_teardown", "strict_setup", "strict_teardown":
            return "{\"envmode\":\"unwrap\"}"
        default: return "[]"
        }
    }

    private static func entry(_ result: TestResult) -> String {
        var fields: [(String, String)] = []
        let name = result.names.isEmpty ? result.file : result.fullName
        fields.append(("name", Escaping.json(name)))
        fields.append(("element", element(result)))
        // A test that ran to its end (or a pending one never run) points at its declaration, as busted's do.
        let ranToEnd = result.status == .passed || result.descriptor == "pending"
        fields.append(("trace", trace(ranToEnd ? result.declared : result.raised ?? result.declared)))
        if result.status != .passed, result.descriptor != "pending" {
            fields.append(("message", Escaping.json(result.locatedMessage)))
        }
        if result.status == .error { fields.append(("isError", "true")) }
        if let seed = result.randomSeed { fields.append(("randomseed", String(seed))) }
        return object(fields)
    }

    private static func element(_ result: TestResult) -> String {
        // insulate and expose are busted's aliases of describe, told apart by their attributes.
        let descriptor = ["insulate", "expose"].contains(result.descriptor) ? "describe" : result.descriptor
        var fields: [(String, String)] = [("descriptor", Escaping.json(descriptor))]
        guard result.descriptor != "file" else {
            return object(fields + [("name", Escaping.json(result.file)), ("trace", "[]")])
        }
        // A hook, or a block without a name, is named after its alias only when it has one (`setup`, `context`).
        var declared = result.declared
        if let own = result.names.last, own != result.descriptor {
            fields.append(("name", Escaping.json(own)))
        } else {
            declared?.message = nil
        }
        fields.append(("trace", trace(declared)))
        fields.append(("attributes", attributes(result.descriptor)))
        let isHook = attributes(result.descriptor) == "{\"envmode\":\"unwrap\"}"
        if !isHook {
            fields.append(("starttime", number(result.startTime)))
            fields.append(("starttick", number(result.startTick)))
            // busted copies a failed test's element before it ends.
            if result.isTest, !result.isFailure {
                fields.append(("endtime", number(result.startTime + result.duration)))
                fields.append(("endtick", number(result.startTick + result.duration)))
                fields.append(("duration", number(result.duration)))
            }
        }
        return object(fields)
    }

    /// A trace table: debug.getinfo's fields, the traceback and the message; `[]` (busted's empty table) for none.
    private static func trace(_ trace: SourceTrace?) -> String {
        guard let trace else { return "[]" }
        var fields: [(String, String)] = [
            ("source", Escaping.json(trace.source)), ("short_src", Escaping.json(trace.shortSource)),
            ("currentline", String(trace.line)), ("linedefined", String(trace.lineDefined)),
            ("lastlinedefined", String(trace.lastLineDefined)), ("what", Escaping.json(trace.what)),
            ("traceback", Escaping.json(trace.traceback)),
        ]
        switch trace.message {
        case .text(let text)?: fields.append(("message", Escaping.json(text)))
        case .wrapped(let text)?: fields.append(("message", object([("message", Escaping.json(text))])))
        case .json(let text)?: fields.append(("message", text))
        case nil: break
        }
        return object(fields)
    }

    private static func object(_ fields: [(String, String)]) -> String {
        "{" + fields.map { Escaping.json($0.0) + ":" + $0.1 }.joined(separator: ",") + "}"
    }

    private static func number(_ value: Double) -> String {
        var out = ""
        JSON.writeNumber(value, to: &out)
        return out
    }
}
