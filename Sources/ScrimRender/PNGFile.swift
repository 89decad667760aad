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

    static func write(_ surface: Cairo.Surface, to path: String, cairo: Cairo) throws {
        try makeDirectories(directoryName(of: path))
        let status = cairo.surfaceWriteToPNG(surface, path)
        guard status == 0 else { throw RenderError("cannot write \(path): \(cairo.message(status))") }
    }
}
