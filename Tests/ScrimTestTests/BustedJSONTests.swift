import Foundation
import ScrimTestSupport
import Testing

/// `scrim test -o json` is busted's JSON: run busted and scrim test on the same suites (Tests/fixtures/busted-json)
/// and compare the documents key by key — every key busted writes, and only those, with the same values (times
/// and durations: numbers both).
@Suite struct BustedJSONTests {
    static let folder = ScrimProcess.repoRoot.appendingPathComponent("Tests/fixtures/busted-json")
    /// Clock readings, which differ from run to run.
    static let times: Set<String> = ["starttime", "starttick", "endtime", "endtick", "duration"]

    /// busted on Lua 5.4 in the fixtures' folder, with `arguments`; its standard output, or nil without busted.
    static func busted(_ arguments: [String]) throws -> Data? {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/busted"),
              FileManager.default.isExecutableFile(atPath: "/usr/bin/lua5.4") else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/lua5.4")
        process.arguments = ["/usr/bin/busted"] + arguments
        process.currentDirectoryURL = folder
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return data
    }

    static func document(_ data: Data) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any], "\(String(decoding: data, as: UTF8.self))")
    }

    /// Every difference between busted's value and scrim's at `path`.
    static func differences(_ path: String, _ busted: Any, _ scrim: Any) -> [String] {
        switch (busted, scrim) {
        case let (b as [String: Any], s as [String: Any]):
            var found: [String] = []
            if Set(b.keys) != Set(s.keys) {
                found.append("\(path): busted's keys \(b.keys.sorted()), scrim's \(s.keys.sorted())")
            }
            for key in Set(b.keys).intersection(s.keys).sorted() {
                found += differences(path + "." + key, b[key] as Any, s[key] as Any)
            }
            return found
        case let (b as [Any], s as [Any]):
            guard b.count == s.count else { return ["\(path): \(b.count) items in busted's, \(s.count) in scrim's"] }
            return zip(b, s).enumerated().flatMap { differences("\(path)[\($0.offset)]", $0.element.0, $0.element.1) }
        case let (b as NSNumber, s as NSNumber):
            if let key = path.split(separator: ".").last, times.contains(String(key)) { return [] }
            return b == s ? [] : ["\(path): busted \(b), scrim \(s)"]
        case let (b as String, s as String):
            return b == s ? [] : ["\(path): busted \(b.debugDescription), scrim \(s.debugDescription)"]
        default:
            return ["\(path): busted \(busted), scrim \(scrim)"]
        }
    }

    /// Compares the two documents' lists entry by entry, by name (busted loads every file before it runs any, so it
    /// lists a file that does not load first; scrim test lists it where the file comes).
    static func compare(_ busted: [String: Any], _ scrim: [String: Any]) {
        #expect(Set(busted.keys) == Set(scrim.keys))
        #expect(scrim["duration"] is NSNumber)
        for list in ["successes", "failures", "errors", "pendings"] {
            func sorted(_ document: [String: Any]) -> [[String: Any]] {
                ((document[list] as? [[String: Any]]) ?? []).sorted { ($0["name"] as? String ?? "") < ($1["name"] as? String ?? "") }
            }
            let found = differences(list, sorted(busted), sorted(scrim))
            #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
        }
    }

    @Test func successesFailuresAndErrorsAreBustedsKeyByKey() throws {
        guard let bustedData = try Self.busted(["-o", "json", "mixed"]) else {
            Issue.record("busted is not installed: run `make test` (scripts/setup installs the Debian package lua-busted)")
            return
        }
        let busted = try Self.document(bustedData)
        #expect((busted["errors"] as? [Any])?.count == 7, "the suite has every kind of error")
        let scrim = try ScrimProcess.run(["test", "-C", Self.folder.path, "-o", "json", "mixed"])
        #expect(scrim.status == 1)
        #expect(scrim.stderr == "2 passed, 8 failed\n")
        Self.compare(busted, try Self.document(Data(scrim.stdout.utf8)))
    }

    /// busted 2.1's own encoder cannot write pending entries (their element holds a function); its handler's data,
    /// written without the functions, is what its JSON would hold.
    @Test func pendingEntriesAreBustedsKeyByKey() throws {
        guard let bustedData = try Self.busted(["-o", "pending/dump_handler.lua", "pending"]) else {
            Issue.record("busted is not installed")
            return
        }
        let busted = try Self.document(bustedData)
        let pendings = try #require(busted["pendings"] as? [[String: Any]])
        #expect(pendings.count == 2)
        // The shape busted documents: name, element (descriptor, name, trace, attributes, times), trace, and a
        // message for a test stopped by pending() (located, as its other messages are).
        let stopped = try #require(pendings.first { $0["name"] as? String == "later stops as pending" })
        #expect(stopped["message"] as? String == "pending/later_spec.lua:4: not yet")
        let scrim = try ScrimProcess.run(["test", "-C", Self.folder.path, "-o", "json", "pending"])
        #expect(scrim.status == 0)
        Self.compare(busted, try Self.document(Data(scrim.stdout.utf8)))
    }

    /// Scrim's own, richer report stays, under a second name.
    @Test func scrimsOwnJSONIsScrimJSON() throws {
        let scrim = try ScrimProcess.run(["test", "-C", Self.folder.path, "-o", "scrim-json", "pending"])
        let document = try Self.document(Data(scrim.stdout.utf8))
        #expect(document["passed"] as? Int == 1 && document["skipped"] as? Int == 2)
        #expect((document["tests"] as? [Any])?.count == 3)
    }
}
