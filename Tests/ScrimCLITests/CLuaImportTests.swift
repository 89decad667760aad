import Foundation
import ScrimTestSupport
import Testing

/// Lua's C API is the bridge's (`Sources/ScrimLua`, over `Sources/CLua`): the other modules read Lua values through
/// its typed API (`LuaValue`, `LuaTable`, `LuaCall`), as a host of ScrimKit does. The files below still make raw
/// calls; the list only shrinks: a new file that imports CLua fails here, and so does a listed one that no longer does.
@Suite struct CLuaImportTests {
    static let stillRaw: Set<String> = ["ScrimBench/BridgeBench.swift"]

    @Test func onlyTheBridgeImportsCLua() throws {
        let root = ScrimProcess.repoRoot.appendingPathComponent("Sources").path
        let files = try FileManager.default.subpathsOfDirectory(atPath: root).filter { $0.hasSuffix(".swift") }
        #expect(files.count > 100)
        let importing = try Set(files.filter { file in
            guard !file.hasPrefix("ScrimLua/"), !file.hasPrefix("CLua/") else { return false }
            let text = try String(contentsOfFile: root + "/" + file, encoding: .utf8)
            return text.split(separator: "\n").contains { $0.trimmingCharacters(in: .whitespaces) == "import CLua" }
        })
        #expect(importing.subtracting(Self.stillRaw).isEmpty, "import CLua outside the bridge: \(importing.subtracting(Self.stillRaw).sorted())")
        #expect(Self.stillRaw.subtracting(importing).isEmpty, "no longer raw, take off the list: \(Self.stillRaw.subtracting(importing).sorted())")
    }
}
