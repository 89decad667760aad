import ScrimTestSupport
import Foundation
import Testing

/// `scrim` as a Lua user's hands expect from `lua5.4`: scripts by name, standard input, -e, -l, -i, -v, -W, -E,
/// LUA_INIT, folders (LÖVE's main.lua), and bytes that are not UTF-8.
@Suite struct LuaCommandLineTests {
    /// A private folder for the files of one test.
    struct Scratch {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("scrim-luacli-\(UUID().uuidString)")
        var path: String { url.path }
        init() throws { try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true) }
        func write(_ name: String, _ text: String) throws {
            let file = url.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: file, atomically: true, encoding: .utf8)
        }
        func remove() { try? FileManager.default.removeItem(at: url) }
    }

    @Test func aScriptByNameRunsAsScrimRunDoes() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("app.lua", "print(select('#', ...), arg[1], arg[2], arg[0], arg[-1])\nscrim.after(1, function() print('settled') end)")
        let result = try ScrimProcess.run([scratch.path + "/app.lua", "x", "--help"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "2\tx\t--help\t\(scratch.path)/app.lua\t\(ScrimProcess.binary.path)\nsettled\n")
        // Options before the script are scrim's; a script named like no command but without a path works too.
        let named = try ScrimProcess.run(["--timeout", "5", "Tests/corpus/bad/runtime.lua"])
        #expect(named.status == 1 && named.stderr.hasPrefix("scrim: Tests/corpus/bad/runtime.lua:3:"))
    }

    @Test func standardInputAsDashOrPiped() throws {
        let dash = try ScrimProcess.run(["-", "a"], stdin: "print('dash', ..., arg[0])")
        #expect(dash.status == 0 && dash.stdout == "dash\ta\t-\n", "\(dash.stderr)")
        let piped = try ScrimProcess.run([], stdin: "print('piped')\nscrim.after(0.5, function() print(scrim.now()) end)")
        #expect(piped.status == 0 && piped.stdout == "piped\n0.5\n", "\(piped.stderr)")
        let failing = try ScrimProcess.run([], stdin: "\n\nerror('where')")
        #expect(failing.status == 1 && failing.stderr.hasPrefix("scrim: stdin:3: where\n"))
        // A `#!` first line is skipped as lua5.4 skips it; line numbers stay right.
        let shebang = try ScrimProcess.run(["-"], stdin: "#!/usr/bin/env scrim\nerror('two')")
        #expect(shebang.status == 1 && shebang.stderr.hasPrefix("scrim: stdin:2: two\n"))
    }

    @Test func optionsRunInLuasOrder() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("mymod.lua", "print('loading mymod') return { name = 'mymod' }")
        try scratch.write("other-v2.lua", "return { name = 'other' }")
        try scratch.write("main.lua", "print('script', mymod.name, m.name, other.name)")
        let result = try ScrimProcess.run(
            ["-e", "print('first')", "-l", "mymod", "-lm=mymod", "-l", "other-v2", "-e", "print('last')", scratch.path + "/main.lua"],
            environment: ["LUA_PATH": scratch.path + "/?.lua;;", "LUA_INIT": "print('init')"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "init\nfirst\nloading mymod\nlast\nscript\tmymod\tmymod\tother\n")
        let missing = try ScrimProcess.run(["-l", "no_such_module", "-e", "print('not reached')"])
        #expect(missing.status == 1 && missing.stderr.hasPrefix("scrim: module 'no_such_module' not found"))
        #expect(missing.stdout.isEmpty)
    }

    @Test func luaInitAndIgnoringTheEnvironment() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("init.lua", "print('init file')")
        let versioned = try ScrimProcess.run(["-e", "print(2)"], environment: ["LUA_INIT_5_4": "@" + scratch.path + "/init.lua",
                                                                             "LUA_INIT": "print('not this one')"])
        #expect(versioned.status == 0 && versioned.stdout == "init file\n2\n", "\(versioned.stderr)")
        let plain = try ScrimProcess.run(["-e", "print(2)"], environment: ["LUA_INIT": "x = 40 print(x + 1)"])
        #expect(plain.stdout == "41\n2\n")
        let broken = try ScrimProcess.run(["-e", "print(2)"], environment: ["LUA_INIT": "error('bad init')"])
        #expect(broken.status == 1 && broken.stderr.hasPrefix("scrim: LUA_INIT:1: bad init") && broken.stdout.isEmpty)
        let ignored = try ScrimProcess.run(["-E", "-e", "print(2, package.path:find('/nowhere/', 1, true))"],
                                           environment: ["LUA_INIT": "print('no')", "LUA_PATH": "/nowhere/?.lua"])
        #expect(ignored.status == 0 && ignored.stdout == "2\tnil\n", "\(ignored.stderr)")
        let honoured = try ScrimProcess.run(["-e", "print(package.path)"], environment: ["LUA_PATH": "/nowhere/?.lua"])
        #expect(honoured.stdout == "/nowhere/?.lua\n")
    }

    @Test func versionAndWarnings() throws {
        let version = try ScrimProcess.run(["-v"])
        #expect(version.status == 0 && version.stdout.hasPrefix("scrim ") && version.stdout.contains("Lua 5.4"))
        #expect(version.stdout.split(separator: "\n").count == 1)
        #expect(version.stdout.contains(", Lua 5.4") && version.stdout.hasSuffix("Lua.org, PUC-Rio\n")) // lua5.4 -v's line
        let thenScript = try ScrimProcess.run(["-v", "-e", "print('after')"])
        #expect(thenScript.stdout.hasSuffix("PUC-Rio\nafter\n"))
        // Warnings are off at the start, as in lua5.4; -W turns them on, in its place among -e.
        let warnings = try ScrimProcess.run(["-e", "warn('hidden')", "-W", "-e", "warn('shown')"])
        #expect(warnings.status == 0)
        #expect(warnings.stderr == "Lua warning: shown\n")
        let refused = try ScrimProcess.run(["-Wx"])
        #expect(refused.status == 2 && refused.stderr.hasPrefix("scrim: unrecognized option '-Wx'"))
    }

    @Test func aFolderRunsItsMainWithItsModulesAndPlugins() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("app/main.lua", "local util = require('util') print('main', util.answer, ..., arg[0])")
        try scratch.write("app/util.lua", "return { answer = 42 }")
        try scratch.write("app/plugins/greeter/plugin.lua", """
            return { name = "greeter", version = "1.0.0", setup = function() print("greeter up") end }
            """)
        for prefix in [["run"], []] {
            let result = try ScrimProcess.run(prefix + [scratch.path + "/app", "x"])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout == "greeter up\nmain\t42\tx\t\(scratch.path)/app\n")
        }
        try scratch.write("empty/readme.txt", "")
        let empty = try ScrimProcess.run(["run", scratch.path + "/empty"])
        #expect(empty.status == 1 && empty.stderr.contains("without main.lua"))
    }

    @Test func bytesThatAreNotUTF8PassThroughUnchanged() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        // `local s = "\xff\xfe"` with the two bytes themselves in the source.
        var source = Data("local s = \"".utf8) + Data([0xFF, 0xFE]) + Data("\" print(#s, s == '\\255\\254')\n".utf8)
        let file = scratch.url.appendingPathComponent("bytes.lua")
        try source.write(to: file)
        let fromFile = try rawRun([file.path], stdin: Data())
        #expect(fromFile.stdout == Data("2\ttrue\n".utf8))
        let fromStdin = try rawRun(["run", "-"], stdin: source)
        #expect(fromStdin.stdout == Data("2\ttrue\n".utf8))
        // A REPL line's locals end with it: a global keeps the value for the next line to show.
        let global = Data("t = \"".utf8) + Data([0xFF, 0xFE]) + Data("\"\nt\n".utf8)
        let fromRepl = try rawRun(["repl"], stdin: source + global)
        #expect(fromRepl.stdout == Data("2\ttrue\n".utf8) + Data([0xFF, 0xFE, 0x0A]))
        source.removeLast()
        let fromE = try rawRun(["-e", source], stdin: Data())
        #expect(fromE.stdout == Data("2\ttrue\n".utf8))
        let arguments = try rawRun(["-", Data([0xC3, 0x28]), Data([0xFF])],
                                   stdin: Data("print(#arg[1], arg[1] == '\\xC3(', ... == '\\xC3(', arg[2] == '\\xFF')".utf8))
        #expect(arguments.stdout == Data("2\ttrue\ttrue\ttrue\n".utf8), "\(String(decoding: arguments.stderr, as: UTF8.self))")
        try scratch.write("args.lua", "print(#arg[1], arg[1] == '\\xFF', ... == '\\xFF')")
        let replArguments = try rawRun(["repl", scratch.path + "/args.lua", Data([0xFF])], stdin: Data())
        #expect(replArguments.stdout == Data("1\ttrue\ttrue\n".utf8), "\(String(decoding: replArguments.stderr, as: UTF8.self))")
    }

    /// Runs the binary with arguments as bytes (Process takes Strings, which cannot hold every byte: a shell can).
    func rawRun(_ arguments: [Any], stdin: Data) throws -> (stdout: Data, stderr: Data) {
        let scratch = try Scratch()
        defer { scratch.remove() }
        var words: [String] = []
        for (index, argument) in arguments.enumerated() {
            let data = (argument as? Data) ?? Data((argument as? String ?? "").utf8)
            let path = scratch.path + "/arg\(index)"
            try data.write(to: URL(fileURLWithPath: path))
            words.append("\"$(cat '\(path)')\"")
        }
        let input = scratch.url.appendingPathComponent("stdin")
        try stdin.write(to: input)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "exec '\(ScrimProcess.binary.path)' \(words.joined(separator: " ")) < '\(input.path)'"]
        process.currentDirectoryURL = ScrimProcess.repoRoot
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let output = out.fileHandleForReading.readDataToEndOfFile()
        let errors = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (output, errors)
    }
}

