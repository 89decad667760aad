import Glibc
import ScrimRender

/// The SDL2 functions the live window uses, looked up at run time: `scrim` does not link SDL (`ldd scrim` does not
/// list it and start-up without `--window` is unchanged); it `dlopen`s libSDL2-2.0.so.0 the first time a window opens.
struct SDL {
    typealias Window = OpaquePointer
    typealias Renderer = OpaquePointer
    typealias Texture = OpaquePointer

    static let initVideo: UInt32 = 0x20
    static let windowPositionCentered: Int32 = 0x2FFF_0000
    static let windowShown: UInt32 = 0x4
    static let windowResizable: UInt32 = 0x20
    static let pixelFormatARGB8888: UInt32 = 0x1636_2004
    static let textureAccessStreaming: Int32 = 1
    /// `SDL_Event` is a 56-byte union; events are read from raw bytes (see `WindowEvent`).
    static let eventSize = 56

    let setHint: @convention(c) (UnsafePointer<CChar>, UnsafePointer<CChar>) -> Int32
    let initialize: @convention(c) (UInt32) -> Int32
    let quit: @convention(c) () -> Void
    let getError: @convention(c) () -> UnsafePointer<CChar>?
    let createWindow: @convention(c) (UnsafePointer<CChar>, Int32, Int32, Int32, Int32, UInt32) -> Window?
    let destroyWindow: @convention(c) (Window) -> Void
    let setWindowTitle: @convention(c) (Window, UnsafePointer<CChar>) -> Void
    let createRenderer: @convention(c) (Window, Int32, UInt32) -> Renderer?
    let destroyRenderer: @convention(c) (Renderer) -> Void
    let createTexture: @convention(c) (Renderer, UInt32, Int32, Int32, Int32) -> Texture?
    let destroyTexture: @convention(c) (Texture) -> Void
    let updateTexture: @convention(c) (Texture, UnsafeRawPointer?, UnsafeRawPointer, Int32) -> Int32
    let renderCopy: @convention(c) (Renderer, Texture, UnsafeRawPointer?, UnsafeRawPointer?) -> Int32
    let renderPresent: @convention(c) (Renderer) -> Void
    let pollEvent: @convention(c) (UnsafeMutableRawPointer) -> Int32
    let getCurrentDisplayMode: @convention(c) (Int32, UnsafeMutableRawPointer) -> Int32
    let getDisplayUsableBounds: @convention(c) (Int32, UnsafeMutableRawPointer) -> Int32
    let getDisplayDPI: @convention(c) (Int32, UnsafeMutablePointer<Float>?, UnsafeMutablePointer<Float>?,
                                       UnsafeMutablePointer<Float>?) -> Int32
    let getWindowSize: @convention(c) (Window, UnsafeMutablePointer<Int32>, UnsafeMutablePointer<Int32>) -> Void
    let setWindowMinimumSize: @convention(c) (Window, Int32, Int32) -> Void
    let setRenderDrawColor: @convention(c) (Renderer, UInt8, UInt8, UInt8, UInt8) -> Int32
    let renderClear: @convention(c) (Renderer) -> Int32

    /// The library, loaded on first use and kept for the process's life (or why it could not be loaded).
    private static let loaded: Result<SDL, Error> = Result { try SDL(library: "libSDL2-2.0.so.0") }

    /// The process's SDL, loading it on first use; throws a message telling how to install it if it is missing.
    static func shared() throws -> SDL {
        try loaded.get()
    }

    init(library: String) throws {
        let shared = try SharedLibrary(library, notFound: { reason in WindowError("--window needs SDL2: run make setup (or apt-get install libsdl2-2.0-0) (\(reason))") },
                                       missingSymbol: { name in WindowError("--window needs SDL 2.0.10 or later: \(library) has no \(name)") })
        func symbol<T>(_ name: String) throws -> T { try shared.symbol(name) }
        setHint = try symbol("SDL_SetHint")
        initialize = try symbol("SDL_Init")
        quit = try symbol("SDL_Quit")
        getError = try symbol("SDL_GetError")
        createWindow = try symbol("SDL_CreateWindow")
        destroyWindow = try symbol("SDL_DestroyWindow")
        setWindowTitle = try symbol("SDL_SetWindowTitle")
        createRenderer = try symbol("SDL_CreateRenderer")
        destroyRenderer = try symbol("SDL_DestroyRenderer")
        createTexture = try symbol("SDL_CreateTexture")
        destroyTexture = try symbol("SDL_DestroyTexture")
        updateTexture = try symbol("SDL_UpdateTexture")
        renderCopy = try symbol("SDL_RenderCopy")
        renderPresent = try symbol("SDL_RenderPresent")
        pollEvent = try symbol("SDL_PollEvent")
        getCurrentDisplayMode = try symbol("SDL_GetCurrentDisplayMode")
        getDisplayUsableBounds = try symbol("SDL_GetDisplayUsableBounds")
        getDisplayDPI = try symbol("SDL_GetDisplayDPI")
        getWindowSize = try symbol("SDL_GetWindowSize")
        setWindowMinimumSize = try symbol("SDL_SetWindowMinimumSize")
        setRenderDrawColor = try symbol("SDL_SetRenderDrawColor")
        renderClear = try symbol("SDL_RenderClear")
    }

    /// SDL's text for its last error.
    var lastError: String {
        getError().map { String(cString: $0) } ?? "unknown SDL error"
    }

    /// The first display's room for windows (without panels and docks), in window coordinates; nil if unknown.
    func usableBounds() -> (width: Double, height: Double)? {
        var rect = [Int32](repeating: 0, count: 4) // SDL_Rect: x, y, w, h
        let status = rect.withUnsafeMutableBytes { getDisplayUsableBounds(0, $0.baseAddress!) }
        guard status == 0, rect[2] > 0, rect[3] > 0 else { return nil }
        return (Double(rect[2]), Double(rect[3]))
    }

    /// The first display's pixels a point, from its diagonal DPI (96 DPI a point); nil if SDL does not know it.
    func displayScale() -> Double? {
        var dpi: Float = 0
        guard getDisplayDPI(0, &dpi, nil, nil) == 0, dpi.isFinite, dpi > 0 else { return nil }
        return max(1, (Double(dpi) / 96).rounded())
    }

    /// The refresh rate of the first display in Hz, or nil if SDL does not know it.
    func refreshRate() -> Double? {
        // SDL_DisplayMode: Uint32 format; int w, h, refresh_rate; void *driverdata.
        var mode = [UInt8](repeating: 0, count: 24)
        let status = mode.withUnsafeMutableBytes { getCurrentDisplayMode(0, $0.baseAddress!) }
        guard status == 0 else { return nil }
        let rate = mode.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: 12, as: Int32.self) }
        return rate > 0 ? Double(rate) : nil
    }
}
