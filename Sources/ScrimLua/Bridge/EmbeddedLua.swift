import CLua
import Synchronization

/// A Lua source file that Scrim ships, embedded at build time (a SwiftPM `embedInCode` resource under a module's
/// `Lua/` folder). Its chunk name is its file name, so errors and tracebacks read `class.lua:42`.
public struct EmbeddedLua: Sendable {
    public let fileName: String
    public let bytes: [UInt8]

    public init(_ fileName: String, _ bytes: [UInt8]) {
        self.fileName = fileName
        self.bytes = bytes
    }

    /// The chunk names of the embedded chunks this process has loaded: a frame of one of them in a traceback is
    /// Scrim's own (see `UserTraceback`).
    private static let loadedNames = Mutex<Set<String>>([])

    /// Whether `fileName` names one of Scrim's embedded chunks (one that was loaded: no other can be on a stack).
    public static func isLoadedChunk(_ fileName: String) -> Bool { loadedNames.withLock { $0.contains(fileName) } }

    fileprivate func noteLoaded() {
        _ = Self.loadedNames.withLock { $0.insert(fileName) }
    }
}

extension LuaState {
    /// Compiles an embedded chunk (text only, like every chunk Scrim loads) and pushes it as a function.
    public func load(_ chunk: EmbeddedLua) throws {
        chunk.noteLoaded()
        let status = chunk.bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { scrim_loadbuffer(L, $0.baseAddress, $0.count, "@" + chunk.fileName) }
        }
        if status != LUA_OK { throw popError() }
    }
}
