import ScrimTest

/// Runs busted-style spec files as `scrim test` does (the same `describe`/`it`, assertions, spies), each in a fresh
/// runtime the host prepares first — so that a spec sees the host's classes.
public enum ScrimSpecs {
    /// Runs `files` in order; writes each failure (name, message, traceback) and a closing count to `write`. Returns
    /// whether every test passed.
    @discardableResult
    public static func run(_ files: [String], prepare: @escaping (ScrimRuntime) throws -> Void,
                           write: (String) -> Void = { print($0) }) -> Bool {
        var runner = SpecFileRunner(options: TestOptions())
        // Each file's runtime as the host knows it, alive while the file runs (a host object may hold it weakly).
        final class Hosts { var runtimes: [ScrimRuntime] = [] }
        let hosts = Hosts()
        runner.prepare = { lua in
            let runtime = ScrimRuntime(wrapping: lua)
            hosts.runtimes.append(runtime)
            try prepare(runtime)
        }
        var passed = 0, failed = 0
        for file in files {
            defer { hosts.runtimes.removeAll() }
            for result in runner.run(file).results {
                switch result.status {
                case .passed: passed += 1
                case .pending: break
                case .failed, .error:
                    failed += 1
                    write("FAIL \(result.displayName) (\(result.file):\(result.line)): \(result.message ?? "")")
                    if let traceback = result.traceback { write(traceback) }
                }
            }
        }
        write("\(passed) passed, \(failed) failed")
        return failed == 0 && passed > 0
    }
}
