import ScrimTestSupport
import ScrimTestSupport
import Foundation
import ScrimRender
import Testing

/// Issue 10's command-line parts: `scrim snapshot`, `assert.snapshot` in `scrim test`, `scrim run --trace`.
@Suite struct PicturesTests {
    /// A fresh folder for one test's files, removed by `remove()`.
    struct Folder {
        let path: String
        init() throws {
            path = FileManager.default.temporaryDirectory.appendingPathComponent("scrim-pictures-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        }
        func write(_ name: String, _ text: String) throws -> String {
            let file = path + "/" + name
            try text.write(toFile: file, atomically: true, encoding: .utf8)
            return file
        }
        func exists(_ name: String) -> Bool { FileManager.default.fileExists(atPath: path + "/" + name) }
        func remove() { try? FileManager.default.removeItem(atPath: path) }
    }

    /// A red 20 × 20 view moving linearly from x 0 to x 160 in 1 s, on a 200 × 100 screen.
    static let movingBox = """
        local box = scrim.View{ name = "box", frame = {0, 40, 20, 20}, backgroundColor = "red" }
        scrim.window:addSubview(box)
        scrim.animate{ duration = 1, curve = "linear", animations = function() box.frame = {160, 40, 20, 20} end }
        """

    @Test func snapshotAtATimeDrawsThePresentationPosition() throws {
        let folder = try Folder()
        defer { folder.remove() }
        let script = try folder.write("box.lua", Self.movingBox)
        let out = folder.path + "/at.png"
        let result = try ScrimProcess.run(["snapshot", script, "--at", "0.5", "-o", out, "--screen", "200x100@2"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "wrote \(out)\n")
        let image = try PNGFile.read(out)
        #expect(image.width == 400 && image.height == 200)
        // At 0.5 s the box spans x 80…100 (points): red there, white where it started and where it ends.
        #expect(image.pixel(at: .init(x: 90, y: 50), scale: 2) == RGBA(r: 255, g: 0, b: 0))
        #expect(image.pixel(at: .init(x: 10, y: 50), scale: 2) == RGBA(r: 255, g: 255, b: 255))
        #expect(image.pixel(at: .init(x: 170, y: 50), scale: 2) == RGBA(r: 255, g: 255, b: 255))
    }

    @Test func snapshotWithoutATimeDrawsTheSettledScreenAtTheScaleAsked() throws {
        let folder = try Folder()
        defer { folder.remove() }
        let script = try folder.write("box.lua", Self.movingBox)
        let out = folder.path + "/end.png"
        let result = try ScrimProcess.run(["snapshot", "--screen", "200x100@3", "--scale", "1", "-o", out, script])
        #expect(result.status == 0, "\(result.stderr)")
        let image = try PNGFile.read(out)
        #expect(image.width == 200 && image.height == 100)
        #expect(image[170, 50] == RGBA(r: 255, g: 0, b: 0))
        #expect(image[10, 50] == RGBA(r: 255, g: 255, b: 255))
    }

    @Test func filmIsNFramesWideWithTheBoxMovingRight() throws {
        let folder = try Folder()
        defer { folder.remove() }
        let script = try folder.write("box.lua", Self.movingBox)
        let out = folder.path + "/film.png"
        let result = try ScrimProcess.run(["snapshot", script, "--film", "5", "-o", out, "--screen", "200x100@3"])
        #expect(result.status == 0, "\(result.stderr)")
        let image = try PNGFile.read(out)
        // Scale 1 for films: 5 frames of 200 points, under a 24-point label band; frames at 0, 0.25, …, 1 s.
        #expect(image.width == 5 * 200)
        #expect(image.height == 100 + Int(FilmStrip.labelHeight))
        let y = Int(FilmStrip.labelHeight) + 50
        for (frame, x) in [0, 40, 80, 120, 160].enumerated() {
            #expect(image[frame * 200 + x + 10, y] == RGBA(r: 255, g: 0, b: 0), "frame \(frame)")
        }
    }

    @Test func filmOverADuration() throws {
        let folder = try Folder()
        defer { folder.remove() }
        let script = try folder.write("box.lua", Self.movingBox)
        let out = folder.path + "/film.png"
        let result = try ScrimProcess.run(["snapshot", script, "--film", "3", "--duration", "0.5", "-o", out,
                                           "--screen", "200x100@1"])
        #expect(result.status == 0, "\(result.stderr)")
        let image = try PNGFile.read(out)
        #expect(image.width == 600)
        let y = Int(FilmStrip.labelHeight) + 50
        #expect(image[2 * 200 + 90, y] == RGBA(r: 255, g: 0, b: 0)) // 0.5 s: x 80…100
    }

    @Test(arguments: [
        (["snapshot"], "scrim: no script given (a file, or - for standard input)"),
        (["snapshot", "x.lua", "--at", "soon"], "scrim: invalid --at 'soon' (seconds of virtual time from 0 to 31536000)"),
        (["snapshot", "x.lua", "--film", "0"], "scrim: invalid --film '0' (a whole number of frames from 1 to 60)"),
        (["snapshot", "x.lua", "--at", "1", "--film", "2"],
         "scrim: --at and --film do not go together (one picture at a time, or a film strip)"),
        (["snapshot", "x.lua", "y.lua"], "scrim: unexpected argument 'y.lua' (the script's arguments go after --)"),
    ])
    func snapshotUsageErrors(arguments: [String], message: String) throws {
        let result = try ScrimProcess.run(arguments)
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix(message + "\n"), "\(result.stderr)")
    }

    @Test func scriptSnapshotWritesAndReturnsItsPath() throws {
        let folder = try Folder()
        defer { folder.remove() }
        let result = try ScrimProcess.run(["run", "--screen", "50x50@1", "-e", """
            scrim.window:addSubview(scrim.View{ frame = {0, 0, 50, 50}, backgroundColor = "#00ff00" })
            print(scrim.snapshot("\(folder.path)/a/shot.png"))
            """])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "\(folder.path)/a/shot.png\n")
        #expect(try PNGFile.read(folder.path + "/a/shot.png")[25, 25] == RGBA(r: 0, g: 255, b: 0))
    }

