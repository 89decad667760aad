/// Supplies the objects of a custom transition (UIKit's `UIViewControllerTransitioningDelegate`); consulted only
/// when the presented controller's `modalPresentationStyle` is `.custom`. Every member may throw: the error is
/// reported, naming the member, and the default is used. Each member defaults to nil (the default object).
public protocol ViewControllerTransitioningDelegate: AnyObject {
    /// The animator of the presentation of `presented` by `presenting` (`source` is the controller `present` was
    /// called on); nil for the default slide-up.
    func animationControllerForPresented(presented: ViewController, presenting: ViewController,
                                         source: ViewController) throws -> ViewControllerAnimatedTransitioning?
    /// The animator of the dismissal of `dismissed`; nil for the default slide-down.
    func animationControllerForDismissed(_ dismissed: ViewController) throws -> ViewControllerAnimatedTransitioning?
    /// The presentation controller of `presented`; nil for a plain `PresentationController`.
    func presentationControllerForPresented(presented: ViewController, presenting: ViewController,
                                            source: ViewController) throws -> PresentationController?
}

extension ViewControllerTransitioningDelegate {
    public func animationControllerForPresented(presented: ViewController, presenting: ViewController,
                                                source: ViewController) throws -> ViewControllerAnimatedTransitioning? {
        nil
    }

    public func animationControllerForDismissed(_ dismissed: ViewController) throws -> ViewControllerAnimatedTransitioning? {
        nil
    }

    public func presentationControllerForPresented(presented: ViewController, presenting: ViewController,
                                                   source: ViewController) throws -> PresentationController? {
        nil
    }
}
