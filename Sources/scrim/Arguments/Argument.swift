import Glibc

/// One word of the command line as the kernel passed it. Lua strings are bytes, so a script's arguments and `-e` code
/// reach Lua unchanged even when they are not UTF-8; `text` (invalid sequences shown as U+FFFD) is for option names,
/// numbers, paths and messages.
struct Argument: Equatable, ExpressibleByStringLiteral, CustomStringConvertible {
    let bytes: [UInt8]

    init(bytes: [UInt8]) { self.bytes = bytes }
    init(_ text: String) { bytes = Array(text.utf8) }
    init(stringLiteral text: String) { self.init(text) }

    var text: String { String(decoding: bytes, as: UTF8.self) }
    var description: String { text }

    /// The word from byte `offset` on (the value in `--flag=value` or `-eCODE`).
    func suffix(from offset: Int) -> Argument { Argument(bytes: Array(bytes[min(offset, bytes.count)...])) }

    /// `argv[1…]` of this process, byte for byte (CommandLine.arguments would repair invalid UTF-8).
    static func commandLine() -> [Argument] {
        (1 ..< Int(CommandLine.argc)).compactMap { index in
            CommandLine.unsafeArgv[index].map { pointer in
                Argument(bytes: Array(UnsafeBufferPointer(start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self),
                                                          count: strlen(pointer))))
            }
        }
    }
}
