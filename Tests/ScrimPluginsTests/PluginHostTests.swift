import ScrimLua
@testable import ScrimPlugins
import Testing

/// The loader in process: records, order, failures, reload.
@Suite struct PluginHostTests {
    static let fixtures = ScrimPathFinder.repoRoot + "/Tests/fixtures/plugins/"

    @Test func oneHostARuntimeFoundAgainByOf() throws {
        let runtime = try LuaRuntime()
        let host = PluginHost.install(in: runtime)
        #expect(PluginHost.of(runtime) === host)
        #expect(PluginHost.install(in: runtime) === host)
        #expect(try PluginHost.of(LuaRuntime()) == nil)
    }

    @Test func recordsFollowTheLoadOrder() throws {
        let runtime = try LuaRuntime()
        let host = PluginHost.install(in: runtime)
        let loaded = try host.load(path: Self.fixtures + "order")
        #expect(loaded == ["c", "b", "a"])
        #expect(host.plugins.map(\.name) == ["c", "b", "a"])
        #expect(host.plugin("a")?.manifest?.requires == ["b"])
        #expect(host.plugin("c")?.version == "0.1.0")
    }

    @Test func failuresStayWithTheirPlugins() throws {
        let runtime = try LuaRuntime()
        let host = PluginHost.install(in: runtime)
        host.warningOutput = { _ in }
        _ = try host.load(path: Self.fixtures + "failures")
        #expect(host.plugins.filter { $0.state == .loaded }.map(\.name) == ["healthy"])
        #expect(host.plugin("cyc_b")?.error == "dependency cycle: cyc_b → cyc_a → cyc_b")
        // A reload of everything keeps the healthy plugin and reports the first failure.
        let (ok, error) = try host.reload()
        #expect(!ok)
        #expect(error != nil)
        #expect(host.plugin("healthy")?.state == .loaded)
    }

    @Test func scriptsSeeTheModuleFunctions() throws {
        let runtime = try LuaRuntime()
        PluginHost.install(in: runtime)
        let results = try runtime.state.run("""
            return type(scrim.plugins.load), type(scrim.menu), type(scrim.transition), type(scrim.controller), #scrim.plugins.list()
            """)
        #expect(results.map(\.description) == ["function", "function", "function", "function", "0"])
    }
}

enum ScrimPathFinder {
    /// Tests/ScrimPluginsTests/PluginHostTests.swift → the repository root.
    static let repoRoot: String = {
        var parts = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)
        return parts.joined(separator: "/")
    }()
}
