import Glibc
import ScrimRender

/// A desktop window showing a frame buffer: SDL's window, renderer and one streaming texture of the buffer's size.
final class SDLWindow {
    private let sdl: SDL
    private let window: SDL.Window
    private let renderer: SDL.Renderer
    private let texture: SDL.Texture
    private var title = ""
    private var event = [UInt8](repeating: 0, count: SDL.eventSize)
    private var hasFrame = false

    /// The display's refresh rate (60 Hz if SDL does not know it).
    let refreshRate: Double

    /// Opens a window of `width` × `height` pixels; throws if there is no display (naming DISPLAY and xvfb-run).
    init(width: Int, height: Int, title: String) throws {
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
        _ = sdl.setHint("SDL_VIDEODRIVER", "x11,wayland")
        guard sdl.initialize(SDL.initVideo) == 0 else {
            let display = SDLWindow.environment("DISPLAY") ?? ""
            throw WindowError("--window cannot open the display \(display) (DISPLAY): \(sdl.lastError); "
                + "without a desktop session, run under a virtual one (xvfb-run scrim run --window FILE)")
        }
        guard let window = sdl.createWindow(title, SDL.windowPositionCentered, SDL.windowPositionCentered,
                                            Int32(width), Int32(height), SDL.windowShown) else {
            let reason = sdl.lastError
            sdl.quit()
            throw WindowError("cannot open a \(width)×\(height) window: \(reason)")
        }
        guard let renderer = sdl.createRenderer(window, -1, 0),
              let texture = sdl.createTexture(renderer, SDL.pixelFormatARGB8888, SDL.textureAccessStreaming,
                                              Int32(width), Int32(height)) else {
            let reason = sdl.lastError
            sdl.destroyWindow(window)
            sdl.quit()
            throw WindowError("cannot draw into a \(width)×\(height) window: \(reason)")
        }
        self.sdl = sdl
        self.window = window
        self.renderer = renderer
        self.texture = texture
        self.title = title
        refreshRate = sdl.refreshRate() ?? 60
    }

    deinit {
        sdl.destroyTexture(texture)
        sdl.destroyRenderer(renderer)
        sdl.destroyWindow(window)
        sdl.quit()
    }

    /// Shows the buffer's pixels.
    func show(_ buffer: FrameBuffer) throws {
        let status = try buffer.withPixels { sdl.updateTexture(texture, nil, $0, Int32(buffer.stride)) }
        guard status == 0 else { throw WindowError("cannot update the window: \(sdl.lastError)") }
        hasFrame = true
        present()
    }

    /// Shows the last frame again (the window system lost it).
    func present() {
        guard hasFrame else { return }
        _ = sdl.renderCopy(renderer, texture, nil, nil)
        sdl.renderPresent(renderer)
    }

    /// Sets the title, if it changed.
    func setTitle(_ text: String) {
        guard text != title else { return }
        title = text
        sdl.setWindowTitle(window, text)
    }

    /// The next pending event the window cares about, or nil when none is left.
    func nextEvent() -> WindowEvent? {
        while event.withUnsafeMutableBytes({ sdl.pollEvent($0.baseAddress!) }) != 0 {
            if let decoded = event.withUnsafeBytes({ WindowEvent.decode($0) }) { return decoded }
        }
        return nil
    }

    private static func environment(_ name: String) -> String? {
        guard let value = getenv(name), value.pointee != 0 else { return nil }
        return String(cString: value)
    }
}
