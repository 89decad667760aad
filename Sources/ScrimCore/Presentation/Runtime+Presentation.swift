extension Runtime {
    /// The controller on top of the modal stack: the root, or the last controller presented above it.
    public var topmostViewController: ViewController {
        var top = rootViewController
        while let next = top.presentedViewController { top = next }
        return top
    }

    /// Presents `controller` from the topmost presented controller (`scrim.present`); see `ViewController.present`.
    public func present(_ controller: ViewController, animated: Bool = true,
                        completion: (() throws -> Void)? = nil) throws {
        try topmostViewController.present(controller, animated: animated, completion: completion)
    }
}

extension ViewController {
    /// The root controller of `runtime`: named `root`, its view filling the window at the back.
    static func makeRoot(in runtime: Runtime) -> ViewController {
        let root = ViewController(name: "root")
        root.runtime = runtime
        root.isRootViewController = true
        try? runtime.window.insertSubview(root.view, at: 0)
        return root
    }
}
