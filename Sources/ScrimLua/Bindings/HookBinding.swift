import CLua
import ScrimCore

/// docs/API.md §8: `scrim.on`, `scrim.off`, `scrim.emit`, the Hook handle, and the event a handler sees.
enum HookBinding {
    static let hookClass = LuaClass<Hook>("Hook")
        .readonly("event") { $0.event }
        .readonly("priority") { $0.priority }
        .readonly("once") { $0.once }
        .readonly("group") { $0.group }
        .readonly("isActive") { $0.isActive }
        .action("remove") { hook, _ in hook.remove() }
        .description { "Hook(\($0.event))" }

    /// `ev:cancel()`: the event under way whose table it is, found among the dispatch frames of its state (Swift's and
    /// emit.c's alike), so a kept table cannot reach an event that is over (or recycled).
    static let cancel = HostFunction("cancel", kind: .method) { call in
        guard call.type(1) == LUA_TTABLE else { throw call.typeError(1, expected: "event") }
        var name: UnsafePointer<CChar>?
        switch scrim_canceldispatch(call.L, 1, &name) {
        case 1:
            lua_settop(call.L, 1)
            lua_pushboolean(call.L, 1)
            lua_setfield(call.L, 1, "isCancelled")
            return call.push(true)
        case 0: throw ScriptError("event '\(name.map { String(cString: $0) } ?? "")' cannot be cancelled")
        default: throw ScriptError("the event is over: cancel it from its handler")
        }
    }

    static let on = HostFunction("on") { call in
        let name = try call.string(1)
        let function = try call.function(2)
        var once = false, priority = 0
        var group: String?
        if !call.isNil(3) {
            guard call.type(3) == LUA_TTABLE else { throw call.typeError(3, expected: "table") }
            try call.checkOptions(3, options: ["once", "priority", "group"])
            once = try call.field(3, "once") ?? false
            if let value: Double = try call.field(3, "priority") {
                guard value == value.rounded(), abs(value) < 1e15 else { throw call.argumentError(3, "field 'priority': integer expected") }
                priority = Int(value)
            }
            group = try call.field(3, "group")
        }
        if let warning = EventNames.warning(forSubscriptionTo: name) {
            call.runtime.warn(warning, at: call)
        }
        // Through the state's handle, which tells whether the state is still open, rather than a weak reference:
        // that would make every retain of the state take the slow path.
        let handle = call.state.handle
        let bus = call.runtime.core.hooks
        if bus.channelDidChange == nil { follow(bus, in: call.state) }
        [function].push(call.state)
        let tag = LuaHandler(handle: handle, cell: call.state.popRef())
        call.state.pushString(name)
        let nameRef = call.state.popRef()
        let hook = bus.on(name, priority: priority, once: once, group: group, tag: tag) { event in
            guard let L = handle.L else { return }
            try Unmanaged<LuaState>.fromOpaque(scrim_limits(L).pointee.host)._withUnsafeGuaranteedRef {
                try $0.callHandler(function, event, name: nameRef)
            }
        }
        return call.push(hook)
    }

    static let off = HostFunction("off") { call in call.push(call.runtime.core.hooks.off(group: try call.string(1))) }

    static let emit = HostFunction("emit") { call in
        let name = try call.string(1)
        var fields: [String: HookValue] = [:]
        var target: AnyObject?
        if !call.isNil(2) {
            guard call.type(2) == LUA_TTABLE else { throw call.typeError(2, expected: "table") }
            guard case .record(let record) = try HookValue.pull(call, 2) else {
                throw call.argumentError(2, "fields must be a table with string keys")
            }
            fields = record
            if let value = fields.removeValue(forKey: "target") {
                // Any value may be the target (a name, an id), kept as the Lua value it is.
                if case .object(let object) = value {
                    target = object
                } else {
                    _ = scrim_rawgetfield(call.L, 2, "target")
                    target = LuaHookValue(call.state.ref(at: -1))
                    lua_settop(call.L, -2)
                }
            }
        }
        let cancellable = call.isNil(3) ? true : try call.boolean(3)
        let delivered = bus(of: call)._withUnsafeGuaranteedRef {
            rebuildIfStale(name, $0, in: call.state)
            return $0.emit(name, target: target, fields: fields, cancellable: cancellable)
        }
        lua_pushboolean(call.L, delivered ? 1 : 0)
        return 1
    }

    /// A script's handler as the hook bus holds it (its `tag`): the cell `{fn}` through which `scrim.emit` from Lua
    /// calls it (emptied once the hook is removed; see Sources/CLua/emit.c).
    final class LuaHandler {
        let handle: StateHandle
        let cell: LuaRef

        init(handle: StateHandle, cell: LuaRef) {
            self.handle = handle
            self.cell = cell
        }
    }

    /// Registry key of the table of handler lists `scrim.emit`'s C side shares with Swift (emit.c says what it holds).
    static let listsKey = RegistryKey()