    // MARK: assert.snapshot

    static func spec(color: String) -> String {
        """
        describe("screen", function()
          it("shows a box", function()
            scrim.window:addSubview(scrim.View{ frame = {10, 10, 100, 100}, backgroundColor = "\(color)" })
            assert.snapshot("box")
          end)
        end)
        """
    }

    func test(_ folder: Folder, _ extra: [String] = [], ci: Bool) throws -> ScrimProcess {
        try ScrimProcess.run(["test"] + extra + [folder.path + "/screen_spec.lua"],
                             environment: ["CI": ci ? "true" : "false"])
    }

    @Test func missingReferenceIsRecordedLocallyThenMatches() throws {
        let folder = try Folder()
        defer { folder.remove() }
        _ = try folder.write("screen_spec.lua", Self.spec(color: "red"))
        let first = try test(folder, ci: false)
        #expect(first.status == 0, "\(first.stdout)")
        let reference = folder.path + "/__snapshots__/screen_spec/box.png"
        let image = try PNGFile.read(reference)
        #expect(image.width == 390 && image.height == 844) // the default screen, at scale 1
        #expect(image[50, 50] == RGBA(r: 255, g: 0, b: 0))
        let again = try test(folder, ci: true)
        #expect(again.status == 0, "\(again.stdout)")
    }

    @Test func missingReferenceFailsUnderCI() throws {
        let folder = try Folder()
        defer { folder.remove() }
        _ = try folder.write("screen_spec.lua", Self.spec(color: "red"))
        let result = try test(folder, ci: true)
        #expect(result.status == 1)
        #expect(result.stdout.contains("no reference for snapshot 'box'"), "\(result.stdout)")
        #expect(result.stdout.contains("without CI=true (or with --update-snapshots)"))
        #expect(result.stdout.hasSuffix("0 passed, 1 failed\n"))
        #expect(!folder.exists("__snapshots__/screen_spec/box.png"))
    }

