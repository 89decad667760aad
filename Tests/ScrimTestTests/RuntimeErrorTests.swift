import ScrimTestSupport
import Foundation
import Testing

/// `scrim test` on Tests/fixtures/scrimtest-runtime: what the runtime reports fails the running test, `os.exit`
/// and a crashed process cost only their test or file, and Scrim objects can be spied on and stubbed.
@Suite struct RuntimeErrorTests {
    static let fixtures = "Tests/fixtures/scrimtest-runtime"

    static func test(_ arguments: [String]) throws -> ScrimProcess {
        try ScrimProcess.run(["test"] + arguments, timeout: 60)
    }

    /// "name: status" for each line of a TAP report.
    static func outcomes(_ tap: String) -> [String] {
        tap.split(separator: "\n").compactMap { line -> String? in
            guard let dash = line.range(of: " - ") else { return nil }
            if line.hasPrefix("not ok ") { return "\(line[dash.upperBound...]): not ok" }
            if line.hasPrefix("ok ") { return "\(line[dash.upperBound...]): ok" }
            return nil
        }
    }

    @Test func anErrorReportedWhileATestRunsFailsIt() throws {
        let result = try Self.test(["-o", "tap", "\(Self.fixtures)/reported_spec.lua"])
        #expect(Self.outcomes(result.stdout) == [
            "errors reported while a test runs › a failed assertion in a timer: not ok",
            "errors reported while a test runs › an error in a hook handler: not ok",
            "errors reported while a test runs › an error in an animation completion: not ok",
            "errors reported while a test runs › an error in a delegate method: not ok",
            "errors reported while a test runs › passes when nothing is reported: ok",
            "a hook whose timer fails › before_each: not ok",
            "a spec that watches the error event › handles the report itself and passes: ok",
        ])
        let out = result.stdout
        // The message and the traceback of the report, not just "something was printed".
        #expect(out.contains("# error in timer \"Tests/fixtures/scrimtest-runtime/reported_spec.lua:4\" due at 0.1 s: "
            + "Tests/fixtures/scrimtest-runtime/reported_spec.lua:4: Expected objects to be equal."))
        #expect(out.contains("# error in hook handler for \"t.custom\": Tests/fixtures/scrimtest-runtime/reported_spec.lua:9: handler broke"))
        #expect(out.contains("completion broke"))
        #expect(out.contains("delegate broke"))
        #expect(out.contains("# \tTests/fixtures/scrimtest-runtime/reported_spec.lua:4: in function"))
        // Reported into the test, not printed beside it.
        #expect(!result.stderr.contains("scrim: error in"))
        #expect(result.stderr == "2 passed, 5 failed\n")
    }

    @Test func scrimRunStillOnlyReportsThem() throws {
        let result = try ScrimProcess.run(["-e", "scrim.after(0.1, function() error('late') end) scrim.advance(1) print('went on')"])
        #expect(result.stdout == "went on\n")
        #expect(result.stderr.contains("scrim: error in timer"))
        #expect(result.status == 1)
    }

    @Test func osExitFailsOnlyItsTest() throws {
        let result = try Self.test(["-o", "tap", "\(Self.fixtures)/exit_spec.lua"])
        #expect(Self.outcomes(result.stdout) == [
            "os.exit › fails the test that calls it: not ok",
            "os.exit › runs the next test: ok",
            "os.exit in a describe body: not ok",
        ])
        #expect(result.stdout.contains("exit_spec.lua:4: os.exit(3) called: a spec cannot end the test run"))
        #expect(result.status == 1)
    }

    @Test(arguments: [["--jobs", "1"], ["--jobs", "2"], ["--jobs", "4"]])
    func aCrashingFileCostsOnlyItselfAndNamesTheSignal(jobs: [String]) throws {
        let result = try Self.test(jobs + [Self.fixtures])
        #expect(result.stdout.contains("✘ Tests/fixtures/scrimtest-runtime/crash_spec.lua (the file) — error\n"
            + "  the test worker running this file stopped (signal 9 (SIGKILL: Killed))"))
        // The other files ran and count; the closing line is there.
        #expect(result.stdout.contains("✔ Tests/fixtures/scrimtest-runtime/objects_spec.lua: 6 passed, 0 failed"))
        #expect(result.stdout.contains("✘ Tests/fixtures/scrimtest-runtime/reported_spec.lua: 2 passed, 5 failed"))
        #expect(result.stdout.hasSuffix("\n9 passed, 8 failed\n"))
        #expect(result.status == 1)
    }

    /// A test running code the time budget cannot interrupt ends its worker: the results sent before it stay.
    @Test(arguments: [["--jobs", "1"], ["--jobs", "2"]])
    func aWorkerThatStopsKeepsTheResultsItSent(jobs: [String]) throws {
        let result = try Self.test(jobs + ["--timeout", "1", "Tests/fixtures/scrimtest-stopped"])
        #expect(result.stdout.contains("✘ Tests/fixtures/scrimtest-stopped/stops_spec.lua: 1 passed, 2 failed"), "\(result.stdout)")
        #expect(result.stdout.contains("✘ a test that ends its worker › fails first"))
        #expect(result.stdout.contains("the test worker running this file stopped (exit status 1) after 2 results; "
            + "the rest of the file did not run"))
        #expect(result.stdout.hasSuffix("\n1 passed, 2 failed\n"))
        #expect(result.status == 1)
    }

    @Test func spiesAndStubsWorkOnScrimObjects() throws {
        let result = try Self.test(["\(Self.fixtures)/objects_spec.lua"])
        #expect(result.stdout.hasSuffix("6 passed, 0 failed\n"), "\(result.stdout)")
        #expect(result.status == 0)
    }
}

