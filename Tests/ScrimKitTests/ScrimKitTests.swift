import Glibc
import ScrimKit
import Testing

/// Writing a small file without Foundation.
enum FILE {
    static func write(_ text: String, to path: String) -> Bool {
        guard let file = fopen(path, "w") else { return false }
        defer { fclose(file) }
        return fputs(text, file) >= 0
    }
}

/// A host's class with a delegate Lua implements, declared as a host declares it.
final class Bell {
    var lua: ScriptAdapter?
    static let declaration = ScriptProtocol("BellDelegate", [
        .method("bellRang", returns: .string),
        .methodOrValue("bellVolume", .number, default: .number(5)),
    ])
    static let hostClass = HostClass<Bell>("Bell", declaration, make: { Bell() }, attach: { $0.lua = $1 })

    func ring() throws -> String? { try lua?.string("bellRang") }
    var volume: Double { get throws { try lua?.number("bellVolume") ?? 0 } }
}

/// ScrimKit's public surface, used as a host uses it.
@Suite struct ScrimKitTests {
    @Test func runsLuaAndReportsErrorsWithTheirTraceback() throws {
        let runtime = try ScrimRuntime()
        try runtime.run("x = 1 + 1")
        do {
            try runtime.run("local function f() error('broken') end\nf()", name: "=host.lua")
            Issue.record("no error")
        } catch let error as ScrimError {
            #expect(error.message == "host.lua:1: broken")
            #expect(error.traceback.contains("stack traceback:"))
            #expect(error.traceback.contains("host.lua:2"))
        }
    }

    @Test func stepsTheVirtualClockAndCarriesHookEventsBothWays() throws {
        let runtime = try ScrimRuntime()
        var seen: [String] = []
        runtime.observe("app.ping") { seen.append($0["from"]?.stringValue ?? "?") }
        try runtime.run("""
            scrim.on('host.hello', function(ev) scrim.after(1, function() scrim.emit('app.ping', { from = ev.who }) end) end)
            """)
        runtime.emit("host.hello", fields: ["who": "swift"])
        runtime.advance(by: 0.5)
        #expect(seen.isEmpty)
        runtime.advance(by: 0.6)
        #expect(seen == ["swift"])
        #expect(runtime.now > 1)
    }

    @Test func aHostClassTakesItsDelegateInEveryStyle() throws {
        let runtime = try ScrimRuntime()
        try runtime.register(Bell.hostClass)
        var bells: [Bell] = []
        runtime.observe("bell") { if let bell = $0.target as? Bell { bells.append(bell) } }
        try runtime.run("""
            local function show(b) scrim.emit('bell', { target = b }) end
            keep = {}
            local closure = scrim.Bell{}
            closure.bellRang = function() return 'closure' end
            closure.bellVolume = 7
            local delegate = scrim.Bell{ delegate = { bellRang = function(self) return 'delegate ' .. self.tone end, tone = 'low' } }
            local Loud = scrim.class('Loud', scrim.Bell)
            function Loud:bellRang() return 'override' end
            function Loud:bellVolume() return 11 end
            local plain = scrim.Bell{}
            keep = { closure, delegate, Loud{}, plain }
            for _, b in ipairs(keep) do show(b) end
            """)
        #expect(bells.count == 4)
        #expect(try bells.map { try $0.ring() } == ["closure", "delegate low", "override", nil])
        #expect(try bells.map { try $0.volume } == [7, 5, 11, 5])
        do {
            try runtime.run("scrim.Bell{}.bellVolume = 'loud'", name: "=bad.lua")
            Issue.record("no error")
        } catch let error as ScrimError {
            #expect(error.message.contains("function or number expected, got string"), "\(error.message)")
        }
    }

    @Test func anAnswerOfTheWrongKindIsAnErrorNamingTheMember() throws {
        let runtime = try ScrimRuntime()
        try runtime.register(Bell.hostClass)
        var bells: [Bell] = []
        runtime.observe("bell") { if let bell = $0.target as? Bell { bells.append(bell) } }
        try runtime.run("keep = scrim.Bell{ bellVolume = function() return 'loud' end }; scrim.emit('bell', { target = keep })")
        #expect(throws: (any Error).self) { try bells.first?.volume }
        do {
            _ = try bells.first?.volume
        } catch {
            #expect("\(error)".contains("bellVolume must be a number, got string"), "\(error)")
        }
    }

    /// A plugin reaches a host class as a script does (the sandbox lists module functions, not classes).
    @Test func aPluginUsesAHostClass() throws {
        let folder = "/tmp/scrimkit-plugin-\(getpid())/ringer"
        #expect(mkdir("/tmp/scrimkit-plugin-\(getpid())", 0o755) == 0 && mkdir(folder, 0o755) == 0)
        defer { _ = unlink(folder + "/plugin.lua"); _ = rmdir(folder); _ = rmdir("/tmp/scrimkit-plugin-\(getpid())") }
        let source = "return { name = 'ringer', version = '1.0.0', setup = function(ctx) ctx.state.bell = scrim.Bell{ bellVolume = 9 } end }"
        #expect(FILE.write(source, to: folder + "/plugin.lua"))
        let runtime = try ScrimRuntime()
        try runtime.register(Bell.hostClass)
        var errors: [String] = []
        runtime.errorOutput = { errors.append($0) }
        #expect(try runtime.loadPlugin(folder) == ["ringer"], "\(errors)")
        try runtime.run("assert(scrim.plugins.state('ringer').bell.bellVolume == 9)")
    }

    @Test func twoRuntimesDoNotSeeEachOther() throws {
        let first = try ScrimRuntime(), second = try ScrimRuntime()
        try first.register(Bell.hostClass)
        try first.run("shared = 'first'; scrim.on('e', function() seen = true end)")
        try second.run("""
            assert(shared == nil)
            local ok, message = pcall(function() return scrim.Bell end)
            assert(not ok and message:find("scrim has no field 'Bell'", 1, true), message)
            """)
        try first.run("assert(scrim.Bell ~= nil)")
        var heard = false
        second.observe("e") { _ in heard = true }
        first.emit("e")
        #expect(!heard)
        try first.run("assert(seen == true)")
    }

    @Test func loadsBundledPluginsByName() throws {
        let runtime = try ScrimRuntime(pluginPath: ["@popup_menu"])
        #expect(runtime.loadPlugins() == ["popup_menu"])
        #expect(throws: ScrimError.self) { try runtime.loadPlugin("@nope") }
    }

    /// A runtime entered from a second thread while the first is inside Lua ends the process with the reason (the
    /// other thread's stack is already touched), rather than corrupting the state.
    @Test func aSecondThreadEnteringWhileTheFirstIsInsideLuaEndsTheProcessSayingWhy() async throws {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            /// Carries the runtime to the second thread: deliberately unchecked, that misuse is what is tested.
            final class Carrier: @unchecked Sendable {
                let runtime: ScrimRuntime
                init(_ runtime: ScrimRuntime) { self.runtime = runtime }
            }
            let runtime = try ScrimRuntime()
            try runtime.run("scrim.on('from.second', function() end)")
            runtime.observe("from.first") { _ in
                let carried = Unmanaged.passRetained(Carrier(runtime)).toOpaque()
                var second = pthread_t()
                _ = pthread_create(&second, nil, { context in
                    guard let context else { return nil }
                    Unmanaged<Carrier>.fromOpaque(context).takeRetainedValue().runtime.emit("from.second")
                    return nil
                }, carried)
                pthread_join(second, nil)
            }
            try runtime.run("scrim.emit('from.first')")
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains("a Lua state was entered from a second system thread"))
    }
}
