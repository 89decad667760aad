import Foundation

/// Runs the real `scrim` binary (built next to the test bundle) as a user would; shared by the test targets.
public struct ScrimProcess {
    public var status: Int32
    public var stdout: String
    public var stderr: String
    /// Killed by a signal (a crash), rather than exiting.
    public var signalled: Bool
    public var timedOut: Bool

    public static let repoRoot: URL = {
        // Tests/Support/ScrimProcess.swift → the repository root.
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }()

    public static let binary: URL = {
        let me = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        return me.deletingLastPathComponent().appendingPathComponent("scrim")
    }()

    /// Runs `scrim arguments…` (or `executable arguments…`) in the repository root (or `directory`), killing it after
    /// `timeout` seconds.
    public static func run(_ arguments: [String], stdin: String? = nil, timeout: TimeInterval = 30,
                    environment: [String: String] = [:], in directory: URL? = nil,
                    executable: String? = nil) throws -> ScrimProcess {
        let process = Process()
        process.executableURL = executable.map { URL(fileURLWithPath: $0) } ?? binary
        process.arguments = arguments
        process.currentDirectoryURL = directory ?? repoRoot
        var env = ProcessInfo.processInfo.environment
        env.merge(environment) { $1 }
        process.environment = env
        let out = Pipe(), err = Pipe(), input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try input.fileHandleForWriting.close()
        // Read both pipes while the process runs so a chatty one cannot block on a full pipe.
        let outData = Collected(), errData = Collected()
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) { outData.bytes = out.fileHandleForReading.readDataToEndOfFile() }
        DispatchQueue.global().async(group: group) { errData.bytes = err.fileHandleForReading.readDataToEndOfFile() }
        var timedOut = false
        if group.wait(timeout: .now() + timeout) == .timedOut {
            timedOut = true
            // SIGTERM first (scrim takes it as Ctrl-C), then SIGKILL: Lua code that no hook reaches would outlast it.
            process.terminate()
            if group.wait(timeout: .now() + 3) == .timedOut {
                kill(process.processIdentifier, SIGKILL)
                group.wait()
            }
        }
        process.waitUntilExit()
        return ScrimProcess(status: process.terminationStatus,
                            stdout: String(decoding: outData.bytes, as: UTF8.self),
                            stderr: String(decoding: errData.bytes, as: UTF8.self),
                            signalled: process.terminationReason == .uncaughtSignal,
                            timedOut: timedOut)
    }
}

/// What one reader thread collects; read only after the group it ran in has finished (@unchecked Sendable: the
/// group's wait orders the reader's writes before that read).
private final class Collected: @unchecked Sendable {
    var bytes = Data()
}