/// busted's command-line vocabulary beyond selection (which BustedCompatibilityTests compares with busted).
@Suite struct BustedVocabularyTests {
    static let folder = "Tests/fixtures/busted-compat"
    static let project = "Tests/fixtures/busted-project"

    @Test func listNamesTheTestsWithoutRunningThem() throws {
        let result = try ScrimProcess.run(["test", "--list", "\(Self.folder)/structure_spec.lua"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("Tests/fixtures/busted-compat/structure_spec.lua:9: structure runs hooks in order\n"))
        #expect(result.stdout.contains("structure_spec.lua:40: structure fails inside a nested helper\n"))
        #expect(!result.stdout.contains("passed"))
    }

    @Test func repeatRunsTheSuiteAgain() throws {
        let common = ["--helper", "\(Self.project)/spec/helper.lua", "-m", "\(Self.project)/src/?.lua;\(Self.project)/src/?/init.lua",
                      "\(Self.project)/spec/ringbuffer_spec.lua"]
        let once = try ScrimProcess.run(["test"] + common)
        let thrice = try ScrimProcess.run(["test", "--repeat", "3"] + common)
        #expect(once.stdout.hasSuffix("6 passed, 1 failed, 1 skipped\n"), "\(once.stdout)")
        #expect(thrice.stdout.hasSuffix("18 passed, 3 failed, 3 skipped\n"), "\(thrice.stdout)")
    }

    /// busted's `arg` is its command line (`lua5.4 /usr/bin/busted spec -v` gives a spec `{[-1]="lua5.4",
    /// [0]="/usr/bin/busted", "spec", "-v"}`): every word after `test`, whether or not it came after `--`.
    @Test func theSpecsArgIsTheCommandLineAsBustedGivesIt() throws {
        let spec = FileManager.default.temporaryDirectory.appendingPathComponent("scrim-arg-\(getpid())_spec.lua")
        try """
            it("sees arg", function()
              local words = {}
              for i = 1, #arg do words[i] = arg[i] end
              assert.are.same({ "-j", os.getenv("JOBS"), os.getenv("SPEC"), "--", "one", "--two" }, words)
              assert.are.equal("test", arg[0])
              assert.matches("scrim", arg[-1])
              assert.is_nil(arg[-2])
              assert.are.same({ nil, "exit", 3 }, { os.execute(arg[-1] .. " -e 'os.exit(3)'") })
            end)
            """.write(to: spec, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: spec) }
        for jobs in ["1", "2"] {
            let result = try ScrimProcess.run(["test", "-j", jobs, spec.path, "--", "one", "--two"],
                                              environment: ["JOBS": jobs, "SPEC": spec.path])
            #expect(result.stdout.hasSuffix("1 passed, 0 failed\n"), "\(result.stdout)")
        }
    }

    @Test func aHelperRunsBeforeEachFile() throws {
        // The helper registers the custom assertions semver_spec.lua uses; without it they are unknown.
        let lpath = "\(Self.project)/src/?.lua;\(Self.project)/src/?/init.lua"
        let spec = "\(Self.project)/spec/semver_spec.lua"
        for jobs in ["1", "2"] {
            let with = try ScrimProcess.run(["test", "-j", jobs, "--helper", "\(Self.project)/spec/helper.lua", "-m", lpath, spec])
            #expect(with.stdout.hasSuffix("18 passed, 2 failed\n"), "\(with.stdout)")
        }
        let without = try ScrimProcess.run(["test", "-m", lpath, spec])
        #expect(without.stdout.contains("luassert: unknown modifier/assertion: 'version_less'"))
        let missing = try ScrimProcess.run(["test", "-f", "/nonexistent/.busted", spec])
        #expect(missing.status == 2)
        #expect(missing.stderr.hasPrefix("scrim: specified config file '/nonexistent/.busted' not found"))
    }

