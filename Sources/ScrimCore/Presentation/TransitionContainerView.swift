/// The view a transition happens in (UIKit's `UITransitionView`): it fills the window, above the presenting
/// controller's view, and holds the presented view and whatever the presentation controller adds (a dimming view).
///
/// Where the presented view lets touches through (`PresentationController.presentedViewPassesTouches`), a point
/// that hits the presented view itself and none of its subviews goes on to the views below it in the container.
final class TransitionContainerView: View {
    weak var passthroughView: View?

    override func hitTest(_ point: Point) -> View? {
        guard takesTouches, self.point(inside: point) else { return nil }
        for subview in subviews.reversed() {
            let local = Point(x: point.x - subview.frame.x, y: point.y - subview.frame.y)
            guard let hit = subview.hitTest(local) else { continue }
            if hit === subview && subview === passthroughView { continue }
            return hit
        }
        return self
    }
}
