import Testing
@testable import ScrimTest

/// The pieces of the runner that need no process: worker records, sharding, seeded order.
@Suite struct WireTests {
    @Test func workerRecordsRoundTrip() {
        // Times come back bit for bit (they travel as bit patterns): a wall-clock start, a sum that decimal text
        // with fewer digits would round, a negative zero.
        var timed = TestResult(status: .passed, names: ["outer ✓", "inner #tag é"], file: "a b\tc/x_spec.lua", line: 3,
                               duration: 0.1 + 0.2)
        timed.startTime = 1_765_100_000.123456789
        timed.startTick = -0.0
        let file = FileResult(path: "a b\tc/x_spec.lua", results: [
            timed,
            TestResult(status: .failed, names: ["outer", "fails"], file: "a b\tc/x_spec.lua", line: 7,
                       message: "expected values to be equal", location: "x_spec.lua:8", expected: "\"a\\nb\"",
                       actual: "\"tab\there\"\r\n", traceback: "stack traceback:\n\tx_spec.lua:8: in function", duration: 1e-6),
            TestResult(status: .error, names: [], file: "a b\tc/x_spec.lua", line: 0, message: "", duration: 0),
            // Every control character, the separators and backslashes among them, and an empty name.
            TestResult(status: .pending, names: ["", "nul\0 unit\u{1F} record\u{1E} \\x41 \\"], file: "a b\tc/x_spec.lua",
                       line: 9, message: "m\u{1}\u{7F}", descriptor: "it",
                       declared: SourceTrace(source: "@x\u{1E}", shortSource: "x", line: 9, lineDefined: 1, lastLineDefined: 12,
                                             what: "Lua", traceback: "\nstack traceback:\n\tx:9\n", message: .text("it\u{1F}")),
                       raised: SourceTrace(source: "@x", shortSource: "x", line: 10, lineDefined: 9, lastLineDefined: 11,
                                           what: "Lua", traceback: "", message: .wrapped("not yet")),
                       randomSeed: -3),
        ])
        var decoder = WorkerWire.Decoder()
        var decoded: [FileResult] = []
        for line in WorkerWire.encode(file).split(separator: "\n", omittingEmptySubsequences: false) {
            if let done = decoder.feed(line) { decoded.append(done) }
        }
        #expect(decoded == [file])
        let back = decoded.first?.results.first
        #expect(back?.duration.bitPattern == timed.duration.bitPattern)
        #expect(back?.startTime.bitPattern == timed.startTime.bitPattern)
        #expect(back?.startTick.bitPattern == timed.startTick.bitPattern)
    }

    @Test func shardsPartitionTheSortedList() {
        let files = (1 ... 10).map { "f\($0)" }
        let shares = (1 ... 3).map { FilePlan.files(files, shard: Shard(index: $0, count: 3), shuffleSeed: nil) }
        #expect(shares.flatMap { $0 }.sorted() == files.sorted())
        #expect(shares[0] == ["f1", "f4", "f7", "f10"])
        #expect(Shard(parsing: "2/4") == Shard(index: 2, count: 4))
        #expect(Shard(parsing: "0/4") == nil && Shard(parsing: "5/4") == nil && Shard(parsing: "x") == nil)
    }

    @Test func seededOrderIsStable() {
        let files = (1 ... 20).map { "f\($0)" }
        #expect(FilePlan.files(files, shard: nil, shuffleSeed: 9) == FilePlan.files(files, shard: nil, shuffleSeed: 9))
        #expect(FilePlan.files(files, shard: nil, shuffleSeed: 9) != files)
        // A permutation of every position (BustedCompatibilityTests checks it is busted's order).
        #expect(FilePlan.bustedPermutation(count: 20, seed: 9)?.sorted() == Array(0 ..< 20))
    }

    @Test func closingLine() {
        var summary = TestSummary()
        #expect(summary.closingLine == "0 passed, 0 failed")
        summary.add(TestResult(status: .pending, names: ["x"], file: "f", line: 1))
        summary.add(TestResult(status: .error, names: ["y"], file: "f", line: 2))
        #expect(summary.closingLine == "0 passed, 1 failed, 1 skipped")
    }
}
