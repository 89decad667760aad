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
    /// What the handler stands for, for a bridge that can run it without going through `handler` (a script's Lua
    /// function, which `scrim.emit` calls from Lua directly); nil for Swift handlers.
    public let tag: AnyObject?
    let handler: (HookEvent) throws -> Void
    // Strong: the bus breaks the channel ↔ hook cycle when a hook is removed or the bus goes away.
    @exclusivity(unchecked) var channel: HookChannel?

    init(event: String, priority: Int, once: Bool, group: String?, tag: AnyObject?, channel: HookChannel,
         handler: @escaping (HookEvent) throws -> Void) {
        self.event = event
        self.priority = priority
        self.once = once
        self.group = group
        self.tag = tag
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
        channel?.changed(removing: self)
    }

    func detach() {
        isActive = false
        channel = nil
    }
}
