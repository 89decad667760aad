import CLua

extension LuaState {
    /// Runs `body` with the stack top it starts from, then puts the top back there however `body` exits: the one way
    /// Swift code leaves the stack as it found it.
    @inline(__always)
    public func keepingTop<T>(_ body: (_ top: Int32) throws -> T) rethrows -> T {
        let L = self.L
        let top = lua_gettop(L)
        defer {
            assert(lua_gettop(L) >= top, "stack popped below where it started (\(lua_gettop(L)) < \(top))")
            lua_settop(L, top)
        }
        return try body(top)
    }
}
