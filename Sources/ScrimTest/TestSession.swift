import Glibc

/// A whole `scrim test` run: find the files, choose this shard's, order them, run them here or in
/// workers, report. Returns the exit status: 0 nothing failed, 1 something did, 128 + N when signal N stopped it
/// (the report then holds what had finished).
public struct TestSession {
    public var options: TestOptions
    /// Where the report goes (standard output in the CLI).
    public var write: (String) -> Void
    /// Where the closing line goes when the report is a machine format, and warnings (standard error in the CLI).
    public var writeNote: (String) -> Void

    public init(options: TestOptions, write: @escaping (String) -> Void, writeNote: @escaping (String) -> Void) {
        self.options = options
        self.write = write
        self.writeNote = writeNote
    }

    public func run() throws -> Int32 {
        var options = self.options
        // busted's default root, or the current folder when there is none.
        if options.paths.isEmpty { options.paths = access("spec", F_OK) == 0 ? ["spec"] : ["."] }
        let found = try TestDiscovery.files(in: options.paths, patterns: options.patterns, excluding: options.excludedPatterns)
        if found.isEmpty {
            let places = options.paths.map { "'\($0)'" }.joined(separator: ", ")
            let patterns = options.patterns.map { "'\($0)'" }.joined(separator: ", ")
            throw TestSetupError("no test files (.lua files matching \(patterns)) found in \(places)")
        }
        // One seed for the run, as busted has: --shuffle's order and randomize() without a seed of its own.
        if options.seed == nil { options.seed = SeededRandom.freshSeed() }
        let seed = options.shuffle ? options.seed : nil
        let files = FilePlan.files(found, shard: options.shard, shuffleSeed: seed)

        var reporter = makeReporter(options.output, write: write)
        var summary = TestSummary()
        let started = Moment.now()
        var ranTests: [TestResult] = []
        if !options.list { reporter.begin(fileCount: files.count, seed: seed) }
        var stopped = false
        let write = self.write
        let deliver = { (file: FileResult) in
            if options.list {
                // busted's --list: each test's place and full name; an error (a block whose body fails without
                // its hooks, which do not run) is described instead.
                for result in file.results {
                    if result.isFailure { summary.add(result) }
                    if result.isTest { ranTests.append(result) }
                    write(result.isFailure ? TextReporter.describe(result)
                                           : "\(Escaping.line(result.file)):\(result.line): \(Escaping.line(result.fullName))\n")
                }
                return
            }
            for result in file.results {
                summary.add(result)
                if result.isTest { ranTests.append(result) }
            }
            reporter.report(file)
            if options.failFast && file.results.contains(where: \.isFailure) { stopped = true }
        }
        let previousHandlers = RunInterruption.install()
        defer { RunInterruption.restore(previousHandlers) }
        var interruption: Int32?
        for _ in 0 ..< options.repeatCount where !stopped && interruption == nil {
            // Files run in worker processes whenever a worker can be started (also for --jobs 1), so that a
            // spec that crashes its process costs only its own file.
            if !options.workerCommand.isEmpty {
                interruption = try WorkerPool(options: options).run(files, deliver: deliver)
            } else {
                let runner = SpecFileRunner(options: options)
                for path in files where !stopped {
                    if let signal = RunInterruption.signal {
                        interruption = signal
                        break
                    }
                    deliver(runner.run(path))
                }
            }
        }
        for filter in FilterPattern.unmatched(options.filters, by: ranTests.map(\.names)) {
            writeNote("scrim test: warning: --filter '\(Escaping.line(filter))' matched no test\n")
        }
        summary.duration = Moment.now().tick - started.tick
        if !options.list {
            reporter.finish(summary)
            if options.output != .text { writeNote(summary.closingLine + "\n") }
        }
        if let interruption {
            writeNote("scrim test: interrupted (\(WorkerPool.describe(signal: interruption))); the report holds what had finished\n")
            return 128 + interruption
        }
        return summary.failed > 0 ? 1 : 0
    }
}

/// `scrim test --worker … -- files…`: runs the given files in this order and writes each file's
/// results to descriptor 3 for the parent (standard output when 3 is not open).
public enum TestWorker {
    public static func run(_ files: [String], options: TestOptions) -> Int32 {
        let descriptor = fcntl(WorkerPool.resultDescriptor, F_GETFD) >= 0 ? WorkerPool.resultDescriptor : 1
        let runner = SpecFileRunner(options: options)
        var failed = false
        // Each record is written as soon as it is known: a test that ends the process (code the time budget cannot
        // interrupt) costs the parent only what had not run yet.
        var broken = false
        func send(_ text: String) {
            let bytes = Array(text.utf8)
            var offset = 0
            while !broken, offset < bytes.count {
                let written = bytes[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
                if written < 0 {
                    if errno == EINTR { continue }
                    broken = true
                    return
                }
                offset += written
            }
        }
        for path in files {
            send(WorkerWire.header(path))
            var sent = 0
            let file = runner.run(path) { result in
                send(WorkerWire.record(result))
                sent += 1
            }
            // What the runner reports outside a test (a file that does not load, a runner failure) comes at the end.
            for result in file.results.dropFirst(sent) { send(WorkerWire.record(result)) }
            send(WorkerWire.done)
            if broken { return 1 }
            if file.results.contains(where: \.isFailure) {
                failed = true
                if options.failFast { break }
            }
        }
        return failed ? 1 : 0
    }
}