    @Test func changedScreenFailsWithADiffAndUpdateRewrites() throws {
        let folder = try Folder()
        defer { folder.remove() }
        _ = try folder.write("screen_spec.lua", Self.spec(color: "red"))
        #expect(try test(folder, ci: false).status == 0)
        _ = try folder.write("screen_spec.lua", Self.spec(color: "blue"))

        let failed = try test(folder, ci: true)
        #expect(failed.status == 1)
        let diff = folder.path + "/__snapshots__/screen_spec/box.diff.png"
        #expect(failed.stdout.contains("snapshot differs from"), "\(failed.stdout)")
        #expect(failed.stdout.contains(diff))
        #expect(try PNGFile.read(diff)[50, 50] == RGBA(r: 255, g: 0, b: 0)) // differing pixels in red
        #expect(try PNGFile.read(diff)[200, 400] != RGBA(r: 255, g: 0, b: 0))
        #expect(folder.exists("__snapshots__/screen_spec/box.actual.png"))

        let updated = try test(folder, ["--update-snapshots"], ci: true)
        #expect(updated.status == 0, "\(updated.stdout)")
        #expect(try PNGFile.read(folder.path + "/__snapshots__/screen_spec/box.png")[50, 50] == RGBA(r: 0, g: 0, b: 255))
        #expect(!folder.exists("__snapshots__/screen_spec/box.diff.png"))
        #expect(try test(folder, ci: true).status == 0)
    }

    @Test func smallDifferencesWithinTheToleranceMatch() throws {
        let folder = try Folder()
        defer { folder.remove() }
        _ = try folder.write("screen_spec.lua", Self.spec(color: "#808080"))
        #expect(try test(folder, ci: false).status == 0)
        _ = try folder.write("screen_spec.lua", Self.spec(color: "#818181")) // one step a channel: within 2
        #expect(try test(folder, ci: true).status == 0)
    }

    // MARK: scrim run --trace

    @Test func traceIsChromeJSONInTimeOrderWithAnimationsTransitionsAndCallbacks() throws {
        let folder = try Folder()
        defer { folder.remove() }
        let script = try folder.write("flow.lua", """
            scrim.on("popup.didShow", function(ev) end)
            local popup = scrim.PopupWindow{ items = {"attach", "detach"}, delegate = { attach = function() end } }
            popup:create()
            scrim.settle()
            popup:select("attach")
            """)
        let out = folder.path + "/trace.json"
        let result = try ScrimProcess.run(["run", "--trace", out, script])
        #expect(result.status == 0, "\(result.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: out))) as? [String: Any]
        let events = try #require(json?["traceEvents"] as? [[String: Any]])
        let timed = events.filter { $0["ph"] as? String != "M" }
        let times = timed.map { ($0["ts"] as? Double) ?? -1 }
        #expect(times == times.sorted())
        func named(_ category: String) -> [[String: Any]] { timed.filter { $0["cat"] as? String == category } }
        #expect(named("animation").contains { $0["ph"] as? String == "X" && ($0["dur"] as? Double ?? 0) == 300_000 })
        #expect(named("transition").contains { $0["name"] as? String == "show PopupWindow" && $0["dur"] as? Double == 300_000 })
        #expect(named("transition").contains { $0["name"] as? String == "cancel PopupWindow" })
        let callbacks = named("lua").map { ($0["name"] as? String ?? "", ($0["args"] as? [String: Any])?["source"] as? String) }
        #expect(callbacks.contains { $0.0 == "hook popup.didShow" && $0.1 == script + ":1" }, "\(callbacks)")
        #expect(callbacks.contains { $0.0 == "attach" && $0.1 == script + ":2" }, "\(callbacks)")
        #expect(callbacks.contains { $0.0 == "main chunk" && $0.1 == script })
    }

    @Test func traceIsWrittenWhenTheScriptFails() throws {
        let folder = try Folder()
        defer { folder.remove() }
        let out = folder.path + "/trace.json"
        let result = try ScrimProcess.run(["run", "--trace", out, "-e", "scrim.after(0.1, function() error('late') end)"])
        #expect(result.status == 1)
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: out))) as? [String: Any]
        #expect(json?["traceEvents"] is [[String: Any]])
    }
}
