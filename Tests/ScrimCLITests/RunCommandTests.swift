import ScrimTestSupport
import Foundation
import Testing

@Suite struct RunCommandTests {
    @Test func argumentsLikeLua() throws {
        let result = try ScrimProcess.run(["run", "-", "a", "b c"], stdin: """
            print(select('#', ...), ...)
            print(arg[0], arg[1], arg[2], arg[-1], arg[-2], #arg)
            """)
        #expect(result.status == 0)
        // As lua.c: the lowest entry is argv[0], the way the interpreter was run.
        #expect(result.stdout == "2\ta\tb c\n-\ta\tb c\trun\t\(ScrimProcess.binary.path)\t2\n")
    }

    @Test func theScriptsArgumentsComeFromArgAsCodeBeforeLeftIt() throws {
        let changed = try ScrimProcess.run(["-e", "arg[1] = 100 arg[3] = 'z'", "-", "a", "b"], stdin: "print(...)")
        #expect(changed.stdout == "100\tb\tz\n")
        let broken = try ScrimProcess.run(["-e", "arg = 1", "-", "a"], stdin: "print('ran')")
        #expect(broken.status == 1)
        #expect(broken.stdout.isEmpty)
        #expect(broken.stderr.hasPrefix("scrim: 'arg' is not a table"))
    }

    @Test func warnControlMessagesComeAlone() throws {
        let result = try ScrimProcess.run(["-e", "warn('@on') warn('', '@off') warn('x') warn('@off') warn('y')"])
        #expect(result.stderr == "Lua warning: @off\nLua warning: x\n")
    }

    @Test func standardInputIsReadInPiecesUnderTheBudgets() throws {
        // Far more source than the memory budget, from a file (scrim stops reading early: a pipe would break): stopped
        // by the budget, not by the system.
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("scrim-stdin-\(getpid()).lua").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try String(repeating: "a = 1\n", count: 2_000_000).write(toFile: path, atomically: true, encoding: .utf8)
        let memory = try ScrimProcess.run(["-c", "exec \"$0\" --max-memory 1M - < \"$1\"", ScrimProcess.binary.path, path],
                                          timeout: 20, executable: "/bin/sh")
        #expect(!memory.signalled && !memory.timedOut)
        #expect(memory.status == 1)
        #expect(memory.stderr.contains("not enough memory"))
        let shebang = try ScrimProcess.run(["-"], stdin: "#!/usr/bin/env scrim\nerror('here')")
        #expect(shebang.stderr.hasPrefix("scrim: stdin:2: here"))
    }

    /// A script named as a file that never ends (`/dev/stdin` fed by `yes`, a FIFO) is read as standard input is:
    /// in pieces, stopped by the time budget while it waits or parses, the parser's memory under the memory budget.
    @Test(arguments: [("--timeout 2 --max-memory 1G", "exceeded the time budget of 2 s"),
                      ("--timeout 0 --max-memory 64M", "not enough memory")])
    func aScriptFileThatNeverEndsIsStoppedByTheBudgets(flags: String, message: String) throws {
        let start = Date()
        let result = try ScrimProcess.run(["-c", "yes 'x = 1' | \"$0\" \(flags) /dev/stdin", ScrimProcess.binary.path],
                                          timeout: 60, executable: "/bin/sh")
        #expect(!result.signalled && !result.timedOut && result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(Date().timeIntervalSince(start) < 15)
        // A FIFO nobody writes to: the wait for its first byte is inside the budget.
        let fifo = FileManager.default.temporaryDirectory.appendingPathComponent("scrim-fifo-\(UUID().uuidString)").path
        defer { unlink(fifo) }
        #expect(mkfifo(fifo, 0o600) == 0)
        let waiting = try ScrimProcess.run(["-c", "exec 3<>\"$1\"; exec \"$0\" --timeout 1 \"$1\"", ScrimProcess.binary.path,
                                            fifo], timeout: 30, executable: "/bin/sh")
        #expect(!waiting.signalled && !waiting.timedOut && waiting.status == 1, "\(waiting.stderr)")
        #expect(waiting.stderr.contains("exceeded the time budget of 1 s"), "\(waiting.stderr)")
    }

    @Test func moduleIsGlobalAndRequirable() throws {
        let result = try ScrimProcess.run(["-e", "print(scrim.version, require('scrim') == scrim)"])
        #expect(result.status == 0)
        #expect(result.stdout.range(of: #"^\d+\.\d+\.\d+\ttrue\n$"#, options: .regularExpression) != nil)
    }

    @Test func scriptErrorExitsOneWithLocationAndTraceback() throws {
        let result = try ScrimProcess.run(["run", "Tests/corpus/bad/runtime.lua"])
        #expect(result.status == 1)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.first == "scrim: Tests/corpus/bad/runtime.lua:3: attempt to index a nil value (global 'undefinedThing')")
        #expect(lines.dropFirst().first == "stack traceback:")
        #expect(result.stderr.contains("Tests/corpus/bad/runtime.lua:3: in main chunk"))
    }

