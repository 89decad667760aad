import Foundation
import ScrimTestSupport
import Testing

/// `scrim plugins list/check`, and `--plugins` on `scrim run` and `scrim test`, run as a user would.
@Suite struct PluginsCommandTests {
    static let fixtures = "Tests/fixtures/plugins/"

    @Test func checkPrintsTheLoadOrder() throws {
        let result = try ScrimProcess.run(["plugins", "check", Self.fixtures + "order"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("load order: c → b → a"))
        #expect(result.stdout.contains("3 plugins: 3 ok, 0 failed"))
    }

    @Test func checkFailsOnAnyBrokenPluginNamingEachProblem() throws {
        let result = try ScrimProcess.run(["plugins", "check", Self.fixtures + "failures"])
        #expect(result.status == 1)
        #expect(result.stdout.contains("load order: healthy"))
        #expect(result.stdout.contains("FAIL  cyc_a: dependency cycle: cyc_a → cyc_b → cyc_a"))
        #expect(result.stdout.contains("FAIL  needs_ghost: plugin 'needs_ghost' requires 'ghost', which is not installed"))
        #expect(result.stdout.contains("FAIL  syntax_error: Tests/fixtures/plugins/failures/syntax_error/plugin.lua:4:"))
        #expect(result.stdout.contains("7 plugins: 1 ok, 6 failed"))
    }

    @Test func checkReportsUnknownFieldsAsWarnings() throws {
        let result = try ScrimProcess.run(["plugins", "check", Self.fixtures + "manifests/unknown_field"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("warning: plugin 'unknown_field': unknown manifest field 'colour' (ignored)"))
    }

    @Test func listShowsOneLineAPlugin() throws {
        let result = try ScrimProcess.run(["plugins", "list", Self.fixtures + "failures"])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 7)
        #expect(lines.contains { $0.hasPrefix("healthy ") && $0.hasSuffix("2.1.0  loaded") })
        #expect(lines.contains { $0.hasPrefix("setup_error ") && $0.contains("failed  Tests/fixtures/plugins/failures/setup_error/plugin.lua:4: setup went wrong") })
    }

    @Test func theBundledPluginsCheckOut() throws {
        let result = try ScrimProcess.run(["plugins", "check", "@bundled"])
        #expect(result.status == 0, "\(result.stdout)")
        #expect(result.stdout.contains("load order: analytics → popup_menu → sheets"))
    }

    @Test func theSearchPathTakesScrimPluginPathInOrderAndBundledNames() throws {
        let result = try ScrimProcess.run(["plugins", "list"],
                                          environment: ["SCRIM_PLUGIN_PATH": Self.fixtures + "order:@popup_menu"])
        let names = result.stdout.split(separator: "\n").map { String($0.prefix(while: { $0 != " " })) }
        #expect(names == ["c", "b", "a", "popup_menu"])
    }

    /// Scrim's own source tree's ./plugins holds the bundled plugins' sources and `.scrim-bundled`: a run there loads
    /// nothing it was not asked for, and so writes no analytics file.
    @Test func aRunInTheSourceTreeLoadsNoPluginUnasked() throws {
        #expect(FileManager.default.fileExists(atPath: ScrimProcess.repoRoot.appendingPathComponent("plugins/popup_menu/plugin.lua").path))
        let result = try ScrimProcess.run(["run", "-e", "print(#scrim.plugins.list())"], environment: ["SCRIM_PLUGIN_PATH": ""])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "0\n")
        #expect(!FileManager.default.fileExists(atPath: ScrimProcess.repoRoot.appendingPathComponent("scrim-analytics.jsonl").path))
        let list = try ScrimProcess.run(["plugins", "list"], environment: ["SCRIM_PLUGIN_PATH": ""])
        #expect(list.stdout.contains("no plugins"), "\(list.stdout)")
    }

