/// One emission of a hook event, shared by all its handlers.
public final class HookEvent {
    // Stored privately, read through the getters below: a direct access to a stored property from another module is
    // checked for exclusivity at run time even when the storage is `@exclusivity(unchecked)` (four checks were a
    // fifth of a Swift → Lua hook dispatch).
    @exclusivity(unchecked) private var storedName: String
    @exclusivity(unchecked) private var storedTarget: AnyObject?
    @exclusivity(unchecked) private var storedFields: [String: HookValue]
    @exclusivity(unchecked) private var storedCancellable: Bool
    @exclusivity(unchecked) private var storedCancelled = false

    /// The event name, e.g. `popup.didShow`.
    public var name: String { storedName }
    /// The object the event is about, if any (the view of an animation event, the popup of a popup event).
    public var target: AnyObject? { storedTarget }
    /// The event's fields (docs/API.md §8 lists them per event).
    public var fields: [String: HookValue] { storedFields }
    /// Whether handlers may cancel it (the ✗ events).
    public var isCancellable: Bool { storedCancellable }
    /// Whether a handler called `cancel()` on a cancellable event.
    public var isCancelled: Bool { storedCancelled }

    public init(name: String, target: AnyObject? = nil, fields: [String: HookValue] = [:], cancellable: Bool = false) {
        storedName = name
        storedTarget = target
        storedFields = fields
        storedCancellable = cancellable
    }

    // A channel reuses an event nobody kept, to spare an allocation per emission.
    func reuse(target: AnyObject?, fields: [String: HookValue], cancellable: Bool) {
        storedTarget = target
        storedFields = fields
        storedCancellable = cancellable
        storedCancelled = false
    }

    func release() {
        storedTarget = nil
        storedFields = [:]
    }

    /// The field called `key`, or nil.
    public subscript(key: String) -> HookValue? { storedFields[key] }

    /// Asks the emitter not to go on; returns whether that took effect (false for events that cannot be cancelled).
    /// The remaining handlers still run.
    @discardableResult
    public func cancel() -> Bool {
        guard storedCancellable else { return false }
        storedCancelled = true
        return true
    }
}
