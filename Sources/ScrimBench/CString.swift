extension String {
    /// The text of a C buffer up to its first NUL (all of it without one), as UTF-8.
    init(nulTerminated buffer: [CChar]) {
        self = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
