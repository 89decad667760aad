import Foundation
import Testing
@testable import scrim

/// The watcher every live session shares (`:watch on`, `run --window`, `repl --window`): a change counts once the
/// files have looked the same for the settle interval, so a save that is not atomic is seen as one change, with its
/// end result. Times are given (`now`), so the looks are exactly where the test puts them.
@Suite struct FileWatcherTests {
    @Test func aSaveThatEmptiesThenWritesTheFileIsOneChangeOnceSettled() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.path + "/app.lua"
        try "print('v1')\n".write(toFile: path, atomically: true, encoding: .utf8)
        var watcher = FileWatcher(paths: [path])
        func look(_ now: Double) -> Bool { watcher.changed(now: now) }
        let settle = FileWatcher.settleInterval
        #expect(!look(0))

        // Emptied: seen, but not yet a change, however many looks come within the interval.
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: 0)
        #expect(!look(1))
        #expect(!look(1 + settle * 0.9))
        // Half written, then the rest: each state starts the interval again.
        try handle.write(contentsOf: Data("print('v".utf8))
        #expect(!look(1 + settle * 1.5))
        #expect(!look(1 + settle * 2.4))
        try handle.write(contentsOf: Data("2')\n".utf8))
        try handle.close()
        #expect(!look(1 + settle * 2.5))
        #expect(!look(1 + settle * 3.4))
        // Unchanged for the interval: one change, the file as saved; then nothing more.
        #expect(look(1 + settle * 3.6))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "print('v2')\n")
        #expect(!look(10))
    }

    @Test func aFileThatGoesOrAppearsIsAChangeOnceSettled() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.path + "/plugin.lua"
        try "return {}\n".write(toFile: path, atomically: true, encoding: .utf8)
        var watcher = FileWatcher(paths: [path])
        func look(_ now: Double) -> Bool { watcher.changed(now: now) }
        try FileManager.default.removeItem(atPath: path)
        #expect(!look(0))
        #expect(look(FileWatcher.settleInterval))
        try "return {}\n".write(toFile: path, atomically: true, encoding: .utf8)
        #expect(!look(5))
        #expect(look(5 + FileWatcher.settleInterval * 1.1))
        #expect(watcher.lastModified > 0)
    }

    @Test func aChangeMadeAndUndoneWithinTheIntervalIsNoChange() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.path + "/main.lua"
        try "print('v1')\n".write(toFile: path, atomically: true, encoding: .utf8)
        var watcher = FileWatcher(paths: [path])
        func look(_ now: Double) -> Bool { watcher.changed(now: now) }
        // Moved aside and back (the same file: its modification time and size as they were).
        try FileManager.default.moveItem(atPath: path, toPath: path + ".saved")
        #expect(!look(0))
        try FileManager.default.moveItem(atPath: path + ".saved", toPath: path)
        #expect(!look(FileWatcher.settleInterval))
        #expect(!look(1))
    }
}
