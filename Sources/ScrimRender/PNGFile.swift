#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import ScrimCore

/// Reading and writing PNG files, through Cairo (loaded on first use).
public enum PNGFile {
    /// The image in the PNG file at `path`.
    public static func read(_ path: String) throws -> PixelImage {
        let cairo = try Cairo.shared()
        guard fileExists(path) else { throw RenderError("cannot read \(path): no such file") }
        guard let surface = cairo.imageSurfaceCreateFromPNG(path) else {
            throw RenderError("cannot read \(path): out of memory")
        }
        defer { cairo.surfaceDestroy(surface) }
        let status = cairo.surfaceStatus(surface)
        guard status == 0 else { throw RenderError("cannot read \(path) as PNG: \(cairo.message(status))") }
        return try cairo.image(of: surface)
    }

    /// Writes `image` to `path` as a PNG, replacing the file; creates missing parent directories.
    public static func write(_ image: PixelImage, to path: String) throws {
        let cairo = try Cairo.shared()
        let surface = try cairo.surface(from: image)
        defer { cairo.surfaceDestroy(surface) }
        try write(surface, to: path, cairo: cairo)
    }

    /// Writes `surface` to `path` as a PNG, encoded under `budget`: the encoder hands its output over a piece at a
    /// time (libpng's IDAT chunks, some kilobytes each), and the budget is looked at with each piece, so a huge
    /// picture's compression is stopped with the budget's error too. The file is made under a temporary name and
    /// renamed when complete: a stopped or failed write leaves `path` as it was.
    static func write(_ surface: Cairo.Surface, to path: String, cairo: Cairo, budget: TimeBudget = .unlimited) throws {
        try makeDirectories(directoryName(of: path))
        let partial = path + ".partial-\(getpid())"
        guard let file = fopen(partial, "wb") else { throw RenderError("cannot write \(path): \(lastSystemError())") }
        let stream = PNGStream(file: file, budget: budget)
        let status = withExtendedLifetime(stream) {
            cairo.surfaceWriteToPNGStream(surface, PNGStream.write, Unmanaged.passUnretained(stream).toOpaque())
        }
        let closed = fclose(file)
        guard status == 0, closed == 0, stream.writeError == nil else {
            let reason = stream.writeError ?? (closed != 0 ? lastSystemError() : cairo.message(status))
            unlink(partial)
            if let exceeded = stream.exceeded { throw exceeded }
            throw RenderError("cannot write \(path): \(reason)")
        }
        guard rename(partial, path) == 0 else {
            let reason = lastSystemError()
            unlink(partial)
            throw RenderError("cannot write \(path): \(reason)")
        }
    }
}

/// Where Cairo's PNG encoder sends its output: the open file, and the budget looked at with every piece.
private final class PNGStream {
    let file: UnsafeMutablePointer<FILE>
    let budget: TimeBudget
    /// The budget's error, once it stopped the encoder.
    var exceeded: TimeBudgetExceeded?
    /// Why the output could not be written, if it could not.
    var writeError: String?

    init(file: UnsafeMutablePointer<FILE>, budget: TimeBudget) {
        self.file = file
        self.budget = budget
    }

    static let write: Cairo.WriteFunction = { closure, bytes, length in
        guard let closure else { return Cairo.statusWriteError }
        let stream = Unmanaged<PNGStream>.fromOpaque(closure).takeUnretainedValue()
        if let exceeded = stream.budget.exceeded() {
            stream.exceeded = exceeded
            stream.writeError = "\(exceeded)"
            return Cairo.statusWriteError
        }
        guard length == 0 || (bytes.map { fwrite($0, 1, Int(length), stream.file) } ?? 0) == Int(length) else {
            stream.writeError = lastSystemError()
            return Cairo.statusWriteError
        }
        return 0
    }
}
