import ScrimCore

/// An RGBA image in memory, 8 bits a channel, straight (not premultiplied) alpha, rows top to bottom.
public struct PixelImage: Equatable {
    public let width: Int
    public let height: Int
    /// `width · height · 4` bytes: r, g, b, a for each pixel, row by row.
    public var bytes: [UInt8]

    /// An image of `width` by `height` filled with `color`.
    public init(width: Int, height: Int, color: Color = .clear) {
        self.width = max(0, width)
        self.height = max(0, height)
        let pixel = PixelImage.pixel(color)
        var bytes = [UInt8](repeating: 0, count: self.width * self.height * 4)
        var i = 0
        while i < bytes.count {
            bytes[i] = pixel.r; bytes[i + 1] = pixel.g; bytes[i + 2] = pixel.b; bytes[i + 3] = pixel.a
            i += 4
        }
        self.bytes = bytes
    }

    /// An image from its bytes (see `bytes`).
    public init(width: Int, height: Int, bytes: [UInt8]) {
        precondition(width >= 0 && height >= 0 && bytes.count == width * height * 4, "PixelImage: wrong byte count")
        self.width = width
        self.height = height
        self.bytes = bytes
    }

    /// The pixel at column `x`, row `y` (0-based, from the top-left).
    public subscript(x: Int, y: Int) -> RGBA {
        get {
            let i = (y * width + x) * 4
            return RGBA(r: bytes[i], g: bytes[i + 1], b: bytes[i + 2], a: bytes[i + 3])
        }
        set {
            let i = (y * width + x) * 4
            bytes[i] = newValue.r; bytes[i + 1] = newValue.g; bytes[i + 2] = newValue.b; bytes[i + 3] = newValue.a
        }
    }

    /// The pixel under `point`, given in points, for an image drawn at `scale` pixels a point.
    public func pixel(at point: Point, scale: Double) -> RGBA {
        let x = Int(clamping: point.x * scale, to: 0...max(0, width - 1))
        let y = Int(clamping: point.y * scale, to: 0...max(0, height - 1))
        return self[x, y]
    }

    static func pixel(_ color: Color) -> RGBA {
        func byte(_ c: Double) -> UInt8 { UInt8((min(1, max(0, c)) * 255).rounded()) }
        return RGBA(r: byte(color.r), g: byte(color.g), b: byte(color.b), a: byte(color.a))
    }
}

/// One pixel: 8-bit red, green, blue and straight alpha.
public struct RGBA: Equatable, Hashable, CustomStringConvertible, Sendable {
    public var r: UInt8, g: UInt8, b: UInt8, a: UInt8

    public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8 = 255) {
        self.r = r; self.g = g; self.b = b; self.a = a
    }

    /// The colour as a `Color`.
    public var color: Color {
        Color(r: Double(r) / 255, g: Double(g) / 255, b: Double(b) / 255, a: Double(a) / 255)
    }

    /// The largest difference of one channel between the two pixels.
    public func distance(to other: RGBA) -> Int {
        max(abs(Int(r) - Int(other.r)), abs(Int(g) - Int(other.g)), abs(Int(b) - Int(other.b)),
            abs(Int(a) - Int(other.a)))
    }

    /// `#rrggbbaa`.
    public var description: String { color.hex }
}
