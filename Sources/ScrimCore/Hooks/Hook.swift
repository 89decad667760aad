/// A handler registered with `HookBus.on`; `remove()` unregisters it.
public final class Hook {
    /// The event it handles.
    public let event: String
    /// Higher runs first; equal priorities run in registration order.
    public let priority: Int
    /// Whether it removes itself before its first run.
    public let once: Bool
    /// The group `HookBus.off(group:)` removes it with.
    public let group: String?
    let handler: (HookEvent) throws -> Void
    // Strong: the bus breaks the channel ↔ hook cycle when a hook is removed or the bus goes away.
    @exclusivity(unchecked) var channel: HookChannel?

    init(event: String, priority: Int, once: Bool, group: String?, channel: HookChannel,
         handler: @escaping (HookEvent) throws -> Void) {
        self.event = event
        self.priority = priority
        self.once = once
        self.group = group
        self.channel = channel
        self.handler = handler
    }

    /// Whether it is still registered.
    @exclusivity(unchecked) public private(set) var isActive = true

    /// Unregisters it; an emission in progress that has not reached it yet skips it. Idempotent.
    public func remove() {
        guard isActive else { return }
        let channel = self.channel
        detach()
        channel?.remove(self)
    }

    func detach() {
        isActive = false
        channel = nil
    }
}
