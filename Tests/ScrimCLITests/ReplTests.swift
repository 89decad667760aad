import ScrimTestSupport
import Foundation
import Testing

/// One keystroke-level step of a terminal session (see Tests/repl_driver.py).
enum ReplStep {
    case send(String)
    /// Waits until the text appears after what the previous step matched.
    case expect(String)
    /// `expect`, then a moment for the line editor to take the terminal, as a person reading the prompt.
    case prompt(String)
    case expectNot(String)
    /// `expect`, within `seconds` of the previous step's end.
    case expectWithin(String, seconds: Double)
    /// In the output as the terminal got it (escapes kept).
    case expectRaw(String)
    case sleep(Double)
    case write(path: String, text: String)
    case exit(Int)

    static let enter = "\r", tab = "\t", ctrlC = "\u{03}", ctrlD = "\u{04}", up = "\u{1B}[A"

    var json: [Any] {
        switch self {
        case .send(let text): return ["send", text]
        case .expect(let text): return ["expect", text]
        case .prompt(let text): return ["prompt", text]
        case .expectNot(let text): return ["expect_not", text]
        case .expectWithin(let text, let seconds): return ["expect_within", [text, seconds]]
        case .expectRaw(let text): return ["expect_raw", text]
        case .sleep(let seconds): return ["sleep", seconds]
        case .write(let path, let text): return ["write", [path, text]]
        case .exit(let status): return ["exit", status]
        }
    }

    /// Types `line` at the `scrim> ` prompt and presses Enter.
    static func type(_ line: String, at prompt: String = "scrim> ") -> [ReplStep] {
        [.prompt(prompt), .send(line + enter)]
    }
}

/// `scrim repl` on a pseudo-terminal, driven by python3's pty module, in a private state folder.
struct TerminalSession {
    let stateHome: URL

    init() throws {
        stateHome = FileManager.default.temporaryDirectory.appendingPathComponent("scrim-repl-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: stateHome, withIntermediateDirectories: true)
    }

    func remove() { try? FileManager.default.removeItem(at: stateHome) }

    /// Runs the steps; the driver's status (0: every step passed) and the transcript (or what failed).
    /// `command` is what follows the binary (`repl` and the arguments, or `-i FILE` for lua.c's interactive flag).
    func drive(_ steps: [ReplStep], arguments: [String] = [], command: [String] = ["repl"],
               environment extra: [String: String] = [:]) throws -> (passed: Bool, transcript: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", ScrimProcess.repoRoot.appendingPathComponent("Tests/repl_driver.py").path,
                             ScrimProcess.binary.path] + command + arguments
        process.currentDirectoryURL = ScrimProcess.repoRoot
        var environment = ProcessInfo.processInfo.environment
        environment["TERM"] = "xterm"
        environment["HOME"] = stateHome.path
        environment["XDG_STATE_HOME"] = stateHome.appendingPathComponent("state").path
        environment["EDITRC"] = "/dev/null"
        environment.merge(extra) { $1 }
        process.environment = environment
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(try JSONSerialization.data(withJSONObject: steps.map(\.json)))
        try input.fileHandleForWriting.close()
        let transcript = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus == 0, transcript)
    }
}

@Suite(.serialized) struct ReplTerminalTests {
    @Test func resultsContinuationAndErrors() throws {
        let session = try TerminalSession()
        defer { session.remove() }
        let run = try session.drive(
            ReplStep.type("1+1") + [.expect("2\n")]
            + ReplStep.type("1, 'a', nil") + [.expect("1\ta\tnil\n")]
            + ReplStep.type("{ y = 2, x = 1, 'first' }") + [.expect("{ \"first\", x = 1, y = 2 }\n")]
            + ReplStep.type("scrim.window") + [.expect("Window(window) {0, 0, 390, 844}\n")]
            + ReplStep.type("function twice(n)") + ReplStep.type("return 2 * n", at: ">> ")
            + ReplStep.type("end", at: ">> ") + ReplStep.type("twice(21)") + [.expect("42\n")]
            + ReplStep.type("error('boom')") + [.expect("stdin:1: boom\n"), .expect("stack traceback:")]
            + ReplStep.type("twice(2)") + [.expect("4\n"), .prompt("scrim> "), .send(ReplStep.ctrlD), .exit(0)])
        #expect(run.passed, "\(run.transcript)")
    }

