import Glibc
import ScrimCore
import ScrimRender

/// A desktop window showing a frame buffer: SDL's window, renderer and one streaming texture of the buffer's size.
/// The window is resizable; the frame is scaled to fit it, aspect kept, centred with bars beside or above it
/// (letterboxed), and points in the window map back to the frame's pixels through the same rectangle.
final class SDLWindow {
    private let sdl: SDL
    private let window: SDL.Window
    private let renderer: SDL.Renderer
    private var texture: (texture: SDL.Texture, width: Int, height: Int)?
    private var title = ""
    private var event = [UInt8](repeating: 0, count: SDL.eventSize)
    private var hasFrame = false

    /// The display's refresh rate (60 Hz if SDL does not know it).
    let refreshRate: Double
    /// Pixels a point the frames are drawn at: the one asked for, else the display's (its DPI), no more than fits.
    let scale: Double
    /// The frame's size in pixels (the size of the buffers `show` is given).
    private let frameWidth: Double
    private let frameHeight: Double

    /// Opens a window for a screen of `size` points at `scale` pixels a point (nil: the display's scale, made smaller
    /// if the window would not fit), as large as fits the display; throws if there is no display (naming DISPLAY
    /// and xvfb-run).
    init(size: Size, scale requested: Double?, title: String) throws {
        let noDisplay = "--window needs a display, and DISPLAY is not set: run it in a desktop session, "
            + "or under a virtual one (xvfb-run scrim run --window FILE)"
        guard SDLWindow.environment("DISPLAY") != nil || SDLWindow.environment("WAYLAND_DISPLAY") != nil else {
            throw WindowError(noDisplay)
        }
        let sdl = try SDL.shared()
        // The REPL handles Ctrl-C itself; SDL would turn it into a quit event.
        _ = sdl.setHint("SDL_NO_SIGNAL_HANDLERS", "1")
        _ = sdl.setHint("SDL_VIDEO_X11_NET_WM_BYPASS_COMPOSITOR", "0")
        // Frames are drawn by Cairo at the window's pixel size, so the renderer only copies them: the software one
        // does that without a GPU (and works under Xvfb). SDL_RENDER_DRIVER in the environment still chooses.
        _ = sdl.setHint("SDL_RENDER_DRIVER", "software")
        // A desktop's display only: SDL would otherwise fall back to drivers that show nothing (offscreen, dummy).
        // Wayland only when there is one: its library would print a line of its own about XDG_RUNTIME_DIR before
        // the clear error of a DISPLAY that cannot be opened.
        let wayland = SDLWindow.environment("WAYLAND_DISPLAY") != nil
        _ = sdl.setHint("SDL_VIDEODRIVER", wayland ? "x11,wayland" : "x11")
        // Scaling a frame down to a smaller window: linear filtering keeps text readable.
        _ = sdl.setHint("SDL_RENDER_SCALE_QUALITY", "1")
        guard sdl.initialize(SDL.initVideo) == 0 else {
            let display = SDLWindow.environment("DISPLAY") ?? ""
            throw WindowError("--window cannot open the display \(display) (DISPLAY): \(sdl.lastError); "
                + "without a desktop session, run under a virtual one (xvfb-run scrim run --window FILE)")
        }
        // The room a window has: the display's usable area less its frame and title bar.
        let room = sdl.usableBounds().map { (width: $0.width - 16, height: $0.height - 48) }
        let fit = room.map { min($0.width / size.width, $0.height / size.height) } ?? .infinity
        let scale = requested ?? max(0.25, min(sdl.displayScale() ?? 1, fit))
        // As the frame buffer rounds them.
        let pixels = (width: max(1, (size.width * scale).rounded()), height: max(1, (size.height * scale).rounded()))
        let shrink = min(1, fit / scale)
        let width = Int32(max(1, (pixels.width * shrink).rounded(.down)))
        let height = Int32(max(1, (pixels.height * shrink).rounded(.down)))
        guard let window = sdl.createWindow(title, SDL.windowPositionCentered, SDL.windowPositionCentered,
                                            width, height, SDL.windowShown | SDL.windowResizable) else {
            let reason = sdl.lastError
            sdl.quit()
            throw WindowError("cannot open a \(width)×\(height) window: \(reason)")
        }
        guard let renderer = sdl.createRenderer(window, -1, 0) else {
            let reason = sdl.lastError
            sdl.destroyWindow(window)
            sdl.quit()
            throw WindowError("cannot draw into a \(width)×\(height) window: \(reason)")
        }
        sdl.setWindowMinimumSize(window, 64, 64)
        XErrors.install()
        self.sdl = sdl
        self.window = window
        self.renderer = renderer
        self.title = title
        self.scale = scale
        frameWidth = pixels.width
        frameHeight = pixels.height
        refreshRate = sdl.refreshRate() ?? 60
    }

