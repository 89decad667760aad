#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import ScrimCore
import ScrimLua
import ScrimRender

/// `assert.snapshot(name [, {tolerance =, share =}])` in one spec file's runtime: what the window shows now,
/// compared with `__snapshots__/<spec file name without .lua>/<name>.png` beside the spec (see `SnapshotAssertion`).
///
/// A missing reference is recorded and the assertion passes, except under continuous integration (`CI=true`),
/// where a reference nobody has looked at must not pass silently: there it fails, saying how to record it.
/// `--update-snapshots` rewrites references, under CI too.
enum SnapshotHandler {
    /// A pixel differs when one of its channels differs by more than this (0…255): room for anti-aliasing that
    /// varies between Cairo builds, none for a colour change.
    static let defaultTolerance = 2
    /// The share of pixels that may differ: 0.05 % (about 160 pixels of a 390 × 844 screen), room for text
    /// rendered differently, too little for a moved view.
    static let defaultShare = 0.0005

    /// The folder of `spec`'s references: `<spec's folder>/__snapshots__/<spec's file name without .lua>`.
    static func directory(forSpec spec: String) -> String {
        var folder = "", file = Substring(spec)
        if let slash = spec.lastIndex(of: "/") {
            folder = String(spec[...slash])
            file = spec[spec.index(after: slash)...]
        }
        if file.hasSuffix(".lua") { file = file.dropLast(4) }
        return "\(folder)__snapshots__/\(file)"
    }

    /// Whether this runs under continuous integration: `CI` set to `true` (or `1`, `yes`), as CI services do.
    static var isContinuousIntegration: Bool {
        guard let value = getenv("CI") else { return false }
        return ["true", "1", "yes"].contains(String(cString: value).lowercased())
    }

    /// `lib.snapshot_handler(name, update [, options])` for the spec at `spec` run in `runtime`: returns whether the
    /// assertion holds and its message. Errors are raised without a position, as the assertion library's own are.
    static func function(runtime: LuaRuntime, spec: String) -> HostFunction {
        weak let runtime = runtime
        return HostFunction(oneState: "assert.snapshot") { call in
            guard case .string(let name) = call.state.value(at: 1), !name.isEmpty else {
                throw LuaError(message: "bad argument #1 to 'assert.snapshot' (snapshot name expected, got \(call.typeName(1)))")
            }
            let update = call.truthy(2)
            var assertion = SnapshotAssertion(directory: directory(forSpec: spec), update: update,
                                              tolerance: defaultTolerance, maxDifferingShare: defaultShare)
            if let options = call.state.table(at: 3) {
                if let tolerance = try option(options, "tolerance", in: 0...255, "0…255") { assertion.tolerance = Int(tolerance) }
                if let share = try option(options, "share", in: 0...1, "0…1") { assertion.maxDifferingShare = share }
            }
            guard let core = runtime?.core else { throw LuaError(message: "assert.snapshot: the runtime has ended") }
            let reference = assertion.referencePath(name)
            if !update, isContinuousIntegration, access(reference, F_OK) != 0 {
                return call.push(false, "no reference for snapshot '\(name)': \(reference) is missing, and under CI=true "
                    + "missing references fail instead of being recorded; record it by running "
                    + "`scrim test \(spec)` without CI=true (or with --update-snapshots), look at it, and commit it")
            }
            do {
                let outcome = try assertion.check(RenderTree(runtime: core), name: name)
                return call.push(outcome.passed, outcome.message)
            } catch {
                throw LuaError(message: "assert.snapshot: \(error)")
            }
        }
    }

    private static func option(_ options: LuaTable, _ key: String, in range: ClosedRange<Double>,
                               _ described: String) throws -> Double? {
        let found = options[key]
        if case .nil = found { return nil }
        guard let value = found.numberValue else {
            throw LuaError(message: "assert.snapshot: option '\(key)' must be a number, got \(found.typeName)")
        }
        guard range.contains(value) else {
            let shown = value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
            throw LuaError(message: "assert.snapshot: option '\(key)' must be within \(described), got \(shown)")
        }
        return value
    }
}
