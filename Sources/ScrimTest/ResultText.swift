/// How the runner takes a result's text (names, messages, tracebacks) from the spec's Lua: every byte kept (bytes
/// that are not UTF-8 become `\xHH`, not a replacement character), and at most `limit` bytes of it, so that a
/// message of tens of MiB is cut — saying so — instead of slowing every step after it.
enum ResultText {
    static let limit = 64 * 1024

    /// A Lua string's bytes as text, cut to `limit` bytes.
    static func read<Bytes: RandomAccessCollection>(_ bytes: Bytes) -> String where Bytes.Element == UInt8, Bytes.Index == Int {
        var kept = min(bytes.count, limit)
        // Cut before a character, not inside one (a UTF-8 character has at most 3 continuation bytes).
        for _ in 0 ..< 3 where kept < bytes.count && bytes[bytes.startIndex + kept] & 0xC0 == 0x80 { kept -= 1 }
        let text = decode(bytes[bytes.startIndex ..< bytes.startIndex + kept])
        return kept < bytes.count ? text + "… [cut to \(kept) of \(bytes.count) bytes]" : text
    }

    /// `text` cut to `limit` bytes, as `read` cuts (a message Swift made from a Lua error's).
    static func bounded(_ text: String) -> String {
        text.utf8.count > limit ? read(Array(text.utf8)) : text
    }

    /// UTF-8 as it is; each byte of an ill-formed sequence as `\xHH`.
    static func decode<Bytes: Collection>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        if let text = String(validating: bytes, as: UTF8.self) { return text } // the common case, at memcpy speed
        var out = String.UnicodeScalarView()
        var iterator = bytes.makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        func hex(_ byte: UInt8) {
            let digits = Array("0123456789ABCDEF".unicodeScalars)
            out.append(contentsOf: ["\\", "x", digits[Int(byte >> 4)], digits[Int(byte & 15)]])
        }
        var position = bytes.startIndex
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                out.append(Unicode.UTF8.decode(encoded))
                position = bytes.index(position, offsetBy: encoded.count)
            case .error(let length):
                for _ in 0 ..< length {
                    hex(bytes[position])
                    position = bytes.index(after: position)
                }
            case .emptyInput:
                return String(out)
            }
        }
    }
}
