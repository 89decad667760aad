/// A place in a spec as busted's reports give it (its `trace` tables: `debug.getinfo`'s fields of the spec's frame,
/// the traceback from there, and a message): where a test was declared, or where it failed.
public struct SourceTrace: Equatable, Sendable {
    /// busted's `trace.message`: the error's text; the value luassert and `pending` raise, a table holding it; or
    /// a table the spec raised, as JSON text.
    public enum Message: Equatable, Sendable {
        case text(String)
        case wrapped(String)
        case json(String)
    }

    /// The chunk name (`@spec/menu_spec.lua`).
    public var source: String
    /// The chunk name as Lua shows it (`spec/menu_spec.lua`).
    public var shortSource: String
    public var line: Int
    /// The first and last lines of the function the place is in (0 for a main chunk).
    public var lineDefined: Int
    public var lastLineDefined: Int
    /// `Lua` or `main`.
    public var what: String
    /// The spec's frames from the place outwards.
    public var traceback: String
    public var message: Message?

    public init(source: String, shortSource: String, line: Int, lineDefined: Int, lastLineDefined: Int, what: String,
                traceback: String, message: Message? = nil) {
        self.source = source
        self.shortSource = shortSource
        self.line = line
        self.lineDefined = lineDefined
        self.lastLineDefined = lastLineDefined
        self.what = what
        self.traceback = traceback
        self.message = message
    }
}
