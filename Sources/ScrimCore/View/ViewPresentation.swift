/// What a view shows at one instant: its model values plus what running animations add.
public struct ViewPresentation: Equatable {
    public var frame: Rect
    public var alpha: Double
    /// nil when the model colour is nil and no animation moves it.
    public var backgroundColor: Color?
    public var transform: Transform

    public init(frame: Rect, alpha: Double, backgroundColor: Color?, transform: Transform) {
        self.frame = frame
        self.alpha = alpha
        self.backgroundColor = backgroundColor
        self.transform = transform
    }

    /// The frame's centre.
    public var center: Point { frame.center }
}