    @Test func tabCompletesGlobalsFieldsAndMethods() throws {
        let session = try TerminalSession()
        defer { session.remove() }
        let run = try session.drive([
            .prompt("scrim> "), .send("scrim.ad" + ReplStep.tab), .expect("scrim.advance"),
            .send("(1)" + ReplStep.enter), .prompt("scrim> "),
            .send("scrim.now()" + ReplStep.enter), .expect("1.0\n"),
            .prompt("scrim> "), .send("scrim.window:fi" + ReplStep.tab + "('nothing')" + ReplStep.enter),
            .expect("scrim.window:find('nothing')"), .expect("nil\n"),
            .prompt("scrim> "), .send("my_table = { alpha = 1, beta = 2 }" + ReplStep.enter),
            .prompt("scrim> "), .send("my_t" + ReplStep.tab + ".al" + ReplStep.tab + ReplStep.enter),
            .expect("my_table.alpha"), .expect("1\n"),
            // Several candidates and nothing in common to add: they are listed.
            .prompt("scrim> "), .send("scrim.a" + ReplStep.tab), .expect("advance"), .expect("after"), .expect("animate"),
            .send(ReplStep.ctrlC), .prompt("scrim> "), .send(ReplStep.ctrlD), .exit(0),
        ])
        #expect(run.passed, "\(run.transcript)")
    }

    @Test func historyRecallsAndPersistsAcrossSessions() throws {
        let session = try TerminalSession()
        defer { session.remove() }
        let first = try session.drive(
            ReplStep.type("print('from the ' .. 'first session')") + [.expect("from the first session\n")]
            + ReplStep.type("40 + 2") + [.expect("42\n")]
            + [.prompt("scrim> "), .send(ReplStep.up + ReplStep.up + ReplStep.enter), .expect("from the first session\n"),
               .prompt("scrim> "), .send(ReplStep.ctrlD), .exit(0)])
        #expect(first.passed, "\(first.transcript)")
        let file = session.stateHome.appendingPathComponent("state/scrim/history")
        #expect(FileManager.default.fileExists(atPath: file.path))
        // The last entry of the first session was the recalled print.
        let second = try session.drive([
            .prompt("scrim> "), .send(ReplStep.up + ReplStep.enter), .expect("from the first session\n"),
            .prompt("scrim> "), .send(ReplStep.ctrlD), .exit(0),
        ])
        #expect(second.passed, "\(second.transcript)")
    }

    @Test func ctrlCInterruptsAChunkAndClearsALine() throws {
        let session = try TerminalSession()
        defer { session.remove() }
        let run = try session.drive(
            ReplStep.type("while true do end") + [.sleep(0.5), .send(ReplStep.ctrlC), .expect("interrupted")]
            + ReplStep.type("1 + 1") + [.expect("2\n")]
            + [.prompt("scrim> "), .send("this is not lua"), .expect("this is not lua"), .send(ReplStep.ctrlC)]
            + ReplStep.type("2 + 3") + [.expect("5\n"), .expectNot("syntax error")]
            // A Ctrl-C on a continuation line drops the whole unfinished chunk.
            + ReplStep.type("if true then") + [.prompt(">> "), .send(ReplStep.ctrlC)]
            + ReplStep.type("3 + 4") + [.expect("7\n")]
            // :play of an animation that would last 100 s stops at Ctrl-C.
            + ReplStep.type("scrim.animate(100, function() scrim.window.alpha = 0 end)")
            + ReplStep.type(":play") + [.sleep(0.5), .send(ReplStep.ctrlC)]
            + ReplStep.type("scrim.now() > 0.2 and scrim.now() < 5") + [.expect("true\n"),
               .prompt("scrim> "), .send(ReplStep.ctrlD), .exit(0)])
        #expect(run.passed, "\(run.transcript)")
    }

    @Test func metaCommands() throws {
        let session = try TerminalSession()
        defer { session.remove() }
        let run = try session.drive(
            ReplStep.type(":tree") + [.expect("window Window {0, 0, 390, 844} alpha=1\n")]
            + ReplStep.type(":advance 1") + ReplStep.type("scrim.now()") + [.expect("1.0\n")]
            + ReplStep.type("scrim.after(2, function() print('timer fired') end)")
            + ReplStep.type(":settle") + [.expect("timer fired\n"), .expect("settled after 2.0 s\n")]
            + ReplStep.type(":help") + [.expect(":advance S")]
            + ReplStep.type(":advance soon") + [.expect(":advance: 'soon' is not seconds of virtual time")]
            + ReplStep.type(":bogus") + [.expect("unknown command ':bogus'")]
            + ReplStep.type(":quit") + [.exit(0)])
        #expect(run.passed, "\(run.transcript)")
    }