@Suite(.serialized) struct InteractiveFlagTests {
    @Test func dashIRunsTheScriptThenTheReplHasItsState() throws {
        let scratch = try LuaCommandLineTests.Scratch()
        defer { scratch.remove() }
        try scratch.write("state.lua", "counter = 41\nprint('script ran', ...)")
        let session = try TerminalSession()
        defer { session.remove() }
        let run = try session.drive(
            [.expect("Scrim "), .expect("script ran\targ1\n")]
            + ReplStep.type("counter + 1") + [.expect("42\n"), .prompt("scrim> "), .send(ReplStep.ctrlD), .exit(0)],
            command: ["-i", scratch.path + "/state.lua", "arg1"])
        #expect(run.passed, "\(run.transcript)")
    }

    @Test func dashIWithPipedInputAndAScriptError() throws {
        let scratch = try LuaCommandLineTests.Scratch()
        defer { scratch.remove() }
        try scratch.write("state.lua", "counter = 41")
        let piped = try ScrimProcess.run(["-i", scratch.path + "/state.lua"], stdin: "counter + 1\n")
        #expect(piped.status == 0, "\(piped.stderr)")
        #expect(piped.stdout.hasPrefix("scrim ") && piped.stdout.hasSuffix("PUC-Rio\n42\n"))
        // As lua5.4 -i: a script that fails ends the run with its error, no session.
        try scratch.write("bad.lua", "error('no session')")
        let failing = try ScrimProcess.run(["-i", scratch.path + "/bad.lua"], stdin: "print('not reached')\n")
        #expect(failing.status == 1 && failing.stderr.contains("no session") && !failing.stdout.contains("not reached"))
    }
}
