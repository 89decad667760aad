import CLua
import ScrimCore

/// Wraps each protected call from Swift into Lua: gets what is called and the call itself (which returns Lua's
/// status), runs it once and returns its status. `scrim run --trace` times callbacks with it.
public typealias LuaCallObserver = (_ callee: LuaCallee, _ call: () -> Int32) -> Int32

/// What a protected call from Swift runs, as a `LuaCallObserver` sees it.
public struct LuaCallee: Equatable {
    /// The method's name (`animateTransition`), `hook <event>` for a hook handler, `main chunk`, or `function`.
    public var name: String
    /// Where the function is defined, `file:line` (`file` alone for a main chunk); nil for a C function.
    public var source: String?

    public init(name: String, source: String?) {
        self.name = name
        self.source = source
    }
}

extension LuaState {
    /// The one measuring point of calls into Lua: runs `call` under the observer if there is one.
    @inline(__always)
    func observing(_ callee: @autoclosure () -> LuaCallee, _ call: () -> Int32) -> Int32 {
        guard let observer = callObserver else { return call() }
        return observer(callee(), call)
    }

    /// The callee of a call about to be made: the function at `index` (its arguments above it), called `name` if
    /// known; or with `method`, the method of that name of the value at `index`. Leaves the stack as it was.
    func callee(at index: Int32, method: String? = nil, name known: String? = nil) -> LuaCallee {
        let index = lua_absindex(L, index)
        return keepingTop { _ in
            lua_checkstack(L, 3)
            if let method {
                lua_pushvalue(L, index)
                guard scrim_pgetfield(L, -1, method) == LUA_OK else { return LuaCallee(name: method, source: nil) }
                return LuaCallee(name: method, source: functionSource(at: -1))
            }
            let name = known ?? "function"
            guard let (what, source) = functionInfo(at: index) else { return LuaCallee(name: name, source: nil) }
            return LuaCallee(name: what == "main" ? "main chunk" : name, source: source)
        }
    }

    /// `file:line` where the Lua function at `index` is defined; nil for anything else.
    private func functionSource(at index: Int32) -> String? { functionInfo(at: index)?.source }

    /// What kind of Lua function is at `index` (`Lua` or `main`) and where it is defined (`file:line`, or `file`
    /// for a main chunk); nil for a C function or anything else.
    private func functionInfo(at index: Int32) -> (what: String, source: String)? {
        guard lua_type(L, index) == LUA_TFUNCTION else { return nil }
        var ar = lua_Debug()
        lua_pushvalue(L, index)
        guard lua_getinfo(L, ">S", &ar) != 0, let cWhat = ar.what else { return nil }
        let what = String(cString: cWhat)
        guard what != "C" else { return nil }
        let file = chunkName(&ar)
        return (what, what == "main" ? file : "\(file):\(ar.linedefined)")
    }

    /// The chunk's name in full (a file's whole path, which `short_src` would shorten), or `short_src` for a chunk
    /// of source text (`[string "…"]`).
    private func chunkName(_ ar: inout lua_Debug) -> String {
        if let source = ar.source, source.pointee == 64 /* @ */ || source.pointee == 61 /* = */ {
            return String(cString: source + 1)
        }
        return withUnsafeBytes(of: &ar.short_src) { raw in
            String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
        }
    }
}