    @Test func scriptRunsFirstAndIsWatched() throws {
        let session = try TerminalSession()
        defer { session.remove() }
        let script = session.stateHome.appendingPathComponent("app.lua")
        try "greeting = 'hello from the script'\n".write(to: script, atomically: true, encoding: .utf8)
        let run = try session.drive(
            ReplStep.type("greeting") + [.expect("hello from the script\n")]
            + ReplStep.type(":watch on") + [.expect("watching \(script.path)\n"), .prompt("scrim> "),
               // Written in place (emptied, then written), acted on once settled: the looks come that often.
               .write(path: script.path, text: "greeting = 'saved again'\n"),
               .expectWithin("reloaded \(script.path)", seconds: 0.45)]
            + ReplStep.type("greeting") + [.expect("saved again\n")]
            + ReplStep.type(":quit") + [.exit(0)],
            arguments: [script.path])
        #expect(run.passed, "\(run.transcript)")
    }
}

@Suite struct ReplPipedTests {
    @Test func statementsRunAsTheyComeWithResults() throws {
        let result = try ScrimProcess.run(["repl"], stdin: """
            1 + 1
            t = { b = 2, a = 1 }
            t
            function f()
              return 'multi', 'line'
            end

            f()
            :advance 0.5
            scrim.now()
            """)
        #expect(result.status == 0)
        #expect(result.stdout == "2\n{ a = 1, b = 2 }\nmulti\tline\n0.5\n")
        #expect(result.stderr.isEmpty)
    }

    @Test func aFailedStatementMakesTheStatusOne() throws {
        let result = try ScrimProcess.run(["repl"], stdin: "error('first')\nprint('still running')\n")
        #expect(result.status == 1)
        #expect(result.stdout == "still running\n")
        #expect(result.stderr.hasPrefix("stdin:1: first\nstack traceback:\n"))
    }

    @Test func anUnfinishedChunkAtTheEndIsASyntaxError() throws {
        let result = try ScrimProcess.run(["repl"], stdin: "print('ok')\nfor i = 1, 3 do\n")
        #expect(result.status == 1)
        #expect(result.stdout == "ok\n")
        #expect(result.stderr.contains("<eof>"))
    }

    @Test func reloadRunsTheScriptInAFreshRuntime() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("scrim-repl-\(getpid()).lua").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try "runs = (runs or 0) + 1\n".write(toFile: path, atomically: true, encoding: .utf8)
        let result = try ScrimProcess.run(["repl", path], stdin: "runs\n:advance 2\n:reload\nruns, scrim.now()\n")
        #expect(result.status == 0)
        #expect(result.stdout == "1\nreloaded \(path)\n1\t0.0\n")
    }

    @Test func screenPlayAndSnapshotDraw() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("scrim-repl-\(getpid()).png").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = try ScrimProcess.run(["repl"], stdin: """
            box = scrim.View{ name = 'box', frame = { 0, 0, 390, 422 }, backgroundColor = 'red' }
            scrim.window:addSubview(box)
            scrim.animate(1, function() box.alpha = 0 end)
            :screen
            :play 0.25
            scrim.now()
            :snapshot \(path)
            """)
        #expect(result.status == 0, "\(result.stderr)")
        // Half blocks in 24-bit colour, the red box over the white window.
        #expect(result.stdout.contains("\u{1B}[38;2;255;0;0m") && result.stdout.contains("▀"))
        // Each frame of :play is drawn over the one before (cursor up by the picture's height).
        #expect(result.stdout.range(of: "\u{1B}\\[[0-9]+A", options: .regularExpression) != nil)
        #expect(result.stdout.hasSuffix("0.25\nwrote \(path)\n"))
        let png = FileManager.default.contents(atPath: path) ?? Data()
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
    }

    @Test func usage() throws {
        let result = try ScrimProcess.run(["repl", "--bogus"])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("scrim: unrecognized option '--bogus'\nTry 'scrim help repl'"))
        let help = try ScrimProcess.run(["help", "repl"])
        #expect(help.status == 0)
        #expect(help.stdout.hasPrefix("Usage: scrim repl"))
    }
}
