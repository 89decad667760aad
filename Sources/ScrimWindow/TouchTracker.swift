import ScrimCore

/// The mouse as a finger: a press, drag and release report `touch.began`, `touch.moved` and `touch.ended` hook
/// events (`x`, `y`: the point in screen coordinates), and a press released near where it started is a tap,
/// delivered as `scrim.tap` delivers one (same hit-testing, recognizers, delegate calls).
struct TouchTracker {
    /// How far a touch may move and still be a tap, in points (UIKit's tap allows about this much).
    static let tapSlop = 10.0

    private var start: Point?
    private var travelled = 0.0

    mutating func press(at point: Point, in runtime: Runtime) {
        start = point
        travelled = 0
        emit("touch.began", point, runtime)
    }

    mutating func drag(to point: Point, in runtime: Runtime) {
        guard let start else { return }
        travelled = max(travelled, hypot(point.x - start.x, point.y - start.y))
        emit("touch.moved", point, runtime)
    }

    mutating func release(at point: Point, in runtime: Runtime) {
        guard let start else { return }
        self.start = nil
        travelled = max(travelled, hypot(point.x - start.x, point.y - start.y))
        emit("touch.ended", point, runtime)
        if travelled <= TouchTracker.tapSlop { runtime.tap(at: point) }
    }

    private func emit(_ name: String, _ point: Point, _ runtime: Runtime) {
        runtime.hooks.emit(name, fields: ["x": .number(point.x), "y": .number(point.y)])
    }

    private func hypot(_ x: Double, _ y: Double) -> Double { (x * x + y * y).squareRoot() }
}
