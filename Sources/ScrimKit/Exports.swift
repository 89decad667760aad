import ScrimCore
import ScrimLua

// The names of ScrimKit's surface that are declared in the modules below it, so that a host needs only
// `import ScrimKit`.
public typealias Screen = ScrimCore.Screen
public typealias Seconds = ScrimCore.Seconds
public typealias HookEvent = ScrimCore.HookEvent
public typealias HookValue = ScrimCore.HookValue
public typealias Hook = ScrimCore.Hook
public typealias ScriptProtocol = ScrimLua.ScriptProtocol
public typealias ScriptMember = ScrimLua.ScriptMember
public typealias ScriptAdapter = ScrimLua.ScriptAdapter
