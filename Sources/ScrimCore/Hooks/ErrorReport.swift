/// An error that knows where it came from; the Lua bridge's errors carry the script position and traceback.
public protocol ReportableError: Error {
    /// The message without position or traceback.
    var message: String { get }
    /// Where it came from (a plugin, `file:line`), if known.
    var source: String? { get }
    /// The Lua traceback (`stack traceback:` and its lines) from where it was raised, if any.
    var stackTraceback: String? { get }
}

extension ReportableError {
    /// None unless the error says.
    public var source: String? { nil }
    /// None unless the error says.
    public var stackTraceback: String? { nil }
}

/// A reported error as the `error` event and the error sink see it.
public struct ErrorReport: CustomStringConvertible {
    /// What was running, e.g. `hook handler for "popup.didShow"` or `timer due at 2 s`.
    public let context: String
    /// The error's text (`ReportableError.message`, else its description).
    public let message: String
    /// Where it came from, if the error says (`ReportableError.source`).
    public let source: String?
    /// Its traceback, if the error carries one.
    public let traceback: String?
    /// The error as thrown.
    public let error: Error

    public init(error: Error, context: String) {
        self.error = error
        self.context = context
        message = ErrorReport.message(of: error)
        source = (error as? ReportableError)?.source
        traceback = (error as? ReportableError)?.stackTraceback
    }

    /// The text of any error: `ReportableError.message`, else its description.
    public static func message(of error: Error) -> String {
        if let reportable = error as? ReportableError { return reportable.message }
        return String(describing: error)
    }

    /// `error in <context>: <message> (<source>)`, then the traceback on the following lines.
    public var description: String {
        var text = "error in \(context): \(message)"
        if let source { text += " (\(source))" }
        if let traceback { text += "\n\(traceback)" }
        return text
    }
}
