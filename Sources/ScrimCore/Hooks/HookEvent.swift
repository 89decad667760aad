/// One emission of a hook event, shared by all its handlers.
public final class HookEvent {
    /// The event name, e.g. `popup.didShow`.
    @exclusivity(unchecked) public private(set) var name: String
    /// The object the event is about, if any (the view of an animation event, the popup of a popup event).
    @exclusivity(unchecked) public private(set) var target: AnyObject?
    /// The event's fields (docs/API.md §8 lists them per event).
    @exclusivity(unchecked) public private(set) var fields: [String: HookValue]
    /// Whether handlers may cancel it (the ✗ events).
    @exclusivity(unchecked) public private(set) var isCancellable: Bool
    /// Whether a handler called `cancel()` on a cancellable event.
    @exclusivity(unchecked) public private(set) var isCancelled = false

    public init(name: String, target: AnyObject? = nil, fields: [String: HookValue] = [:], cancellable: Bool = false) {
        self.name = name
        self.target = target
        self.fields = fields
        self.isCancellable = cancellable
    }

    // A channel reuses an event nobody kept, to spare an allocation per emission.
    func reuse(target: AnyObject?, fields: [String: HookValue], cancellable: Bool) {
        self.target = target
        self.fields = fields
        isCancellable = cancellable
        isCancelled = false
    }

    func release() {
        target = nil
        fields = [:]
    }

    /// The field called `key`, or nil.
    public subscript(key: String) -> HookValue? { fields[key] }

    /// Asks the emitter not to go on; returns whether that took effect (false for events that cannot be cancelled).
    /// The remaining handlers still run.
    @discardableResult
    public func cancel() -> Bool {
        guard isCancellable else { return false }
        isCancelled = true
        return true
    }
}
