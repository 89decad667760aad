import Foundation
import ScrimCore
@testable import ScrimRender

/// A runtime on a small screen with helpers to add coloured views.
final class Scene {
    let runtime: Runtime

    init(width: Double = 100, height: Double = 100, scale: Double = 2) {
        runtime = Runtime(screen: Screen(width: width, height: height, scale: scale))
        runtime.errorSink = { report in Issue.record("unexpected error: \(report)") }
    }

    @discardableResult
    func add(_ name: String, _ frame: Rect, _ color: Color?, to parent: View? = nil, alpha: Double = 1) -> View {
        let view = View(name: name, frame: frame)
        view.backgroundColor = color
        view.alpha = alpha
        try! (parent ?? runtime.window).addSubview(view)
        return view
    }

    var tree: RenderTree { RenderTree(runtime: runtime) }
}

/// A fresh directory for one test's files.
func temporaryDirectory() -> String {
    let path = FileManager.default.temporaryDirectory
        .appendingPathComponent("scrim-render-tests-\(UUID().uuidString)").path
    try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

/// Whether two pixels are within `tolerance` on every channel.
func near(_ p: RGBA, _ q: RGBA, _ tolerance: Int = 2) -> Bool {
    p.distance(to: q) <= tolerance
}

let white = RGBA(r: 255, g: 255, b: 255)
let red = RGBA(r: 255, g: 0, b: 0)

import Testing
