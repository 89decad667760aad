import Foundation
import ScrimTestSupport
import Testing

/// What a plugin may do to the process around it, seen from outside: standard error and the files it writes.
@Suite struct PluginSandboxTests {
    static let escapes = PluginsCommandTests.fixtures + "escapes/"

    /// `warn("@off")` in a plugin mutes that plugin only: the script's warnings, switched on as in lua.c, still print.
    @Test func aPluginSwitchesOnlyItsOwnWarningsOff() throws {
        let script = """
            warn("@on")
            assert(scrim.plugins.load("\(Self.escapes)warn_off")[1] == "warn_off")
            warn("the host's warning")
            """
        let result = try ScrimProcess.run(["run", "-W", "-e", script])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("the host's warning"))
        #expect(!result.stderr.contains("muted"))
    }

    /// A plugin subscribing to a misspelt event of Scrim's gets scrim.on's warning, naming the plugin.
    @Test func aPluginsTypoInAnEventNameIsAWarningNamingIt() throws {
        let result = try ScrimProcess.run(["run", "-e", "scrim.plugins.load('\(PluginsCommandTests.fixtures)hooks/on_typo')"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("plugin 'on_typo': no event \"popup.didselect\" among Scrim's \"popup\" events, so this handler never runs; did you mean \"popup.didSelect\"?"), "\(result.stderr)")
    }

    /// Every line the analytics plugin writes parses as JSON, whatever numbers and strings the events carry.
    @Test func analyticsWritesValidJSONForAnyValue() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("scrim-analytics-\(UUID().uuidString).jsonl").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let script = """
            scrim.plugins.load("@analytics", { path = \(String(reflecting: path)) })
            for _, value in ipairs({ 0/0, math.huge, -math.huge, 2.0^63, -2.0^63, 2.0^1000, 1e-310, 0.1 + 0.2, -0.0, 42 }) do
              scrim.emit("popup.didSelect", { item = "a\\0b\\1\\"\\\\\\127é", index = value }, false)
            end
            """
        let result = try ScrimProcess.run(["run", "-e", script])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 10)
        var indexes: [Any] = []
        for line in lines {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            #expect(object?["item"] as? String == "a\u{0}b\u{1}\"\\\u{7f}é", "\(line)")
            indexes.append(object?["index"] ?? "missing")
        }
        #expect(indexes.prefix(3).allSatisfy { $0 is NSNull }, "\(indexes)")
        #expect((indexes[3] as? NSNumber)?.doubleValue == 9223372036854775808.0)
        #expect((indexes[5] as? NSNumber)?.doubleValue == pow(2.0, 1000))
        // Foundation's parser rounds; the text itself is the shortest that reads back as 0.1 + 0.2.
        #expect(lines[7].contains("\"index\":0.30000000000000004,"))
        #expect((indexes[9] as? NSNumber)?.intValue == 42)
    }

    /// Loaded without a path, analytics writes nothing anywhere (its events stay in memory).
    @Test func analyticsWithoutAPathWritesNoFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scrim-cwd-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = """
            scrim.plugins.load("@analytics")
            scrim.emit("popup.didSelect", { item = "share", index = 1 }, false)
            print(#scrim.plugins.state("analytics").events)
            """
        let scriptPath = folder.appendingPathComponent("main.lua").path
        try script.write(toFile: scriptPath, atomically: true, encoding: .utf8)
        let before = try FileManager.default.contentsOfDirectory(atPath: ScrimProcess.repoRoot.path)
        let result = try ScrimProcess.run(["run", scriptPath])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "1\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["main.lua"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: ScrimProcess.repoRoot.path).sorted() == before.sorted())
    }
}
