#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A C library that Scrim opens with `dlopen` on first use (Cairo, SDL2, libwebp), so that a run that never needs
/// it does not pay for it at start-up, and `ldd scrim` does not list it. Each error says what to install.
public struct SharedLibrary {
    let handle: UnsafeMutableRawPointer
    let name: String
    let missingSymbol: (String) -> Error

    /// Opens `name`; `notFound` words the error (given the loader's reason), `missingSymbol` that of a function the
    /// library lacks (given its name: an older version).
    public init(_ name: String, notFound: (String) -> Error, missingSymbol: @escaping (String) -> Error) throws {
        guard let handle = dlopen(name, RTLD_NOW | RTLD_LOCAL) else {
            throw notFound(dlerror().map { String(cString: $0) } ?? "not found")
        }
        self.handle = handle
        self.name = name
        self.missingSymbol = missingSymbol
    }

    /// The function `symbol`, as the C function type `T`.
    public func symbol<T>(_ symbol: String) throws -> T {
        guard let address = dlsym(handle, symbol) else { throw missingSymbol(symbol) }
        return unsafeBitCast(address, to: T.self)
    }
}
