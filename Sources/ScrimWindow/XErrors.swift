import ScrimCore
import ScrimRender

/// X errors the window survives. Xlib's default handler ends the process on any error (exit 1, after an
/// `X Error of failed request` report); another program closing the window (`xdotool windowclose`) makes the
/// window's next drawing fail with BadWindow or BadDrawable. Those now mean the window was closed; others are
/// reported on stderr and the window goes on.
enum XErrors {
    /// Set once X reported the window (or what is drawn into it) gone. nonisolated(unsafe), as `installed`: the
    /// window, SDL and Xlib's error handler all run on the main thread (SDL's rule for video).
    nonisolated(unsafe) static var windowLost = false

    /// Installs the handler (SDL has loaded libX11 by then); without libX11 (a Wayland session) nothing changes.
    static func install() {
        guard installed == false else { return }
        installed = true
        typealias Handler = @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?) -> Int32
        typealias SetHandler = @convention(c) (Handler?) -> Handler?
        guard let library = try? SharedLibrary("libX11.so.6", notFound: { WindowError($0) },
                                               missingSymbol: { WindowError($0) }),
              let setHandler: SetHandler = try? library.symbol("XSetErrorHandler") else { return }
        // The library stays loaded (SharedLibrary never closes it), so the handler stays callable.
        _ = setHandler { _, event in
            // XErrorEvent: int type; Display *display; XID resourceid; unsigned long serial; unsigned char error_code;
            // unsigned char request_code, minor_code.
            guard let event else { return 0 }
            let code = event.load(fromByteOffset: 32, as: UInt8.self)
            if code == 3 || code == 9 { // BadWindow, BadDrawable
                XErrors.windowLost = true
            } else {
                let request = event.load(fromByteOffset: 33, as: UInt8.self)
                writeToStandardError("scrim: X error \(code) (request \(request)); the window goes on\n")
            }
            return 0
        }
    }

    nonisolated(unsafe) private static var installed = false
}
