/// An unknown of a linear system; the solver writes its solved `value` in `updateVariables()`.
///
/// Identity matters: two variables with the same name are still two unknowns.
public final class Variable: CustomStringConvertible {
    /// The last solved value (0 until solved).
    @exclusivity(unchecked) public var value: Double
    /// An opaque pointer for the solver's client (kiwi's variable context): a layout engine keeps the object whose
    /// geometry the variable is part of here, so that a changed value leads to it without a lookup. The solver never
    /// reads it, and it holds no reference: whoever sets it keeps the object alive and clears it when the object goes.
    @exclusivity(unchecked) public var context: UnsafeMutableRawPointer?
    /// A label for diagnostics (`"x"`); the solver never reads it. (After the fields every solve reads, which share
    /// the object's first cache line.)
    public var name: String

    /// Creates an unknown named `name`, starting at `value`.
    public init(_ name: String = "", value: Double = 0) {
        self.name = name
        self.value = value
    }

    /// The name, or `v` and a number drawn from the variable's identity when it has none.
    public var description: String {
        name.isEmpty ? "v\(UInt(bitPattern: ObjectIdentifier(self).hashValue) & 0xffff)" : name
    }
}
