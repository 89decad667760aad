import CLua
import ScrimCore

/// docs/API.md §3: `scrim.animate` and the Animation it returns.
enum AnimationBinding {
    static let luaClass = LuaClass<Animation>("Animation")
        .readonly("duration") { $0.duration }
        .readonly("delay") { $0.delay }
        .readonly("isRunning") { $0.isRunning }
        .readonly("finished") { $0.finished }
        .readonly("views") { $0.views }
        .action("cancel") { animation, _ in animation.cancel() }
        .description { $0.description }

    /// The fields `scrim.animate{…}` takes; any other raises.
    static let optionNames = ["duration", "delay", "curve", "spring", "allowUserInteraction", "beginFromCurrentState",
                              "animations", "completion"]

    /// `scrim.animate(duration, animations [, completion])` or `scrim.animate{ duration=, … }`.
    static let animate = HostFunction("animate") { call in
        var duration = 0.0, delay = 0.0
        var curve = TimingCurve.easeInOut
        var spring: Spring?
        var options: AnimationOptions = []
        let animations: LuaRef
        var completion: LuaRef?
        if call.type(1) == LUA_TTABLE {
            let index: Int32 = 1
            try call.checkOptions(index, options: optionNames)
            duration = try call.tableDuration(index, "duration") ?? { throw call.argumentError(index, "field 'duration' is required (seconds)") }()
            delay = try call.tableDuration(index, "delay") ?? 0
            curve = try call.field(index, "curve") { try call.curve($0) } ?? curve
            spring = try call.field(index, "spring") { try call.spring($0) }
            if try call.field(index, "allowUserInteraction") == true { options.insert(.allowUserInteraction) }
            if try call.field(index, "beginFromCurrentState") == true { options.insert(.beginFromCurrentState) }
            animations = try call.fieldValue(index, "animations") { try call.function($0) }
            completion = try call.field(index, "completion") { try call.function($0) }
        } else {
            duration = try call.duration(1)
            animations = try call.function(2)
            completion = try call.optionalFunction(3)
        }
        let state = call.state
        weak let weakState = state
        let animation = try call.runtime.core.animate(
            duration: duration, delay: delay, curve: curve, spring: spring, options: options,
            animations: { try state.call(animations) },
            completion: completion.map { completion in { finished in try weakState?.call(completion, [finished]) } })
        return call.push(animation)
    }
}

extension LuaCall {
    /// `"easeInOut"`, `"easeIn"`, `"easeOut"`, `"linear"` or `{x1, y1, x2, y2}`.
    func curve(_ index: Int32) throws -> TimingCurve {
        if type(index) == LUA_TSTRING {
            let name = state.string(at: index)
            guard let curve = TimingCurve(named: name) else {
                throw argumentError(index, "unknown curve '\(name)' (easeInOut, easeIn, easeOut, linear or {x1, y1, x2, y2})")
            }
            return curve
        }
        guard type(index) == LUA_TTABLE,
              let x1 = try numberField(index, "x1", position: 1), let y1 = try numberField(index, "y1", position: 2),
              let x2 = try numberField(index, "x2", position: 3), let y2 = try numberField(index, "y2", position: 4)
        else { throw argumentError(index, "curve expected: a name or {x1, y1, x2, y2}") }
        guard (0...1).contains(x1), (0...1).contains(x2) else {
            throw argumentError(index, "curve control points need x1 and x2 within 0…1")
        }
        return TimingCurve(x1: x1, y1: y1, x2: x2, y2: y2)
    }

    /// `{damping=0…1, velocity=number}`.
    func spring(_ index: Int32) throws -> Spring {
        if type(index) == LUA_TTABLE { try checkKeys(index, allowed: ["damping", "velocity"]) }
        guard type(index) == LUA_TTABLE, let damping = try numberField(index, "damping") else {
            throw argumentError(index, "spring expected: {damping=0…1, velocity=number}")
        }
        guard damping > 0, damping <= 1 else { throw argumentError(index, "spring damping must be within (0, 1]") }
        return Spring(damping: damping, velocity: try numberField(index, "velocity") ?? 0)
    }
}
