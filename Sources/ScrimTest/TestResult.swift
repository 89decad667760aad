/// How one test ended. Errors (anything but a failed assertion) count as failures.
public enum TestStatus: String, Sendable {
    case passed, failed, error, pending
}

/// One test's outcome, with what a person needs to act on a failure.
public struct TestResult: Equatable, Sendable {
    public var status: TestStatus
    /// The describe blocks and the test's own name, outermost first; empty for a file that failed to load.
    public var names: [String]
    /// The spec file and the line of its `it` (or of the error, for a file that failed to load).
    public var file: String
    public var line: Int
    public var message: String?
    /// `file:line` in the spec where the assertion failed or the error was raised.
    public var location: String?
    public var expected: String?
    public var actual: String?
    /// Trimmed to the spec's own frames.
    public var traceback: String?
    /// Wall-clock seconds the test took.
    public var duration: Double
    /// busted's kind of element: `it`, `pending`, `describe`, `insulate`, `expose`, a hook (`before_each`, …), or
    /// `file` for an error of the file itself.
    public var descriptor: String
    /// Where the test or block was declared, and where it failed (busted's `element.trace` and `trace`); only when
    /// the report shows them (`TestOptions.wantsTraces`).
    public var declared: SourceTrace?
    public var raised: SourceTrace?
    /// The seed its block's children were shuffled with, when they were.
    public var randomSeed: Int64?
    /// When it started: seconds since 1970, and on the monotonic clock.
    public var startTime: Double = 0
    public var startTick: Double = 0

    public init(status: TestStatus, names: [String], file: String, line: Int, message: String? = nil,
                location: String? = nil, expected: String? = nil, actual: String? = nil,
                traceback: String? = nil, duration: Double = 0, descriptor: String? = nil,
                declared: SourceTrace? = nil, raised: SourceTrace? = nil, randomSeed: Int64? = nil) {
        self.status = status
        self.names = names
        self.file = file
        self.line = line
        self.message = message
        self.location = location
        self.expected = expected
        self.actual = actual
        self.traceback = traceback
        self.duration = duration
        self.descriptor = descriptor ?? (names.isEmpty ? "file" : "it")
        self.declared = declared
        self.raised = raised
        self.randomSeed = randomSeed
    }

    /// `describe › it`, as reports show it.
    public var displayName: String {
        names.isEmpty ? "\(file) (the file)" : names.joined(separator: " › ")
    }

    /// A test's own result (passed, failed, pending), not a block's, a hook's or the file's error.
    public var isTest: Bool { descriptor == "it" || descriptor == "pending" }

    /// busted's full name (names joined by spaces): what `--filter` and `--tags` match.
    public var fullName: String { names.joined(separator: " ") }

    public var isFailure: Bool { status == .failed || status == .error }

    /// The message with its location in front, unless its first line already names a place ("file:line: "), as
    /// busted's does: an error raised at a level names the caller's line, not the frame that raised it.
    public var locatedMessage: String {
        let text = message ?? (status == .error ? "error" : "failed")
        guard let location, !Self.namesPlace(text) else { return text }
        return "\(location): \(text)"
    }

    /// Whether the first line has a ":digits: " in it.
    private static func namesPlace(_ text: String) -> Bool {
        let line = Array(text.utf8.prefix { $0 != UInt8(ascii: "\n") })
        var index = 0
        while index < line.count {
            if line[index] == UInt8(ascii: ":") {
                var end = index + 1
                while end < line.count, (UInt8(ascii: "0") ... UInt8(ascii: "9")).contains(line[end]) { end += 1 }
                if end > index + 1, end + 1 < line.count, line[end] == UInt8(ascii: ":"), line[end + 1] == UInt8(ascii: " ") {
                    return true
                }
            }
            index += 1
        }
        return false
    }
}

/// Every result of one spec file, in the order the tests ran.
public struct FileResult: Equatable, Sendable {
    public var path: String
    public var results: [TestResult]

    public init(path: String, results: [TestResult] = []) {
        self.path = path
        self.results = results
    }
}

/// The counts of the closing line.
public struct TestSummary: Equatable, Sendable {
    public var passed = 0
    public var failed = 0
    public var skipped = 0
    /// Wall-clock seconds of the whole run (busted's `duration`).
    public var duration = 0.0

    public init() {}

    public mutating func add(_ result: TestResult) {
        switch result.status {
        case .passed: passed += 1
        case .failed, .error: failed += 1
        case .pending: skipped += 1
        }
    }

    /// `N passed, N failed`, with `, N skipped` when anything was pending.
    public var closingLine: String {
        "\(passed) passed, \(failed) failed" + (skipped > 0 ? ", \(skipped) skipped" : "")
    }
}
