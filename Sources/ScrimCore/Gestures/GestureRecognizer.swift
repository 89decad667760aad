/// Something attached to a view that recognizes touches; `TapGestureRecognizer` is the one kind so far.
open class GestureRecognizer {
    /// The view it is attached to.
    public internal(set) weak var view: View? {
        didSet { if let ownershipObserver, oldValue !== view { ownershipObserver.ownerDidChange(self, from: oldValue) } }
    }
    /// See `Owned`.
    public weak var ownershipObserver: OwnershipObserver?
    /// Disabled recognizers receive no touches.
    public var isEnabled = true
    /// Asked before each touch; held strongly (unlike UIKit) so that a closure-style delegate needs no other owner.
    public var delegate: GestureRecognizerDelegate?
    /// A name for messages.
    public var name: String?

    public init() {}

    /// Whether the touch at `point` (in `view`'s coordinates) reaches this recognizer: it must be enabled and its
    /// delegate, if any, must agree. A delegate that throws is reported and counts as agreeing.
    func shouldReceiveTouch(at point: Point, report: (Error, String) -> Void) -> Bool {
        guard isEnabled else { return false }
        guard let delegate else { return true }
        do {
            return try delegate.gestureRecognizerShouldReceiveTouch(self, point: point)
        } catch {
            report(error, "gestureRecognizerShouldReceiveTouch")
            return true
        }
    }

    /// Handles a recognized gesture; overridden by each kind.
    open func perform() throws {}
}

/// Decides whether a recognizer receives a touch (UIKit's `gestureRecognizer:shouldReceiveTouch:`).
public protocol GestureRecognizerDelegate: AnyObject {
    /// Whether `recognizer` should see the touch at `point`, in the coordinates of the recognizer's view.
    func gestureRecognizerShouldReceiveTouch(_ recognizer: GestureRecognizer, point: Point) throws -> Bool
}

/// The delegate of a tap recognizer.
public typealias TapGestureRecognizerDelegate = GestureRecognizerDelegate