    /// A suite that ships its own `say` gets it from require("say"), and its texts reach the assertion messages.
    @Test func aSuitesOwnSayWins() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("scrim-say-\(getpid())")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("src"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("spec"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        try """
            local texts = {}
            return setmetatable({ own = true, set = function(_, key, text) texts[key] = text end,
                                  set_namespace = function() end },
              { __call = function(_, key, values) return texts[key] and texts[key]:format(table.unpack(values or {})) end })
            """.write(to: root.appendingPathComponent("src/say.lua"), atomically: true, encoding: .utf8)
        try """
            local say = require("say")
            say:set("assertion.tiny.positive", "Expected %s to be tiny (own say)")
            assert:register("assertion", "tiny", function(_, arguments) return arguments[1] < 10 end,
              "assertion.tiny.positive", "assertion.tiny.negative")
            it("gets the suite's say", function() assert.is_true(say.own) end)
            it("fails with its text", function() assert.tiny(50) end)
            """.write(to: root.appendingPathComponent("spec/say_spec.lua"), atomically: true, encoding: .utf8)
        let result = try ScrimProcess.run(["test", "-C", root.path])
        #expect(result.stdout.contains("Expected (number) 50 to be tiny (own say)"), "\(result.stdout)")
        #expect(result.stdout.hasSuffix("1 passed, 1 failed\n"))
    }

    @Test func theDefaultRootIsSpecOrTheTasksRoot() throws {
        // The project's .busted names spec/ as ROOT and its helper; without a task file, spec/ is the default.
        let configured = try ScrimProcess.run(["test", "-C", Self.project])
        #expect(configured.stdout.hasSuffix("23 passed, 3 failed, 1 skipped\n"), "\(configured.stdout)")
        let plain = try ScrimProcess.run(["test", "-C", Self.project, "-f", ".busted", "--exclude-tags", "none"])
        // The command line's --exclude-tags replaces the task's, so the #slow test runs too.
        #expect(plain.stdout.hasSuffix("24 passed, 3 failed, 1 skipped\n"), "\(plain.stdout)")
    }

    @Test(arguments: [
        (["-e", "x"], "scrim: busted's option '-e' is not supported by scrim test"),
        (["--coverage"], "scrim: busted's option '--coverage' is not supported by scrim test"),
        (["--shuffle-files"], "scrim: busted's option '--shuffle-files' is not supported by scrim test"),
        (["--frobnicate"], "scrim: unrecognized option '--frobnicate'"),
        (["--repeat", "0"], "scrim: invalid --repeat '0' (a whole number of runs from 1 to 1000000)"),
        (["-o", "xml"], "scrim: invalid --output 'xml' (text, tap, junit, json, scrim-json, utfTerminal, plainTerminal, TAP, gtest)"),
        (["-r", "nosuch", "-C", "Tests/fixtures/busted-project"], "scrim: Task `nosuch` not found, or not a table (.busted)"),
    ])
    func unknownAndUnsupportedFlagsAreUsageErrors(arguments: [String], message: String) throws {
        let result = try ScrimProcess.run(["test"] + arguments + ["\(Self.folder)/structure_spec.lua"])
        #expect(result.status == 2)
        #expect(result.stderr.split(separator: "\n").first.map(String.init) == message)
    }

    /// A `.busted` file is the user's code, and so are its tables: a metatable that raises or never returns gives a
    /// usage error naming the file (within the reader's own budget), never an abort or a hang.
    @Test(arguments: [
        ("raises.busted", "raises.busted:2: no task default"),
        ("loops.busted", "loops.busted:2: exceeded the time budget of 2 s"),
        ("pairs.busted", "pairs.busted:2: pairs trap"),
        ("value.busted", "value.busted:2: tags trap"),
    ])
    func configTablesThatTrapAreErrorsNamingTheFile(file: String, reason: String) throws {
        let folder = "Tests/fixtures/busted-configs"
        let result = try ScrimProcess.run(["test", "-C", folder, "-f", file, "spec_spec.lua"], timeout: 20)
        #expect(!result.signalled && !result.timedOut)
        #expect(result.status == 2)
        #expect(result.stderr.split(separator: "\n").first.map(String.init) == "scrim: failed loading config file `\(file)`: \(reason)")
        let ordinary = try ScrimProcess.run(["test", "-C", folder, "-f", "ok.busted", "spec_spec.lua"])
        #expect(ordinary.stdout.hasSuffix("1 passed, 0 failed\n"), "the task's tags apply: \(ordinary.stdout)")
    }

    @Test func helpIsGeneratedFromTheOptionTable() throws {
        for flag in ["-h", "--help"] {
            let result = try ScrimProcess.run(["test", flag])
            #expect(result.status == 0)
            for option in ["-p, --pattern PATTERN", "--exclude-pattern PATTERN", "-m, --lpath PATH", "--cpath PATH",
                           "-t, --tags TAG[,TAG]", "--exclude-tags TAG[,TAG]", "--filter PATTERN", "--filter-out PATTERN",
                           "-o, --output FORMAT", "-l, --list", "--repeat N", "-v, --verbose", "--no-keep-going",
                           "--shuffle", "--seed N", "--helper FILE", "-r, --run TASK", "-j, --jobs N"] {
                #expect(result.stdout.contains("  " + option), "\(option)")
            }
            #expect(!result.stdout.contains("--worker"))
        }
    }
}
