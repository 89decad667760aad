/// The event bus of a runtime (docs/API.md §8): named events, prioritised handlers, cancellation, error isolation.
///
/// Dispatch works on the handler list as it was when the emission began: a handler added during an emission first
/// runs on the next one; a handler removed during an emission is skipped if it has not run yet. A `once` handler is
/// removed before it runs, so a nested emission of the same event does not run it again.
public final class HookBus {
    @exclusivity(unchecked) private var channels: [String: HookChannel] = [:]
    private var reportingError = false

    /// Receives every reported error, after the `error` event; writes it to standard error by default.
    public var errorSink: (ErrorReport) -> Void = { report in
        writeToStandardError("scrim: \(report)\n")
    }

    /// Told after a handler is added to or removed from a channel (`removed`: the one that went, now inactive), so a
    /// bridge that keeps its own copy of a channel's handlers (the Lua side of `scrim.emit`) stays in step.
    public var channelDidChange: ((_ channel: HookChannel, _ removed: Hook?) -> Void)?

    public init() {}

    deinit {
        for channel in channels.values { channel.removeAll() }
    }

    /// Registers `handler` for `event` and returns the Hook that `remove()`s it.
    @discardableResult
    public func on(_ event: String, priority: Int = 0, once: Bool = false, group: String? = nil, tag: AnyObject? = nil,
                   handler: @escaping (HookEvent) throws -> Void) -> Hook {
        let channel = channel(event)
        let hook = Hook(event: event, priority: priority, once: once, group: group, tag: tag, channel: channel,
                        handler: handler)
        channel.add(hook)
        channelDidChange?(channel, nil)
        return hook
    }

    /// Removes every handler registered with `group`; returns how many.
    @discardableResult
    public func off(group: String) -> Int {
        var removed = 0
        for channel in channels.values {
            for hook in channel.hooks where hook.group == group {
                hook.remove()
                removed += 1
            }
        }
        return removed
    }

    /// Whether `event` has any handler; lets emitters skip building fields.
    public func hasHandlers(_ event: String) -> Bool {
        channels[event]?.hasHandlers ?? false
    }

    /// The channel of `event`, made on first use; kept while it has handlers or someone else holds it (an emitter
    /// that skips the name lookup).
    public func channel(_ event: String) -> HookChannel {
        if let channel = channels[event] { return channel }
        if channels.count >= pruneAt { pruneEmptyChannels() }
        let channel = HookChannel(name: event, bus: self)
        channels[event] = channel
        return channel
    }

    /// Drops the channels without handlers that only the bus holds, so that handlers of ever new event names,
    /// each removed with `off` or `remove()`, leave nothing behind; run when the channel count doubles (amortized
    /// O(1) a new channel).
    private func pruneEmptyChannels() {
        for name in Array(channels.keys) where channels[name]?.hasHandlers == false {
            // Taken out to ask whether only the bus holds it; put back when someone else does too.
            guard var channel = channels.removeValue(forKey: name) else { continue }
            if !isKnownUniquelyReferenced(&channel) { channels[name] = channel }
        }
        pruneAt = max(HookBus.minimumPruneCount, channels.count * 2)
    }

    /// How many channels the bus holds now (for tests of the pruning).
    var channelCount: Int { channels.count }

    private static let minimumPruneCount = 64
    private var pruneAt = HookBus.minimumPruneCount

    /// The handlers of `event`, in dispatch order.
    public func handlers(of event: String) -> [Hook] {
        channels[event]?.hooks ?? []
    }

    /// Runs the handlers of `name` and returns false if one of them cancelled the event (only a `cancellable`
    /// event can be cancelled). `fields` is only evaluated if there is a handler.
    @discardableResult
    public func emit(_ name: String, target: AnyObject? = nil,
                     fields: @autoclosure () -> [String: HookValue] = [:], cancellable: Bool = false) -> Bool {
        guard let channel = channels[name], channel.hasHandlers else { return true }
        return dispatch(channel, target: target, fields: fields(), cancellable: cancellable)
    }

    /// `emit` to a channel from `channel(_:)`, skipping the name lookup.
    @discardableResult
    public func emit(_ channel: HookChannel, target: AnyObject? = nil,
                     fields: @autoclosure () -> [String: HookValue] = [:], cancellable: Bool = false) -> Bool {
        guard channel.hasHandlers else { return true }
        return dispatch(channel, target: target, fields: fields(), cancellable: cancellable)
    }

    private func dispatch(_ channel: HookChannel, target: AnyObject?, fields: [String: HookValue],
                          cancellable: Bool) -> Bool {
        var event = channel.makeEvent(target: target, fields: fields, cancellable: cancellable)
        // The list as it was when the emission began; it keeps every hook alive until the end, so each is borrowed.
        let hooks = channel.hooks
        for index in hooks.indices {
            Unmanaged.passUnretained(hooks[index])._withUnsafeGuaranteedRef { hook in
                guard hook.isActive else { return }
                if hook.once { hook.remove() }
                do {
                    try hook.handler(event)
                } catch {
                    report(error, context: "hook handler for \"\(event.name)\"")
                }
            }
        }
        let notCancelled = !event.isCancelled
        channel.recycle(&event)
        return notCancelled
    }

    /// Reports `error` (`context` says what was running): emits the `error` event with `message`, `traceback`,
    /// `source` and `context`, then hands it to `errorSink`. An error thrown by an `error` handler goes to the sink
    /// only, so a failing error handler cannot recurse.
    public func report(_ error: Error, context: String) {
        let report = ErrorReport(error: error, context: context)
        if !reportingError, hasHandlers("error") {
            reportingError = true
            defer { reportingError = false }
            emit("error", fields: [
                "message": .string(report.message),
                "traceback": report.traceback.map(HookValue.string) ?? .null,
                "source": report.source.map(HookValue.string) ?? .null,
                "context": .string(context),
            ])
        }
        errorSink(report)
    }
}