    /// The bundled plugins are ordinary plugin folders in the source tree, the same text as the built-in ones.
    @Test func theSourceTreesPluginsFolderChecksOutAsTheBundledOnes() throws {
        let result = try ScrimProcess.run(["plugins", "check", "plugins"])
        #expect(result.status == 0, "\(result.stdout)")
        #expect(result.stdout.contains("load order: analytics → popup_menu → sheets"))
        let named = try ScrimProcess.run(["run", "--plugins", "plugins", "-e", "print(scrim.plugins.get('sheets').directory)"])
        #expect(named.stdout == "plugins/sheets\n", "\(named.stderr)")
    }

    @Test func bundledPluginsLoadByNameWithThePluginsFlag() throws {
        let result = try ScrimProcess.run(["run", "--plugins", "@bundled", "-e",
                                           "for _, p in ipairs(scrim.plugins.list()) do print(p.name, p.state) end"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "analytics\tloaded\npopup_menu\tloaded\nsheets\tloaded\n")
        for arguments in [["run", "--plugins", "@nope", "-e", "print(1)"], ["plugins", "check", "@nope"]] {
            let unknown = try ScrimProcess.run(arguments)
            #expect(unknown.status == 2)
            #expect(unknown.stderr.contains("no bundled plugin '@nope' (bundled: @analytics, @popup_menu, @sheets; @bundled for all)"))
        }
    }

    @Test func aMissingFolderIsAUsageError() throws {
        let result = try ScrimProcess.run(["plugins", "check", "no/such/folder"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("no plugin folder 'no/such/folder'"))
        let run = try ScrimProcess.run(["run", "--plugins", "no/such/folder", "-e", "print(1)"])
        #expect(run.status == 2)
    }

    @Test func runLoadsPluginsGivenWithThePluginsFlag() throws {
        let result = try ScrimProcess.run(["run", "--plugins", Self.fixtures + "names", "-e",
                                           "print(scrim.menu('only_alpha').items[1], scrim.plugins.list()[1].name)"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("y\talpha\n"))
    }

    @Test func runGoesOnWhenAPluginFails() throws {
        let result = try ScrimProcess.run(["run", "--plugins", Self.fixtures + "failures", "-e",
                                           "print(#scrim.menu('healthy_menu').items)"])
        #expect(result.status == 0)
        #expect(result.stdout == "1\n")
        #expect(result.stderr.contains("scrim: plugin 'setup_error' failed to load: Tests/fixtures/plugins/failures/setup_error/plugin.lua:4: setup went wrong"))
    }

    @Test(arguments: ["1", "2"]) func testLoadsPluginsIntoEachFilesRuntime(jobs: String) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scrim-plugins-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["one", "two"] {
            try """
            it("sees the plugin's menu", function() assert.same({ "y" }, scrim.menu("only_alpha").items) end)
            """.write(to: folder.appendingPathComponent("\(name)_spec.lua"), atomically: true, encoding: .utf8)
        }
        let result = try ScrimProcess.run(["test", "--jobs", jobs, "--plugins", Self.fixtures + "names", folder.path])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("2 passed, 0 failed"))
    }

    @Test func theDemoUsesTheBundledPlugins() throws {
        let result = try ScrimProcess.run(["run", "scripts/demo.lua"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("onAction(rename)"))
        #expect(result.stdout.contains("analytics: popup.didSelect at 0.300 s (rename)"))
        #expect(result.stdout.contains("analytics: dimming.tapped at 0.900 s"))
    }
}

/// `scrim repl --plugins DIR` and `:reload PLUGIN`.
@Suite struct PluginsReplTests {
    @Test func replLoadsPluginsAndReloadsOneInPlace() throws {
        let input = """
            print(scrim.menu("only_alpha").items[1])
            :reload alpha
            print(scrim.plugins.get("alpha").state)
            :reload nobody
            """
        let result = try ScrimProcess.run(["repl", "--plugins", PluginsCommandTests.fixtures + "names"], stdin: input + "\n")
        #expect(result.stdout.contains("y\nreloaded plugin alpha\nloaded\n"), "\(result.stdout)")
        #expect(result.stderr.contains("no plugin 'nobody'"))
        #expect(result.status == 1) // the failed :reload counts
    }
}