    deinit {
        if let texture { sdl.destroyTexture(texture.texture) }
        sdl.destroyRenderer(renderer)
        sdl.destroyWindow(window)
        // A round trip to the X server (reading the usable bounds asks it), so that its answer to the destroy —
        // BadWindow when another program destroyed the window already — reaches the handler of `XErrors` before
        // SDL_Quit puts Xlib's default one back, which would end the process with exit status 1.
        _ = sdl.usableBounds()
        sdl.quit()
    }

    /// Shows the buffer's pixels.
    func show(_ buffer: FrameBuffer) throws {
        let texture = try self.texture(width: buffer.width, height: buffer.height)
        let status = try buffer.withPixels { sdl.updateTexture(texture, nil, $0, Int32(buffer.stride)) }
        guard status == 0 else { throw WindowError("cannot update the window: \(sdl.lastError)") }
        hasFrame = true
        present()
    }

    /// Shows the last frame again (the window system lost it, or the window changed size).
    func present() {
        guard hasFrame, let texture else { return }
        let area = frameArea()
        var rect: [Int32] = [Int32(area.x.rounded()), Int32(area.y.rounded()),
                             Int32(area.width.rounded()), Int32(area.height.rounded())]
        _ = sdl.setRenderDrawColor(renderer, 24, 24, 24, 255)
        _ = sdl.renderClear(renderer)
        _ = rect.withUnsafeMutableBytes { sdl.renderCopy(renderer, texture.texture, nil, $0.baseAddress) }
        sdl.renderPresent(renderer)
    }

    /// Where in the frame (its pixels) a point of the window falls: nil on the bars around it, unless `clamped`
    /// (a drag that leaves the frame goes on along its edge).
    func framePoint(x: Double, y: Double, clamped: Bool = false) -> (x: Double, y: Double)? {
        let area = frameArea()
        let point = (x: (x - area.x) * frameWidth / area.width, y: (y - area.y) * frameHeight / area.height)
        if clamped { return (min(max(point.x, 0), frameWidth), min(max(point.y, 0), frameHeight)) }
        guard point.x >= 0, point.y >= 0, point.x < frameWidth, point.y < frameHeight else { return nil }
        return point
    }

    /// Sets the title, if it changed.
    func setTitle(_ text: String) {
        guard text != title else { return }
        title = text
        sdl.setWindowTitle(window, text)
    }

    /// The next pending event the window cares about, or nil when none is left.
    func nextEvent() -> WindowEvent? {
        // Closed by another program: what drew into it failed.
        if XErrors.windowLost { return .quit }
        while event.withUnsafeMutableBytes({ sdl.pollEvent($0.baseAddress!) }) != 0 {
            if let decoded = event.withUnsafeBytes({ WindowEvent.decode($0) }) { return decoded }
        }
        return nil
    }

    // MARK: Internals

    /// The frame's rectangle in the window now: as large as fits, aspect kept, centred.
    private func frameArea() -> (x: Double, y: Double, width: Double, height: Double) {
        var width: Int32 = 0, height: Int32 = 0
        sdl.getWindowSize(window, &width, &height)
        let w = Double(max(width, 1)), h = Double(max(height, 1))
        let fit = min(w / frameWidth, h / frameHeight)
        let size = (width: frameWidth * fit, height: frameHeight * fit)
        return ((w - size.width) / 2, (h - size.height) / 2, size.width, size.height)
    }

    private func texture(width: Int, height: Int) throws -> SDL.Texture {
        if let texture, texture.width == width, texture.height == height { return texture.texture }
        if let texture { sdl.destroyTexture(texture.texture) }
        guard let made = sdl.createTexture(renderer, SDL.pixelFormatARGB8888, SDL.textureAccessStreaming,
                                           Int32(width), Int32(height)) else {
            throw WindowError("cannot draw into a \(width)×\(height) window: \(sdl.lastError)")
        }
        texture = (made, width, height)
        return made
    }

    private static func environment(_ name: String) -> String? {
        guard let value = getenv(name), value.pointee != 0 else { return nil }
        return String(cString: value)
    }
}