    @Test func missingFileIsAClearError() throws {
        let result = try ScrimProcess.run(["run", "no/such/file.lua"])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("scrim: cannot open no/such/file.lua"))
    }

    @Test func binaryChunksRunAsInLuaUnlessNoBytecode() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("scrim-cli-\(getpid()).luac").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let make = try ScrimProcess.run(["-e", "local f = io.open('\(path)', 'wb') f:write(string.dump(function() print('hi') end)) f:close()"])
        #expect(make.status == 0)
        let trusted = try ScrimProcess.run(["run", path])
        #expect(trusted.status == 0 && trusted.stdout == "hi\n")
        let result = try ScrimProcess.run(["run", "--no-bytecode", path])
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "scrim: \(path): binary chunks are refused (Scrim loads Lua source text only)\n")
    }

    @Test(arguments: [
        (["bogus"], "scrim: unknown command 'bogus' (and no file of that name)"),
        (["--bogus"], "scrim: unrecognized option '--bogus'"),
        (["run"], "scrim: no script given (a file, a folder, or - for standard input)"),
        (["run", "--timeout", "soon", "x.lua"], "scrim: invalid --timeout 'soon' (seconds of wall-clock time from 0 (none) to 31536000)"),
        (["run", "--max-memory", "12Q", "x.lua"], "scrim: invalid --max-memory '12Q' (bytes from 0 (none) to 1024G, e.g. 64M or 1G)"),
        (["run", "--timeout"], "scrim: option '--timeout' needs argument"),
        (["help", "nothing"], "scrim: no help for unknown command 'nothing'"),
    ])
    func usageErrorsExitTwo(arguments: [String], message: String) throws {
        let result = try ScrimProcess.run(arguments)
        #expect(result.status == 2)
        let lines = result.stderr.split(separator: "\n").map(String.init)
        #expect(lines.first == message)
        #expect(lines.count == 2 && lines[1].hasPrefix("Try 'scrim"))
    }

    @Test func versionAndHelp() throws {
        let version = try ScrimProcess.run(["--version"])
        #expect(version.status == 0)
        #expect(version.stdout.hasPrefix("scrim ") && version.stdout.contains("Lua 5.4"))
        let help = try ScrimProcess.run(["--help"])
        #expect(help.status == 0 && help.stdout.contains("scrim run"))
        let runHelp = try ScrimProcess.run(["help", "run"])
        #expect(runHelp.status == 0 && runHelp.stdout.contains("--max-memory SIZE"))
    }

    @Test func memoryLimitFlagIsApplied() throws {
        let small = try ScrimProcess.run(["run", "--max-memory", "8M", "-e", "local s = ('x'):rep(16 * 1024 * 1024)"])
        #expect(small.status == 1 && small.stderr.contains("not enough memory"))
        let large = try ScrimProcess.run(["run", "--max-memory", "64M", "-e", "local s = ('x'):rep(16 * 1024 * 1024) print(#s)"])
        #expect(large.status == 0 && large.stdout == "16777216\n")
    }
}

/// Every script under Tests/corpus/bad says (first lines) which flags it needs, what the first line of stderr must be
/// (`@` stands for its path) and, if not 20 s, how long it may take (`-- within: S`). Each must exit 1 with that
/// message in that time: never a signal, never a hang.
@Suite struct BadScriptCorpus {
    static let scripts: [String] = {
        let dir = ScrimProcess.repoRoot.appendingPathComponent("Tests/corpus/bad")
        return ((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? [])
            .filter { $0.hasSuffix(".lua") }.sorted().map { "Tests/corpus/bad/\($0)" }
    }()

    /// Every file of the corpus is a script that says, in its header, the first line it must fail with (and, if
    /// given, a time that parses): a script without one would run without checking anything.
    @Test func everyScriptSaysHowItMustFail() throws {
        let dir = ScrimProcess.repoRoot.appendingPathComponent("Tests/corpus/bad")
        let files = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
        #expect(files.count == BadScriptCorpus.scripts.count, "files that are not .lua scripts: \(files.filter { !$0.hasSuffix(".lua") })")
        #expect(BadScriptCorpus.scripts.count >= 50)
        for path in BadScriptCorpus.scripts {
            let header = try String(contentsOf: ScrimProcess.repoRoot.appendingPathComponent(path), encoding: .utf8)
                .split(separator: "\n").prefix(4)
            let expect = header.first { $0.hasPrefix("-- expect: ") }.map { $0.dropFirst(11) } ?? ""
            #expect(expect.trimmingCharacters(in: .whitespaces).count >= 8, "\(path): no '-- expect: message' line")
            if let within = header.first(where: { $0.hasPrefix("-- within: ") }) {
                #expect(Double(within.dropFirst(11)).map { $0 > 0 } == true, "\(path): '\(within)' is not a time")
            }
        }
    }

    @Test(arguments: BadScriptCorpus.scripts)
    func badScript(path: String) throws {
        let text = try String(contentsOf: ScrimProcess.repoRoot.appendingPathComponent(path), encoding: .utf8)
        var flags: [String] = []
        var expected: String?
        var within = 20.0 // seconds it may take (`-- within: S`)
        for line in text.split(separator: "\n").prefix(4) {
            if line.hasPrefix("-- flags: ") { flags = line.dropFirst(10).split(separator: " ").map(String.init) }
            if line.hasPrefix("-- expect: ") { expected = String(line.dropFirst(11)).replacingOccurrences(of: "@", with: path) }
            if line.hasPrefix("-- within: ") { within = Double(line.dropFirst(11)) ?? within }
        }
        let expectation = try #require(expected, "\(path) has no '-- expect:' line")
        let result = try ScrimProcess.run(["run"] + flags + [path], timeout: within)
        #expect(!result.timedOut, "\(path) hung")
        #expect(!result.signalled, "\(path) crashed")
        #expect(result.status == 1)
        let first = result.stderr.split(separator: "\n").first.map(String.init) ?? ""
        #expect(first.hasPrefix("scrim: "))
        #expect(first.contains(expectation), "\(path): \(first)")
    }
}
