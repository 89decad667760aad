import Glibc
import ScrimCore
import ScrimTest

/// `scrim test [options] [paths…] [-- args…]`, and `scrim test --worker … -- files…` (a worker of `--jobs`).
/// The options are one table (`TestCommand.options`, TestOptionTable.swift); a `.busted` task is read by
/// `BustedConfig` and merged under the command line by `Invocation`.
enum TestCommand {
    static let worker = Option("worker", help: "", hidden: true)

    static let command = Command(
        path: ["test"], usage: ["[options] [paths…] [-- args…]"],
        summary: "run busted-style tests (spec/ or .busted's ROOT; files named *_spec*.lua)",
        about: """
            Runs the spec files below each path (default: ./spec, or the ROOT of the .busted task; when
            there is neither, the current folder), each in a fresh runtime, in busted's order, with
            busted's vocabulary: describe/context/insulate/expose, it, pending, before_each, after_each,
            setup/teardown, lazy_setup, strict_setup, finally, randomize, require('busted'); luassert's
            assert with its extension API (assert:register, say, formatters, parameters), spy, stub,
            mock and match; plus assert.rect_near and assert.snapshot. ./src is on package.path and
            ./.busted is read, as busted does. The specs' global `arg` is busted's: the command line after
            `test` (arguments after -- included, and not taken as paths).
            """,
        options: options.map(\.option),
        operands: .interleaved,
        notes: """
            A test passes, fails (an assertion), errors (any other error, counted as failed; also an error
            reported while it ran, e.g. in a timer, and os.exit) or is skipped (pending). An error in a
            describe body or a hook is reported against that block, and the run goes on. The last line is
            `N passed, N failed` (`, N skipped` when any were). Names and messages are escaped in every
            report; a --filter that matches no test is a warning. Every report is written whole however
            the run ends. Exit status: 0 nothing failed, 1 something failed, 2 a usage error or no test
            files found, 128 + N when signal N stopped the run.
            """,
        run: main)

    static func main(_ parsed: ParsedArguments) throws -> Int32 {
        var invocation = Invocation()
        try replay(parsed, into: &invocation)
        if parsed.has(worker) {
            var options = invocation.options
            try RuntimeFlags.apply(parsed, to: &options.runtime)
            options.scriptArguments = invocation.scriptArguments
            return TestWorker.run(parsed.operands.map(\.text), options: options)
        }
        invocation.paths = parsed.leadingOperands.map(\.text)
        invocation.scriptArguments += parsed.trailingOperands.map(\.text)
        if let directory = invocation.directory, chdir(directory) != 0 {
            throw UsageError(message: "cannot change to '\(directory)': \(String(cString: strerror(errno)))", command: "test")
        }
        // A .busted file's task, under what the command line says.
        if let config = try BustedConfig.load(path: invocation.configFile, task: invocation.task) {
            invocation = try Invocation(config, under: parsed, given: invocation)
        }
        var options = invocation.options
        try RuntimeFlags.apply(parsed, to: &options.runtime)
        // busted's `arg` is its whole command line: every word after `test`, options and paths, `--` and what follows.
        options.scriptArguments = Argument.commandLine().dropFirst().map(\.text)
        options.paths = invocation.paths
        options.workerCommand = [executablePath(), "test", "--worker"]
        do {
            let session = TestSession(options: options, write: { write($0, to: standardOutput) }, writeNote: { write($0, to: standardErrorStream) })
            return try session.run()
        } catch let error as TestSetupError {
            throw UsageError(message: error.message, command: "test")
        }
    }

    /// Every byte of `text`, whatever it holds (`fputs` would stop at a NUL).
    private static func write(_ text: String, to stream: UnsafeMutablePointer<FILE>) {
        var text = text
        text.withUTF8 { _ = fwrite($0.baseAddress, 1, $0.count, stream) }
    }

    /// This program, for starting workers.
    private static func executablePath() -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return CommandLine.arguments[0] }
        return String(decoding: buffer[0 ..< count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