    /// Pushes `scrim.emit`: the C function that dispatches to Lua handlers itself and leaves the rest to `emit`.
    /// False, with nothing pushed, if it could not be made (the event metatable did not load: memory ran out).
    static func pushEmit(_ state: LuaState) -> Bool {
        let L = state.L
        let top = lua_gettop(L)
        lua_checkstack(L, 8)
        state.push(report)
        state.pushRegistryTable(listsKey)
        do { try state.pushEventMetatable() } catch {
            lua_settop(L, top)
            return false
        }
        scrim_pushemit(L, Unmanaged.passUnretained(emit).toOpaque())
        return true
    }

    /// `report(name, message)`: an error of a handler `scrim.emit` ran from C, reported as the bus reports one.
    static let report = HostFunction("report") { call in
        let name = try call.string(1)
        lua_settop(call.L, 2)
        let error = call.state.popError()
        bus(of: call)._withUnsafeGuaranteedRef { $0.report(error, context: "hook handler for \"\(name)\"") }
        return 0
    }

    /// Keeps the lists `scrim.emit` dispatches from in step with the bus (see `publish`).
    private static func follow(_ bus: HookBus, in state: LuaState) {
        let handle = state.handle
        bus.channelDidChange = { channel, removed in
            guard let L = handle.L else { return }
            Unmanaged<LuaState>.fromOpaque(scrim_limits(L).pointee.host)._withUnsafeGuaranteedRef {
                publish(channel, removed: removed, in: $0)
            }
        }
    }

    /// A change to a channel: a removed handler's cell is emptied at once (an emission under way skips it); the list
    /// is only marked stale (`false`), rebuilt by the next emission from Lua, so n registrations cost O(n). An event
    /// without handlers has no entry, so names used once leave nothing.
    private static func publish(_ channel: HookChannel, removed: Hook?, in state: LuaState) {
        state.keepingTop { _ in
            let L = state.L
            lua_checkstack(L, 6)
            if let handler = removed?.tag as? LuaHandler, handler.cell.push(L) == LUA_TTABLE {
                lua_pushboolean(L, 0)
                lua_rawseti(L, -2, 1)
            }
            state.pushRegistryTable(listsKey)
            state.pushString(channel.name)
            if channel.handlers.isEmpty { lua_pushnil(L) } else { lua_pushboolean(L, 0) }
            lua_rawset(L, -3)
        }
    }

    /// Rebuilds a stale channel's list before an emission the C side left to Swift: a list (so the next emission runs
    /// from C) when every handler is a plain script handler of this state, not `once`; no entry otherwise.
    private static func rebuildIfStale(_ name: String, _ bus: HookBus, in state: LuaState) {
        state.keepingTop { _ in
            let L = state.L
            lua_checkstack(L, 6)
            state.pushRegistryTable(listsKey)
            state.pushString(name)
            guard lua_rawget(L, -2) == LUA_TBOOLEAN else { return }
            state.pushString(name)
            let channel = bus.channel(name)
            let cells = channel.handlers.compactMap { hook in
                hook.once ? nil : (hook.tag as? LuaHandler).flatMap { $0.handle === state.handle ? $0.cell : nil }
            }
            if !cells.isEmpty, cells.count == channel.handlers.count {
                cells.push(state)
            } else {
                lua_pushnil(L)
            }
            lua_rawset(L, -4)
        }
    }

    /// The state's hook bus as a light pointer: it lives as long as the runtime, which closes the state before it goes.
    private static let busKey = RegistryKey()

    /// The runtime's hook bus, borrowed (an emission from Lua is hot; the runtime is reached only the first time).
    private static func bus(of call: LuaCall) -> Unmanaged<HookBus> {
        let L = call.L
        defer { lua_settop(L, -2) }
        if lua_rawgetp(L, scrim_registryindex(), busKey.address) == LUA_TLIGHTUSERDATA, let pointer = lua_touserdata(L, -1) {
            return Unmanaged<HookBus>.fromOpaque(pointer)
        }
        let bus = Unmanaged.passUnretained(call.runtime.core.hooks)
        lua_pushlightuserdata(L, bus.toOpaque())
        lua_rawsetp(L, scrim_registryindex(), busKey.address)
        return bus
    }
}

/// A Lua value kept as such inside an event (tables, functions): pushed back as the same value.
final class LuaHookValue {
    let ref: LuaRef
    init(_ ref: LuaRef) { self.ref = ref }
}

