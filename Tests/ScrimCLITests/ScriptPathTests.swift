import Foundation
import ScrimTestSupport
import Testing

/// One place decides what a script path means (`ScriptPlan.Script`): every command that takes a script takes a
/// folder the same way, an output named after the script is named after the folder, and the script sees the same
/// world whichever command runs it.
@Suite struct ScriptPathTests {
    static let app = ScrimProcess.repoRoot.appendingPathComponent("examples/share_sheet")

    /// A folder app in a fresh temporary folder: `tiny_app/main.lua` and an empty `tiny_app/sub`.
    static func tinyApp() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("scrim-paths-\(UUID().uuidString)")
        let app = root.appendingPathComponent("tiny_app")
        try FileManager.default.createDirectory(at: app.appendingPathComponent("sub"), withIntermediateDirectories: true)
        try """
            local box = scrim.View{ name = "box", frame = { 10, 10, 50, 50 }, backgroundColor = "red" }
            scrim.window:addSubview(box)
            print("tiny app ran from " .. arg[0])
            """.write(to: app.appendingPathComponent("main.lua"), atomically: true, encoding: .utf8)
        return root
    }

    @Test(arguments: [".", "./", "../share_sheet"])
    func theReplRunsAFolderAsRunDoes(path: String) throws {
        let run = try ScrimProcess.run(["run", path], in: Self.app)
        let repl = try ScrimProcess.run(["repl", path], stdin: "print(#scrim.window.subviews)\n", in: Self.app)
        #expect(repl.status == 0, "\(repl.stderr)")
        #expect(!repl.stderr.contains("cannot read"))
        #expect(repl.stdout.contains("actions: menu:copyLink"))
        // The app's own module and plugin were found, as `scrim run` finds them.
        #expect(repl.stdout.hasPrefix(run.stdout.split(separator: "\n").prefix(3).joined(separator: "\n")))
    }

    @Test func snapshotNamesItsPictureAfterTheFolder() throws {
        let root = try Self.tinyApp()
        defer { try? FileManager.default.removeItem(at: root) }
        let app = root.appendingPathComponent("tiny_app")
        let cases: [(arguments: [String], directory: URL, written: String)] = [
            (["snapshot", "."], app, "tiny_app.png"),
            (["snapshot", "tiny_app/"], root, "tiny_app.png"),
            (["snapshot", "..", "--film", "2"], app.appendingPathComponent("sub"), "tiny_app-film.png"),
            (["snapshot", "tiny_app/main.lua"], root, "main.png"),
        ]
        for (arguments, directory, written) in cases {
            let result = try ScrimProcess.run(arguments, in: directory)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            #expect(result.stdout.hasSuffix("wrote \(written)\n"), "\(arguments): \(result.stdout)")
            #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent(written).path), "\(arguments)")
            let hidden = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasPrefix(".") }
            #expect(hidden.isEmpty, "\(arguments) wrote \(hidden)")
        }
    }

    /// `scrim FILE`, `scrim run`, `scrim repl`, `scrim -i` and a spec see the same window, screen and clock: the
    /// REPL puts nothing of its own in the scene.
    @Test func everyCommandGivesTheScriptTheSameWorld() throws {
        let probe = "Tests/fixtures/scrimtest-world/world.lua"
        let runs: [(String, ScrimProcess)] = [
            ("scrim FILE", try ScrimProcess.run([probe])),
            ("scrim run", try ScrimProcess.run(["run", probe])),
            ("scrim repl", try ScrimProcess.run(["repl", probe], stdin: "")),
            ("scrim -i", try ScrimProcess.run(["-i", probe], stdin: "")),
            ("scrim test", try ScrimProcess.run(["test", "Tests/fixtures/scrimtest-world"])),
        ]
        let worlds = runs.map { name, result in
            (name, result.stdout.split(separator: "\n").first { $0.hasPrefix("world:") }.map(String.init))
        }
        for (name, world) in worlds {
            #expect(world == "world: 0 views [] 60 fps 390x844@3 at 0 s", "\(name)")
        }
        let repl = try ScrimProcess.run(["repl", "examples/popup_window.lua"], stdin: "")
        #expect(repl.stdout.contains("done; nothing is left in the window: true"))
    }
}
