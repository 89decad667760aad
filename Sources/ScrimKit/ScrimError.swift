/// An error out of Lua as a host sees it: the message (`file:line: text` when Lua placed it) and the Lua traceback
/// (empty when there is none, as for running out of memory).
public struct ScrimError: Error, CustomStringConvertible {
    public var message: String
    public var traceback: String

    public init(message: String, traceback: String = "") {
        self.message = message
        self.traceback = traceback
    }

    public var description: String { traceback.isEmpty ? message : message + "\n" + traceback }
}