extension HookValue {
    /// A Lua value as an event field: objects stay objects, sequences become lists, other tables records
    /// (nested tables that are neither are kept as Lua values).
    static func pull(_ call: LuaCall, _ index: Int32, depth: Int = 0) throws -> HookValue {
        let L = call.L
        let index = lua_absindex(L, index)
        switch call.type(index) {
        case LUA_TNIL, LUA_TNONE: return .null
        case LUA_TBOOLEAN: return .bool(lua_toboolean(L, index) != 0)
        case LUA_TNUMBER: return .number(scrim_tonumber(L, index))
        case LUA_TSTRING:
            // Bytes that are not UTF-8 stay the Lua string they are: a Swift String would replace them.
            var length = 0
            guard let chars = lua_tolstring(L, index, &length) else { return .null }
            if let text = String(validating: UnsafeRawBufferPointer(start: chars, count: length), as: UTF8.self) {
                if length >= 4096 { scrim_pulled(call.state.limits, length) }
                return .string(text)
            }
            return .object(LuaHookValue(call.state.ref(at: index)))
        case LUA_TTABLE where depth == 0:
            var record: [String: HookValue] = [:]
            lua_pushnil(L)
            while lua_next(L, index) != 0 {
                guard lua_type(L, -2) == LUA_TSTRING else {
                    lua_settop(L, -3)
                    throw call.argumentError(index, "event fields need string keys")
                }
                let key = call.state.string(at: -2)
                record[key] = try pull(call, -1, depth: depth + 1)
                lua_settop(L, -2)
            }
            return .record(record)
        default:
            if let object = call.state.object(at: index) { return .object(object) }
            return .object(LuaHookValue(call.state.ref(at: index)))
        }
    }
}

extension HookValue: LuaPushable {
    public func push(_ state: LuaState) {
        let L = state.L
        lua_checkstack(L, 3)
        switch self {
        case .null: lua_pushnil(L)
        case .bool(let value): lua_pushboolean(L, value ? 1 : 0)
        case .number(let value):
            // Counts and indices arrive as integers, as Lua code expects of them (`3`, not `3.0`).
            if value == value.rounded(), abs(value) < 9e15 { lua_pushinteger(L, lua_Integer(value)) } else { lua_pushnumber(L, value) }
        case .string(let value): state.pushString(value)
        case .object(let object): state.push(hookTarget: object)
        case .list(let values): values.push(state)
        case .record(let fields): LuaFields(fields.map { ($0.key, $0.value) }).push(state)
        }
    }
}

extension LuaState {
    /// Pushes an event's object: a Lua value kept by `scrim.emit` as itself, a Swift object as its userdata.
    func push(hookTarget object: AnyObject?) {
        guard let object else { return lua_pushnil(L) }
        // An exact class check first: this runs for every event, and most targets are Scrim objects.
        if type(of: object) == LuaHookValue.self { unsafeDowncast(object, to: LuaHookValue.self).ref.push(L) } else { push(any: object) }
    }
}

extension LuaState {
    /// Calls a hook handler with its event: the hot path of dispatch. The event is a plain table (no userdata, nothing
    /// to finalize per event) a handler may keep, made in C as `scrim.emit` makes its own (`scrim_pushhandlercall`:
    /// built here, its dozen stack operations and the target's lookup were a quarter of a dispatch's overhead).
    /// While the handler runs, a dispatch frame on this stack, linked from the state as emit.c links its own, pairs
    /// the table with the event for `ev:cancel()`, so a kept table cannot reach an event that is over. `name` is the
    /// event's name made once, when the handler was registered: a handler's channel is fixed.
    public func callHandler(_ function: LuaRef, _ event: HookEvent, name: LuaRef) throws {
        guard function.isValid else { return }
        let L = self.L
        if eventMetatable == 0 {
            try pushEventMetatable() // made once, kept in the registry
            lua_settop(L, -2)
        }
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        let fields = event.fields
        if !fields.isEmpty {
            lua_checkstack(L, 3) // the table, a key and its value (scrim_pushhandlercall checks for its own)
            lua_createtable(L, 0, Int32(fields.count))
            for (key, value) in fields {
                value.push(self)
                lua_setfield(L, -2, key)
            }
        }
        let target = event.target
        var frame = ScrimDispatch(event: nil, name: nil, state: 0, outer: limits.pointee.emitting)
        let placed = scrim_pushhandlercall(
            L, &frame, function.ref, name.ref, Int32(eventMetatable), Int32(objectCache),
            target.map { UnsafeRawPointer(Unmanaged.passUnretained($0).toOpaque()) }, Int32(fields.count),
            event.isCancellable ? 1 : 0)
        if placed == 0 {
            // A target without a userdata yet, or a Lua value emitted as one.
            push(hookTarget: target)
            lua_setfield(L, -2, "target")
        }
        try withUnsafeMutablePointer(to: &frame) { frame in
            limits.pointee.emitting = frame
            defer {
                limits.pointee.emitting = frame.pointee.outer
                if frame.pointee.state == 2 { event.cancel() }
            }
            try call(nargs: 1, nresults: 0, name: callObserver == nil ? nil : "hook \(event.name)")
        }
    }

    static let eventChunk = EmbeddedLua("event.lua", PackageResources.event_lua)

    func pushEventMetatable() throws {
        if eventMetatable != 0 { lua_rawgeti(L, scrim_registryindex(), eventMetatable); return }
        try load(LuaState.eventChunk)
        LuaFields([("__index", try call(popRef(), [HookBinding.cancel])), ("__name", "HookEvent")]).push(self)
        lua_pushvalue(L, -1)
        eventMetatable = lua_Integer(luaL_ref(L, scrim_registryindex()))
    }
}
