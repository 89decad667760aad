/// Scrim's own JSON (`-o scrim-json`): the counts, the seed, and every test with its outcome and details.
struct ScrimJSONReporter: Reporter {
    let write: (String) -> Void
    private var tests: [String] = []
    private var seed: UInt64?

    init(write: @escaping (String) -> Void) {
        self.write = write
    }

    mutating func begin(fileCount: Int, seed: UInt64?) {
        self.seed = seed
    }

    mutating func report(_ file: FileResult) {
        let j = Escaping.json as (String?) -> String
        for result in file.results {
            let names = result.names.map { Escaping.json($0) }.joined(separator: ", ")
            tests.append("""
                {"name": \(Escaping.json(result.displayName)), "names": [\(names)], "status": "\(result.status.rawValue)", \
                "file": \(Escaping.json(result.file)), "line": \(result.line), "duration": \(Escaping.seconds(result.duration)), \
                "message": \(j(result.message)), "location": \(j(result.location)), "expected": \(j(result.expected)), \
                "actual": \(j(result.actual)), "traceback": \(j(result.traceback))}
                """)
        }
    }

    mutating func finish(_ summary: TestSummary) {
        let seedText = seed.map { String($0) } ?? "null"
        write("{\"passed\": \(summary.passed), \"failed\": \(summary.failed), \"skipped\": \(summary.skipped), \"seed\": \(seedText), \"tests\": [\n")
        write(tests.map { "  " + $0 }.joined(separator: ",\n"))
        write("\n]}\n")
    }
}
