/// Something in progress that keeps `Clock.settle` from returning, such as a transition in flight.
/// Register it with `Clock.beginPendingWork` and end it with `Clock.endPendingWork`.
public protocol PendingWork: AnyObject {
    /// What `settle` names while it is pending, e.g. `transition presenting "sheet"`.
    var pendingDescription: String { get }
}
