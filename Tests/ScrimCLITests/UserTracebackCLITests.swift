import Foundation
import ScrimTestSupport
import Testing

/// What `scrim run`, the REPL and `scrim test` print for an error raised through Scrim's own Lua (`scrim.class`):
/// the script's frames, not class.lua's — unless `--trace-internals` (or `scrim test --verbose`) asks for them.
@Suite struct UserTracebackCLITests {
    static let constructor = "local Sheet = scrim.class('Sheet', scrim.ViewController)\nlocal s = scrim.ViewController{ modalPresentationStyle = 5 }\n"

    @Test func runLeavesScrimsFramesOutUnlessAsked() throws {
        let plain = try ScrimProcess.run(["-"], stdin: Self.constructor)
        #expect(plain.status == 1)
        #expect(plain.stderr.hasPrefix("scrim: stdin:2: bad argument #1 to 'ViewController'"))
        #expect(plain.stderr.contains("\tstdin:2: in main chunk"))
        #expect(!plain.stderr.contains("class.lua") && !plain.stderr.contains("'__new'"), "\(plain.stderr)")
        let all = try ScrimProcess.run(["run", "--trace-internals", "-"], stdin: Self.constructor)
        #expect(all.stderr.contains("\t[C]: in field '__new'\n\tclass.lua:"), "\(all.stderr)")

        let byName = try ScrimProcess.run(["-"], stdin: "scrim.class('V', 5)\n")
        #expect(byName.stderr.hasSuffix("stack traceback:\n\t[C]: in function 'scrim.class'\n\tstdin:1: in main chunk\n"), "\(byName.stderr)")
    }

    @Test func errorsReportedFromCallbacksToo() throws {
        let script = """
            local Box = scrim.class('Box', scrim.ViewController)
            function Box:viewDidLoad() scrim.ViewController{ modalPresentationStyle = 5 } end
            scrim.present(Box())
            """
        let result = try ScrimProcess.run(["-"], stdin: script)
        #expect(result.stderr.hasPrefix("scrim: error in viewDidLoad of Box: stdin:2: bad argument #1 to 'ViewController'"))
        #expect(result.stderr.contains("\tstdin:2: in "))
        #expect(!result.stderr.contains("class.lua"), "\(result.stderr)")
    }

    @Test func theReplToo() throws {
        let result = try ScrimProcess.run(["repl"], stdin: Self.constructor)
        #expect(result.stderr.contains("bad argument #1 to 'ViewController'"))
        #expect(!result.stderr.contains("class.lua"), "\(result.stderr)")
        let all = try ScrimProcess.run(["repl", "--trace-internals"], stdin: Self.constructor)
        #expect(all.stderr.contains("class.lua"), "\(all.stderr)")
    }

    @Test(arguments: [["--trace-internals"], ["--verbose"], ["--trace-internals", "-j", "2"]])
    func specTracebacksKeepScrimsFramesWhenAsked(flags: [String]) throws {
        let spec = "Tests/fixtures/scrimtest-locations/class_spec.lua"
        let trimmed = try ScrimProcess.run(["test", spec])
        #expect(!trimmed.stdout.contains("class.lua"))
        let whole = try ScrimProcess.run(["test"] + flags + [spec])
        #expect(whole.stdout.contains("class.lua:"), "\(whole.stdout)")
        #expect(whole.stdout.contains("[C]: in "))
    }
}
