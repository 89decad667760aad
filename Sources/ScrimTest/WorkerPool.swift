import Glibc

/// Runs spec files in worker processes (`scrim test --worker … -- files…`), each started with
/// posix_spawn and handing results back on its file descriptor 3; the tests' own output keeps
/// the parent's stdout and stderr.
struct WorkerPool {
    /// The descriptor a worker writes its results to.
    static let resultDescriptor: Int32 = 3

    var options: TestOptions

    /// Runs `files` on `options.jobs` workers; `deliver` gets each file's result in the order of
    /// `files`, as soon as it and every file before it are done. A worker that dies (a crash, a signal) costs
    /// only the file it was running, reported with the signal or status; a new worker runs the rest of its share.
    /// Returns the signal that interrupted the run (`RunInterruption`), if one did: what had finished, and what the
    /// files under way had sent, is delivered first.
    func run(_ files: [String], deliver: (FileResult) -> Void) throws -> Int32? {
        let jobs = min(options.jobs, files.count)
        var workers: [Worker] = []
        defer {
            for worker in workers {
                if worker.isOpen { close(worker.descriptor) }
                if worker.pid > 0 { kill(worker.pid, SIGKILL); _ = worker.wait() }
            }
        }
        func spawn(_ share: [String]) throws -> Worker {
            try Worker.spawn(command: options.workerCommand + workerArguments() + ["--"] + share, files: share)
        }
        for job in 0 ..< jobs {
            // Round robin over the (sorted or shuffled) list keeps workers' shares even.
            workers.append(try spawn(stride(from: job, to: files.count, by: jobs).map { files[$0] }))
        }
        let position = Dictionary(files.enumerated().map { ($0.element, $0.offset) }, uniquingKeysWith: { first, _ in first })
        var finished = [FileResult?](repeating: nil, count: files.count)
        var next = 0
        var stop = false
        func flush() {
            while !stop, next < files.count, let file = finished[next] {
                deliver(file)
                next += 1
                if options.failFast && file.results.contains(where: \.isFailure) { stop = true }
            }
        }
        while !stop, workers.contains(where: { $0.isOpen }) {
            if let signal = RunInterruption.signal {
                for worker in workers where worker.isOpen {
                    guard let partial = worker.partial, let slot = position[partial.path], finished[slot] == nil else { continue }
                    finished[slot] = FileResult(path: partial.path,
                                                results: partial.results + [RunInterruption.result(for: partial.path, signal: signal)])
                }
                for file in finished[next...].compactMap({ $0 }) where !stop {
                    deliver(file)
                    if options.failFast && file.results.contains(where: \.isFailure) { stop = true }
                }
                return signal
            }
            var polls = workers.map { pollfd(fd: $0.isOpen ? $0.descriptor : -1, events: Int16(POLLIN), revents: 0) }
            // The timeout only bounds how late a signal that came just before the wait is seen.
            if poll(&polls, nfds_t(polls.count), 1000) < 0 {
                if errno == EINTR { continue }
                throw TestSetupError("cannot wait for test workers: \(String(cString: strerror(errno)))")
            }
            for index in workers.indices where polls[index].revents != 0 {
                for file in workers[index].read() {
                    if let slot = position[file.path] { finished[slot] = file }
                }
                guard !workers[index].isOpen, workers[index].pid > 0 else { continue }
                let status = workers[index].wait()
                workers[index].pid = 0
                let left = workers[index].files.filter { position[$0].map { finished[$0] == nil } ?? false }
                guard let crashed = left.first, let slot = position[crashed] else { continue }
                // The results it had sent for the file stay; the rest of the file did not run.
                let sent = workers[index].partial.flatMap { $0.path == crashed ? $0.results : nil } ?? []
                let after = sent.isEmpty ? "" : " after \(sent.count) result\(sent.count == 1 ? "" : "s"); the rest of the file did not run"
                finished[slot] = FileResult(path: crashed, results: sent + [
                    TestResult(status: .error, names: [], file: crashed, line: 0,
                               message: "the test worker running this file stopped (\(Self.describe(status)))\(after)"),
                ])
                if left.count > 1 && !(options.failFast) { workers.append(try spawn(Array(left.dropFirst()))) }
            }
            flush()
        }
        if !stop { flush() }
        return nil
    }

    /// The worker's flags: everything that changes a file's results, nothing about files or reports.
    private func workerArguments() -> [String] {
        var arguments = [
            "--timeout", options.runtime.timeBudget.map { String($0) } ?? "0",
            "--max-memory", options.runtime.memoryLimit.map { String($0) } ?? "0",
            "--output", options.output.rawValue,
        ]
        for filter in options.filters { arguments += ["--filter", filter] }
        for filter in options.filtersOut { arguments += ["--filter-out", filter] }
        if !options.tags.isEmpty { arguments += ["--tags", options.tags.joined(separator: ",")] }
        if !options.excludedTags.isEmpty { arguments += ["--exclude-tags", options.excludedTags.joined(separator: ",")] }
        arguments += ["--lpath", options.luaPath, "--cpath", options.luaCPath]
        if let helper = options.helper { arguments += ["--helper", helper] }
        if options.list { arguments.append("--list") }
        for argument in options.scriptArguments { arguments += ["--arg", argument] }
        if options.shuffle { arguments.append("--shuffle") }
        if let seed = options.seed { arguments += ["--seed", String(seed)] }
        if options.failFast { arguments.append("--fail-fast") }
        if options.updateSnapshots { arguments.append("--update-snapshots") }
        if options.verbose { arguments.append("--verbose") }
        if options.runtime.traceInternals { arguments.append("--trace-internals") }
        if options.runtime.refusesBytecode { arguments.append("--no-bytecode") }
        for directory in options.pluginDirectories { arguments += ["--plugins", directory] }
        return arguments
    }

