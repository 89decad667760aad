/// A named unknown of a layout system; the solver writes its solved `value` in `updateVariables()`.
///
/// Identity matters: two variables with the same name are still two unknowns.
public final class LayoutVariable: CustomStringConvertible {
    /// A label for diagnostics (`"button.left"`); the solver never reads it.
    public var name: String
    /// The last solved value (0 until solved).
    @exclusivity(unchecked) public var value: Double
    /// The layout engine's entry for the view whose frame this variable is part of, so that the engine maps a
    /// changed value to its view without a lookup; the engine clears it when it lets go of the view. Unretained (the
    /// entry owns its variables), so that the engine reads it on every moved variable without reference counting.
    var solvedViewLink: Unmanaged<SolvedView>?
    /// Which of its entry's variables this is: 0 left, 1 top, 2 width, 3 height.
    var frameIndex = 0

    /// The entry `solvedViewLink` refers to.
    var solvedView: SolvedView? { solvedViewLink?.takeUnretainedValue() }

    /// Creates an unknown named `name`, starting at `value`.
    public init(_ name: String = "", value: Double = 0) {
        self.name = name
        self.value = value
    }

    /// The name; for an unnamed variable of a view's frame, `view.attribute` (`button.left`).
    public var description: String {
        if !name.isEmpty { return name }
        if let solved = solvedView {
            return "\(LayoutConstraint.name(of: solved.view)).\(["left", "top", "width", "height"][frameIndex])"
        }
        return "v\(UInt(bitPattern: ObjectIdentifier(self).hashValue) & 0xffff)"
    }
}
