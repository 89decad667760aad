#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The Cairo functions Scrim uses, looked up at run time: `scrim` does not link Cairo (with its ≈ 30 shared
/// libraries it would double start-up time), it `dlopen`s libcairo.so.2 the first time a picture is asked for.
struct Cairo {
    typealias Context = OpaquePointer
    typealias Surface = OpaquePointer

    static let formatARGB32: Int32 = 0
    static let formatRGB24: Int32 = 1
    static let statusWriteError: Int32 = 11

    let imageSurfaceCreate: @convention(c) (Int32, Int32, Int32) -> Surface?
    let imageSurfaceCreateFromPNG: @convention(c) (UnsafePointer<CChar>) -> Surface?
    /// cairo_write_func_t: the closure, the bytes, their count; returns a cairo status (0: go on).
    typealias WriteFunction = @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<UInt8>?, UInt32) -> Int32
    let surfaceWriteToPNGStream: @convention(c) (Surface, WriteFunction, UnsafeMutableRawPointer?) -> Int32
    let surfaceStatus: @convention(c) (Surface) -> Int32
    let surfaceDestroy: @convention(c) (Surface) -> Void
    let surfaceFlush: @convention(c) (Surface) -> Void
    let surfaceMarkDirty: @convention(c) (Surface) -> Void
    let imageSurfaceGetData: @convention(c) (Surface) -> UnsafeMutablePointer<UInt8>?
    let imageSurfaceGetWidth: @convention(c) (Surface) -> Int32
    let imageSurfaceGetHeight: @convention(c) (Surface) -> Int32
    let imageSurfaceGetStride: @convention(c) (Surface) -> Int32
    let imageSurfaceGetFormat: @convention(c) (Surface) -> Int32
    let statusToString: @convention(c) (Int32) -> UnsafePointer<CChar>?
    let create: @convention(c) (Surface) -> Context?
    let destroy: @convention(c) (Context) -> Void
    let status: @convention(c) (Context) -> Int32
    let save: @convention(c) (Context) -> Void
    let restore: @convention(c) (Context) -> Void
    let translate: @convention(c) (Context, Double, Double) -> Void
    let scale: @convention(c) (Context, Double, Double) -> Void
    let transform: @convention(c) (Context, UnsafeRawPointer) -> Void
    let setSourceRGBA: @convention(c) (Context, Double, Double, Double, Double) -> Void
    let rectangle: @convention(c) (Context, Double, Double, Double, Double) -> Void
    let newPath: @convention(c) (Context) -> Void
    let newSubPath: @convention(c) (Context) -> Void
    let arc: @convention(c) (Context, Double, Double, Double, Double, Double) -> Void
    let closePath: @convention(c) (Context) -> Void
    let fill: @convention(c) (Context) -> Void
    let paint: @convention(c) (Context) -> Void
    let selectFontFace: @convention(c) (Context, UnsafePointer<CChar>, Int32, Int32) -> Void
    let setFontSize: @convention(c) (Context, Double) -> Void
    let textExtents: @convention(c) (Context, UnsafePointer<CChar>, UnsafeMutableRawPointer) -> Void
    let fontExtents: @convention(c) (Context, UnsafeMutableRawPointer) -> Void
    let moveTo: @convention(c) (Context, Double, Double) -> Void
    let showText: @convention(c) (Context, UnsafePointer<CChar>) -> Void

    /// The library, loaded on first use and kept for the process's life (or why it could not be loaded).
    private static let loaded: Result<Cairo, Error> = Result { try Cairo(library: "libcairo.so.2") }

    /// The process's Cairo, loading it on first use; throws a message telling how to install it if it is missing.
    static func shared() throws -> Cairo {
        try loaded.get()
    }

    /// Loads `library` and looks up every function; throws naming what is missing.
    init(library: String) throws {
        let shared = try SharedLibrary(library, notFound: { reason in RenderError("PNG snapshots need libcairo2: run make setup (or apt-get install libcairo2) (\(reason))") },
                                       missingSymbol: { name in RenderError("PNG snapshots need libcairo2 ≥ 1.10: \(library) has no \(name)") })
        func symbol<T>(_ name: String) throws -> T { try shared.symbol(name) }
        imageSurfaceCreate = try symbol("cairo_image_surface_create")
        imageSurfaceCreateFromPNG = try symbol("cairo_image_surface_create_from_png")
        surfaceWriteToPNGStream = try symbol("cairo_surface_write_to_png_stream")
        surfaceStatus = try symbol("cairo_surface_status")
        surfaceDestroy = try symbol("cairo_surface_destroy")
        surfaceFlush = try symbol("cairo_surface_flush")
        surfaceMarkDirty = try symbol("cairo_surface_mark_dirty")
        imageSurfaceGetData = try symbol("cairo_image_surface_get_data")
        imageSurfaceGetWidth = try symbol("cairo_image_surface_get_width")
        imageSurfaceGetHeight = try symbol("cairo_image_surface_get_height")
        imageSurfaceGetStride = try symbol("cairo_image_surface_get_stride")
        imageSurfaceGetFormat = try symbol("cairo_image_surface_get_format")
        statusToString = try symbol("cairo_status_to_string")
        create = try symbol("cairo_create")
        destroy = try symbol("cairo_destroy")
        status = try symbol("cairo_status")
        save = try symbol("cairo_save")
        restore = try symbol("cairo_restore")
        translate = try symbol("cairo_translate")
        scale = try symbol("cairo_scale")
        transform = try symbol("cairo_transform")
        setSourceRGBA = try symbol("cairo_set_source_rgba")
        rectangle = try symbol("cairo_rectangle")
        newPath = try symbol("cairo_new_path")
        newSubPath = try symbol("cairo_new_sub_path")
        arc = try symbol("cairo_arc")
        closePath = try symbol("cairo_close_path")
        fill = try symbol("cairo_fill")
        paint = try symbol("cairo_paint")
        selectFontFace = try symbol("cairo_select_font_face")
        setFontSize = try symbol("cairo_set_font_size")
        textExtents = try symbol("cairo_text_extents")
        fontExtents = try symbol("cairo_font_extents")
        moveTo = try symbol("cairo_move_to")
        showText = try symbol("cairo_show_text")
    }

    /// Cairo's text for `status`.
    func message(_ status: Int32) -> String {
        statusToString(status).map { String(cString: $0) } ?? "cairo status \(status)"
    }

    // MARK: Surfaces ↔ PixelImage

    /// A new ARGB32 surface holding `image`; the caller destroys it.
    func surface(from image: PixelImage) throws -> Surface {
        guard let surface = imageSurfaceCreate(Cairo.formatARGB32, Int32(image.width), Int32(image.height)) else {
            throw RenderError("cairo: cannot create a \(image.width)×\(image.height) image")
        }
        let status = surfaceStatus(surface)
        guard status == 0, let data = imageSurfaceGetData(surface) else {
            surfaceDestroy(surface)
            throw RenderError("cairo: cannot create a \(image.width)×\(image.height) image: \(message(status))")
        }
        surfaceFlush(surface)
        let stride = Int(imageSurfaceGetStride(surface))
        image.bytes.withUnsafeBufferPointer { src in
            for y in 0..<image.height {
                let row = (data + y * stride).withMemoryRebound(to: UInt32.self, capacity: image.width) { $0 }
                for x in 0..<image.width {
                    let i = (y * image.width + x) * 4
                    let a = UInt32(src[i + 3])
                    // Premultiplied, native-endian 0xAARRGGBB.
                    let r = (UInt32(src[i]) * a + 127) / 255
                    let g = (UInt32(src[i + 1]) * a + 127) / 255
                    let b = (UInt32(src[i + 2]) * a + 127) / 255
                    row[x] = a << 24 | r << 16 | g << 8 | b
                }
            }
        }
        surfaceMarkDirty(surface)
        return surface
    }

    /// The pixels of an ARGB32 or RGB24 image surface.
    func image(of surface: Surface) throws -> PixelImage {
        surfaceFlush(surface)
        let format = imageSurfaceGetFormat(surface)
        guard format == Cairo.formatARGB32 || format == Cairo.formatRGB24 else {
            throw RenderError("cairo: unsupported pixel format \(format) (expected RGB or RGBA)")
        }
        let width = Int(imageSurfaceGetWidth(surface)), height = Int(imageSurfaceGetHeight(surface))
        let stride = Int(imageSurfaceGetStride(surface))
        guard width > 0, height > 0, let data = imageSurfaceGetData(surface) else {
            return PixelImage(width: width, height: height)
        }
        let opaque = format == Cairo.formatRGB24
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        bytes.withUnsafeMutableBufferPointer { dst in
            for y in 0..<height {
                let row = (data + y * stride).withMemoryRebound(to: UInt32.self, capacity: width) { $0 }
                for x in 0..<width {
                    let word = row[x]
                    let a = opaque ? 255 : word >> 24
                    let i = (y * width + x) * 4
                    dst[i + 3] = UInt8(a)
                    guard a > 0 else { continue }
                    dst[i] = UInt8(min(255, ((word >> 16 & 0xff) * 255 + a / 2) / a))
                    dst[i + 1] = UInt8(min(255, ((word >> 8 & 0xff) * 255 + a / 2) / a))
                    dst[i + 2] = UInt8(min(255, ((word & 0xff) * 255 + a / 2) / a))
                }
            }
        }
        return PixelImage(width: width, height: height, bytes: bytes)
    }
}