    /// "exit status 3", "signal 11 (SIGSEGV: Segmentation fault)".
    static func describe(_ status: Int32) -> String {
        status & 0x7F == 0 ? "exit status \((status >> 8) & 0xFF)" : describe(signal: status & 0x7F)
    }

    /// "signal 2 (SIGINT: Interrupt)".
    static func describe(signal: Int32) -> String {
        let names: [Int32: String] = [
            SIGHUP: "SIGHUP", SIGINT: "SIGINT", SIGQUIT: "SIGQUIT", SIGILL: "SIGILL", SIGTRAP: "SIGTRAP",
            SIGABRT: "SIGABRT", SIGBUS: "SIGBUS", SIGFPE: "SIGFPE", SIGKILL: "SIGKILL", SIGSEGV: "SIGSEGV",
            SIGPIPE: "SIGPIPE", SIGALRM: "SIGALRM", SIGTERM: "SIGTERM", SIGXCPU: "SIGXCPU", SIGXFSZ: "SIGXFSZ",
        ]
        let description = strsignal(signal).map { String(cString: $0) } ?? "unknown signal"
        return "signal \(signal) (\(names[signal] ?? "signal \(signal)"): \(description))"
    }
}

/// One worker process and the read end of its result pipe.
private struct Worker {
    var pid: pid_t
    var descriptor: Int32
    var isOpen = true
    let files: [String]
    /// What was read and not yet decoded: the start of a record whose newline has not come.
    private var buffer: [UInt8] = []
    /// How much of `buffer` is known to hold no newline, so that each byte is searched once.
    private var searched = 0
    /// Set while the rest of a record longer than `maximumRecord` is skipped (not a worker's: its records are
    /// bounded, see `ResultText`; a spec writing to the descriptor itself).
    private var skipping = false
    private var decoder = WorkerWire.Decoder()
    /// Where each read lands: made once, since a worker writes each test's record as it ends (a read per test).
    private var chunk = [UInt8](repeating: 0, count: 65536)
    static let maximumRecord = 16 << 20

    /// The file whose results were being read when the worker stopped, as far as it had sent them.
    var partial: FileResult? { decoder.current }

    static func spawn(command: [String], files: [String]) throws -> Worker {
        var raw: [Int32] = [0, 0]
        guard pipe(&raw) == 0 else {
            throw TestSetupError("cannot create a pipe for a test worker: \(String(cString: strerror(errno)))")
        }
        // Close-on-exec, so no other worker inherits a write end and keeps a pipe from ending; and
        // above 3, so the dup2 onto descriptor 3 always makes a fresh descriptor without that flag.
        let pipeEnds = raw.map { end in
            defer { close(end) }
            return fcntl(end, F_DUPFD_CLOEXEC, 10)
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], WorkerPool.resultDescriptor)
        let argv = command.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, command[0], &actions, nil, argv, environ)
        close(pipeEnds[1])
        guard status == 0 else {
            close(pipeEnds[0])
            throw TestSetupError("cannot start a test worker (\(command[0])): \(String(cString: strerror(status)))")
        }
        return Worker(pid: pid, descriptor: pipeEnds[0], files: files)
    }

    /// Reads what is available; returns the files completed by it. Closes the pipe at end of file.
    mutating func read() -> [FileResult] {
        let descriptor = self.descriptor
        let count = Glibc.read(descriptor, &chunk, chunk.count)
        if count <= 0 {
            if count < 0 && (errno == EINTR || errno == EAGAIN) { return [] }
            close(descriptor)
            isOpen = false
            return []
        }
        buffer.append(contentsOf: chunk[0 ..< count])
        var completed: [FileResult] = []
        var start = 0
        while let newline = buffer[max(start, searched)...].firstIndex(of: 0x0A) {
            if !skipping {
                let line = String(decoding: buffer[start ..< newline], as: UTF8.self)
                if let file = decoder.feed(Substring(line)) { completed.append(file) }
            }
            skipping = false
            start = newline + 1
        }
        // When a record ended, what is left came in this read: moving it costs no more than reading it did.
        buffer.removeFirst(start)
        searched = buffer.count
        if buffer.count > Self.maximumRecord {
            skipping = true
            buffer.removeAll()
            searched = 0
        }
        return completed
    }

    /// Waits for the process to end; returns its wait status.
    func wait() -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return status
    }
}
