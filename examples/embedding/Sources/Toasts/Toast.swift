import ScrimKit

/// What a toast asks of its owner. Swift code implements it as any protocol; Lua through `LuaToastDelegate`.
protocol ToastDelegate: AnyObject {
    /// The toast was tapped (it is dismissed right after).
    func toastTapped() throws
    /// Whether the toast goes away by itself after `toastDuration`.
    var toastShouldAutoDismiss: Bool { get throws }
    /// How long the toast stays up when it dismisses itself.
    var toastDuration: Seconds { get throws }
}

/// A banner that slides in from the top of the screen, stays a while and slides out: the host's own class, which
/// Lua may make, delegate for and subclass. Where it is (`offset`, 0 fully shown, -height hidden) moves on the
/// runtime's clock.
final class Toast {
    static let height: Double = 60
    static let slide: Seconds = 0.25

    var text = ""
    private(set) var offset = -Toast.height
    private(set) var isShown = false
    /// The delegate; for an object Lua made, its Lua side (held strongly: it holds the toast weakly).
    var delegate: ToastDelegate?
    private weak var runtime: ScrimRuntime?

    init(runtime: ScrimRuntime?) { self.runtime = runtime }

    /// Slides in, then, if the delegate wants it, out again after its duration.
    func show() throws {
        guard !isShown, let runtime else { return }
        isShown = true
        runtime.emit("toast.shown", fields: ["text": .string(text)])
        slide(to: 0)
        if try delegate?.toastShouldAutoDismiss ?? true {
            let duration = try delegate?.toastDuration ?? 2
            runtime.after(Toast.slide + duration) { [weak self] in self?.dismiss() }
        }
    }

    /// What a tap on the banner does: tells the delegate, then slides out.
    func tap() throws {
        guard isShown else { return }
        try delegate?.toastTapped()
        dismiss()
    }

    func dismiss() {
        guard isShown, let runtime else { return }
        isShown = false
        runtime.emit("toast.dismissed", fields: ["text": .string(text)])
        slide(to: -Toast.height)
    }

    /// Moves `offset` to `target` over `Toast.slide` seconds in steps of the clock.
    private func slide(to target: Double) {
        guard let runtime else { return }
        let start = offset, steps = 10
        for step in 1 ... steps {
            runtime.after(Toast.slide * Double(step) / Double(steps)) { [weak self] in
                self?.offset = start + (target - start) * Double(step) / Double(steps)
            }
        }
    }
}
