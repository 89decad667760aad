import Testing
@testable import ScrimPlugins

@Suite struct DependencyOrderTests {
    @Test func dependenciesLoadFirstInAStableOrder() {
        let order = DependencyOrder(names: ["c", "a", "b"], requires: ["a": ["b"], "b": [], "c": ["a"]])
        #expect(order.order == ["b", "a", "c"])
        #expect(order.problems.isEmpty)
    }

    @Test func aMissingDependencyFailsThatPluginAndItsDependentsOnly() {
        let order = DependencyOrder(names: ["a", "b", "c"], requires: ["a": ["zzz"], "b": ["a"], "c": []])
        #expect(order.problems["a"] == "plugin 'a' requires 'zzz', which is not installed")
        #expect(order.problems["b"] == "plugin 'b' requires 'a', which cannot load")
        #expect(order.problems["c"] == nil)
    }

    @Test func aCycleIsNamedFromEachMember() {
        let order = DependencyOrder(names: ["a", "b", "d"], requires: ["a": ["b"], "b": ["a"], "d": []])
        #expect(order.problems["a"] == "dependency cycle: a → b → a")
        #expect(order.problems["b"] == "dependency cycle: b → a → b")
        #expect(order.problems["d"] == nil)
    }

    @Test func alreadyLoadedPluginsSatisfyRequires() {
        let order = DependencyOrder(names: ["x"], requires: ["x": ["base"]], available: ["base"])
        #expect(order.problems.isEmpty)
        #expect(order.order == ["x"])
    }

    @Test func semanticVersions() {
        #expect(SemanticVersion("1.0.0")?.description == "1.0.0")
        #expect(SemanticVersion("2.10.3-beta.1+build.5")?.prerelease == "beta.1")
        for bad in ["1.0", "1", "01.0.0", "1.0.0-", "v1.0.0", "1.0.0.0", "a.b.c", ""] {
            #expect(SemanticVersion(bad) == nil, "\(bad)")
        }
    }
}
