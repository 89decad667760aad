/// UIKit's view lifecycle callbacks as values, for code that treats them alike: `ViewController.lifecycle(_:perform:)`
/// is told each one on its way to its method.
public enum LifecycleCallback: Equatable, Sendable {
    case loadView
    case viewDidLoad
    case viewWillAppear(animated: Bool)
    case viewDidAppear(animated: Bool)
    case viewWillDisappear(animated: Bool)
    case viewDidDisappear(animated: Bool)
    case viewWillLayoutSubviews
    case viewDidLayoutSubviews

    /// The method's name (`viewWillAppear`).
    public var name: String {
        switch self {
        case .loadView: "loadView"
        case .viewDidLoad: "viewDidLoad"
        case .viewWillAppear: "viewWillAppear"
        case .viewDidAppear: "viewDidAppear"
        case .viewWillDisappear: "viewWillDisappear"
        case .viewDidDisappear: "viewDidDisappear"
        case .viewWillLayoutSubviews: "viewWillLayoutSubviews"
        case .viewDidLayoutSubviews: "viewDidLayoutSubviews"
        }
    }

    /// The `animated` argument; nil for the callbacks that take none.
    public var animated: Bool? {
        switch self {
        case .loadView, .viewDidLoad, .viewWillLayoutSubviews, .viewDidLayoutSubviews: nil
        case .viewWillAppear(let animated), .viewDidAppear(let animated), .viewWillDisappear(let animated),
             .viewDidDisappear(let animated): animated
        }
    }
}
