import Foundation
import ScrimTestSupport
import Testing

/// `scrim plugins check` under budgets: each plugin has its own (`--timeout`), so one that loops — in its chunk, in a
/// manifest's metatable, in setup — fails alone, named with its line, and never another; and a folder reached by two
/// spellings is one folder, not a plugin shadowing itself.
@Suite struct PluginBudgetTests {
    static func folder(_ plugins: [String: String]) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("plugin-budget-\(UUID().uuidString)")
        for (name, source) in plugins {
            let folder = root.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try source.write(to: folder.appendingPathComponent("plugin.lua"), atomically: true, encoding: .utf8)
        }
        return root
    }

    @Test func eachPluginIsCheckedUnderItsOwnBudget() throws {
        let root = try Self.folder([
            "a_good": "return { name = 'a_good', version = '1.0.0' }",
            "b_loops": "local x = 0\nwhile true do x = x + 1 end\n",
            "c_good": "return { name = 'c_good', version = '1.0.0' }",
            "d_index_raises": "return setmetatable({}, { __index = function(_, k) error('no field ' .. tostring(k)) end })",
            "e_index_loops": "return setmetatable({}, { __index = function() while true do end end })",
            "f_setup_loops": "return { name = 'f_setup_loops', version = '1.0.0',\n  setup = function()\n    while true do end\n  end }\n",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let start = Date()
        let result = try ScrimProcess.run(["plugins", "check", "--timeout", "1", root.path], timeout: 60)
        #expect(!result.signalled && result.status == 1)
        #expect(Date().timeIntervalSince(start) < 20, "each plugin's budget is 1 s")
        #expect(result.stdout.contains("  ok    a_good 1.0.0"), "\(result.stdout)")
        #expect(result.stdout.contains("  ok    c_good 1.0.0"), "\(result.stdout)")
        #expect(result.stdout.contains("FAIL  b_loops: ")) // Lua shortens a long chunk name from the left
        #expect(result.stdout.contains("/b_loops/plugin.lua:2: exceeded the time budget of 1 s"))
        #expect(result.stdout.contains("FAIL  f_setup_loops: "))
        #expect(result.stdout.contains("/f_setup_loops/plugin.lua:3: exceeded the time budget of 1 s"))
        #expect(result.stdout.contains("FAIL  d_index_raises: "))
        #expect(result.stdout.contains("FAIL  e_index_loops: "))
        #expect(result.stdout.contains("6 plugins: 2 ok, 4 failed"), "\(result.stdout)")
    }

    @Test func theTimeoutOptionIsBounded() throws {
        let result = try ScrimProcess.run(["plugins", "check", "--timeout", "1e300", "."], timeout: 30)
        #expect(result.status == 2 && result.stderr.contains("invalid --timeout '1e300'"))
    }

    @Test func aFolderReachedByTwoSpellingsIsOneFolder() throws {
        let root = try Self.folder(["plugins/share": "return { name = 'share', version = '1.0.0' }"])
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("linked").path,
                                                   withDestinationPath: root.appendingPathComponent("plugins").path)
        let run = try ScrimProcess.run(["run", "--plugins", "./plugins/", "--plugins", "linked", "-e", "print('ran')"],
                                       timeout: 30, in: root)
        #expect(run.status == 0 && run.stdout.contains("ran"))
        #expect(!run.stderr.contains("shadowed"), "\(run.stderr)")
        let app = try ScrimProcess.run(["run", "."], timeout: 60, in: URL(fileURLWithPath: "examples/share_sheet"))
        #expect(app.status == 0)
        #expect(!app.stderr.contains("shadowed"), "\(app.stderr)")
        // A different folder with a plugin of the same name still shadows.
        let other = try Self.folder(["share": "return { name = 'share', version = '2.0.0' }"])
        defer { try? FileManager.default.removeItem(at: other) }
        let shadowed = try ScrimProcess.run(["run", "--plugins", "plugins", "--plugins", other.path, "-e", ""],
                                            timeout: 30, in: root)
        #expect(shadowed.stderr.contains("plugin 'share' in \(other.path)/share is shadowed by the one in plugins/share"),
                "\(shadowed.stderr)")
    }
}
