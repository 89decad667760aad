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

    /// The bytecode of each embedded chunk this process has loaded, by chunk name (each is a file of its module's
    /// `Lua/` folder, so the names are unique); empty after its first load, which keeps none. A process that makes
    /// many runtimes (a test worker makes one a spec file, a window one a reload) compiles Scrim's Lua twice, and a
    /// process that loads a chunk once pays nothing for the dump (a sixth of compiling class.lua). A frame of one of
    /// these chunks in a traceback is Scrim's own (see `UserTraceback`).
    fileprivate static let loaded = Mutex<[String: [UInt8]]>([:])

    /// Whether `fileName` names one of Scrim's embedded chunks (one that was loaded: no other can be on a stack).
    public static func isLoadedChunk(_ fileName: String) -> Bool { loaded.withLock { $0[fileName] != nil } }
}

extension LuaState {
    /// Compiles an embedded chunk (or reads the bytecode an earlier load in this process made of it) and pushes it
    /// as a function.
    public func load(_ chunk: EmbeddedLua) throws {
        let name = "@" + chunk.fileName
        let earlier = EmbeddedLua.loaded.withLock { loaded in
            defer { if loaded[chunk.fileName] == nil { loaded[chunk.fileName] = [] } }
            return loaded[chunk.fileName]
        }
        if let bytecode = earlier, !bytecode.isEmpty {
            let status = bytecode.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { scrim_loadcompiled(L, $0.baseAddress, $0.count, name) }
            }
            if status != LUA_OK { throw popError() }
            return
        }
        let status = chunk.bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { scrim_loadbuffer(L, $0.baseAddress, $0.count, name) }
        }
        if status != LUA_OK { throw popError() }
        guard earlier != nil else { return }
        // A dump refused (past the memory budget) leaves the text for the next load.
        if scrim_dump(L) == LUA_OK {
            var length = 0
            if let bytes = lua_tolstring(L, -1, &length), length > 0 {
                let bytecode = Array(UnsafeRawBufferPointer(start: bytes, count: length))
                EmbeddedLua.loaded.withLock { $0[chunk.fileName] = bytecode }
            }
        }
        lua_settop(L, -2)
    }
}
