/// The handlers of one event name, in dispatch order; `HookBus.channel(_:)` hands it out so hot emitters skip the
/// name lookup (`bus.emit(channel, …)`).
public final class HookChannel {
    /// The event name.
    public let name: String
    // Dispatch reads these on every emission; they are only touched on the main thread, so skip the runtime's
    // dynamic exclusivity bookkeeping (a quarter of an emission's cost).
    @exclusivity(unchecked) private(set) var hooks: [Hook] = []
    @exclusivity(unchecked) private var spareEvent: HookEvent?

    /// The bus it belongs to, told of changes (`HookBus.channelDidChange`); weak: an emitter may keep the channel.
    private weak var bus: HookBus?

    init(name: String, bus: HookBus) {
        self.name = name
        self.bus = bus
    }

    /// The handlers in dispatch order.
    public var handlers: [Hook] { hooks }

    /// Whether any handler is registered.
    public var hasHandlers: Bool { !hooks.isEmpty }

    /// An event to dispatch: the one left by the last emission if nobody kept it, else a new one.
    func makeEvent(target: AnyObject?, fields: [String: HookValue], cancellable: Bool) -> HookEvent {
        guard let spare = spareEvent else {
            return HookEvent(name: name, target: target, fields: fields, cancellable: cancellable)
        }
        spareEvent = nil
        spare.reuse(target: target, fields: fields, cancellable: cancellable)
        return spare
    }

    /// Takes back an event after dispatch if no handler kept a reference to it.
    func recycle(_ event: inout HookEvent) {
        guard isKnownUniquelyReferenced(&event) else { return }
        event.release()
        spareEvent = event
    }

    func add(_ hook: Hook) {
        // After every hook of higher or equal priority: higher first, equal in registration order.
        var index = hooks.count
        while index > 0 && hooks[index - 1].priority < hook.priority { index -= 1 }
        hooks.insert(hook, at: index)
    }

    func remove(_ hook: Hook) {
        if let index = hooks.firstIndex(where: { $0 === hook }) { hooks.remove(at: index) }
    }

    func changed(removing hook: Hook) {
        bus?.channelDidChange?(self, hook)
    }

    func removeAll() {
        for hook in hooks { hook.detach() }
        hooks = []
    }
}
