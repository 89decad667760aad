import Glibc
import ScrimRender
import WebP

/// The libwebp functions the WebP writer uses, looked up at run time in libwebpmux (which brings libwebp): loaded
/// the first time an animated WebP is written, never at start-up.
struct WebPLibrary {
    let configInit: @convention(c) (UnsafeMutablePointer<WebPConfig>, WebPPreset, Float, Int32) -> Int32
    let pictureInit: @convention(c) (UnsafeMutablePointer<WebPPicture>, Int32) -> Int32
    let pictureImportBGRA: @convention(c) (UnsafeMutablePointer<WebPPicture>, UnsafePointer<UInt8>, Int32) -> Int32
    let pictureFree: @convention(c) (UnsafeMutablePointer<WebPPicture>) -> Void
    let free: @convention(c) (UnsafeMutableRawPointer?) -> Void
    let encoderOptionsInit: @convention(c) (UnsafeMutablePointer<WebPAnimEncoderOptions>, Int32) -> Int32
    let encoderNew: @convention(c) (Int32, Int32, UnsafePointer<WebPAnimEncoderOptions>, Int32) -> OpaquePointer?
    let encoderAdd: @convention(c) (OpaquePointer, UnsafeMutablePointer<WebPPicture>?, Int32, UnsafePointer<WebPConfig>?) -> Int32
    let encoderAssemble: @convention(c) (OpaquePointer, UnsafeMutablePointer<WebPData>) -> Int32
    let encoderError: @convention(c) (OpaquePointer) -> UnsafePointer<CChar>?
    let encoderDelete: @convention(c) (OpaquePointer) -> Void

    private static let loaded: Result<WebPLibrary, Error> = Result { try WebPLibrary(library: "libwebpmux.so.3") }

    /// The process's libwebp, loading it on first use; throws a message telling how to install it if it is missing.
    static func shared() throws -> WebPLibrary {
        try loaded.get()
    }

    init(library: String) throws {
        let shared = try SharedLibrary(library, notFound: { reason in RecordingError("animated WebP needs libwebpmux3: run make setup (or apt-get install libwebpmux3) (\(reason))") },
                                       missingSymbol: { name in RecordingError("animated WebP needs libwebp ≥ 1.0: \(library) has no \(name)") })
        func symbol<T>(_ name: String) throws -> T { try shared.symbol(name) }
        configInit = try symbol("WebPConfigInitInternal")
        pictureInit = try symbol("WebPPictureInitInternal")
        pictureImportBGRA = try symbol("WebPPictureImportBGRA")
        pictureFree = try symbol("WebPPictureFree")
        free = try symbol("WebPFree")
        encoderOptionsInit = try symbol("WebPAnimEncoderOptionsInitInternal")
        encoderNew = try symbol("WebPAnimEncoderNewInternal")
        encoderAdd = try symbol("WebPAnimEncoderAdd")
        encoderAssemble = try symbol("WebPAnimEncoderAssemble")
        encoderError = try symbol("WebPAnimEncoderGetError")
        encoderDelete = try symbol("WebPAnimEncoderDelete")
    }
}
