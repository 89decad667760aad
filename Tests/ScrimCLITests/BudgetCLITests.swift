import Foundation
import ScrimTestSupport
import Testing

/// The budgets from the command line: the REPL keeps going after a statement runs out of time, a tiny memory budget
/// fails softly, finalizers at the end of a run cannot crash it.
@Suite struct BudgetCLITests {
    @Test func aTimeoutInTheReplStopsTheStatementNotTheSession() throws {
        let result = try ScrimProcess.run(["repl", "--timeout", "0.3"], stdin: "while true do end\nprint('still here')\n",
                                          timeout: 20)
        #expect(!result.signalled)
        #expect(result.stderr.contains("exceeded the time budget of 0.3 s"))
        #expect(result.stdout.contains("still here"))
    }

    @Test func ctrlCRaisesInterruptedAtTheRunningLineAsLuaDoes() throws {
        // The script sends itself SIGINT (the shell's parent is scrim), then loops: lua.c's `interrupted!` comes, once,
        // catchable by pcall.
        let caught = try ScrimProcess.run(["run", "-e", """
            print(pcall(function() io.popen('kill -INT $PPID'):close() while true do end end))
            print('went on')
            """], timeout: 20)
        #expect(caught.status == 0)
        #expect(caught.stdout == "false\t(command line):1: interrupted!\nwent on\n")
        let uncaught = try ScrimProcess.run(["run", "-e", "io.popen('kill -INT $PPID'):close()\nwhile true do end"], timeout: 20)
        #expect(!uncaught.signalled)
        #expect(uncaught.status == 1)
        #expect(uncaught.stderr.hasPrefix("scrim: (command line):"))
        #expect(uncaught.stderr.contains("interrupted!\nstack traceback:\n"))
    }

    @Test func theReplWaitingForInputIsNotRunningOutOfTime() throws {
        // Six statements of 0.3 s each: together past the budget, each well within it. They wait rather than compute:
        // the budget is wall time, and 0.2 s of CPU takes seconds of wall time on a loaded machine.
        let busy = "os.execute('sleep 0.3')\n"
        let result = try ScrimProcess.run(["repl", "--timeout", "1"], stdin: String(repeating: busy, count: 6) + "print('done')\n",
                                          timeout: 30)
        #expect(result.stdout.contains("done"))
        #expect(!result.stderr.contains("time budget"))
    }

    @Test func aTinyMemoryBudgetFailsSoftly() throws {
        let repl = try ScrimProcess.run(["repl", "--max-memory", "20K"], stdin: "print(1)\n", timeout: 20)
        #expect(!repl.signalled && !repl.timedOut)
        #expect(repl.stderr.contains("not enough memory"))
        let run = try ScrimProcess.run(["run", "--max-memory", "20K", "-e", "print(1)"], timeout: 20)
        #expect(!run.signalled && run.status == 1)
        #expect(run.stderr.contains("not enough memory"))
    }

    @Test func finalizersCallingScrimAsTheRunEndsFailSoftly() throws {
        let result = try ScrimProcess.run(["run", "-e", """
            X = setmetatable({}, {__gc = function() print(pcall(scrim.now)) end})
            local now = scrim.now
            Y = setmetatable({}, {__gc = function() print(pcall(now)) end})
            """], timeout: 20)
        #expect(result.status == 0 && !result.signalled)
        #expect(result.stdout.contains("false\t'now' is not available while the Lua state closes"))
    }

    @Test func theWatchdogThreadComesOnlyOnceAScriptHasRunAWhile() throws {
        // A short run makes no second thread (start-up pays for none); one that computes for 0.3 s of CPU has the
        // watchdog, and a loop past its budget is stopped at its line as before.
        let threads = """
            local function threads()
              for line in io.lines('/proc/self/status') do
                local n = line:match('^Threads:%s*(%d+)') if n then return tonumber(n) end
              end
            end
            print(threads())
            local t = os.clock() while os.clock() - t < 0.3 do end
            print(threads())
            """
        let result = try ScrimProcess.run(["run", "-e", threads], timeout: 30)
        #expect(result.status == 0)
        #expect(result.stdout == "1\n2\n")
        let loop = try ScrimProcess.run(["run", "--timeout", "0.5", "-e", "local x = 0\nwhile true do x = x + 1 end"],
                                        timeout: 20)
        #expect(loop.status == 1 && !loop.signalled)
        #expect(loop.stderr.hasPrefix("scrim: (command line):2: exceeded the time budget of 0.5 s"))
    }

    @Test func finalizersThatLoopEndTheRunWithATimeout() throws {
        let start = Date()
        let result = try ScrimProcess.run(["run", "--timeout", "0.5", "-e",
                                           "X = setmetatable({}, {__gc = function() while true do end end})"], timeout: 20)
        #expect(result.status == 1 && !result.signalled)
        #expect(result.stderr.hasPrefix("scrim: timeout: exceeded the time budget of 0.5 s"))
        #expect(Date().timeIntervalSince(start) < 10)
    }
}
