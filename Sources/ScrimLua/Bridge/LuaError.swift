import CLua

/// An error raised in Lua (or by Swift on Lua's behalf), as it reached Swift.
public struct LuaError: Error, CustomStringConvertible, Equatable {
    /// The message as Lua formats it, usually `chunk:line: text`.
    public var message: String
    /// `stack traceback:` and its lines, or empty when Lua gives none (memory errors).
    public var traceback: String

    public init(message: String, traceback: String = "") {
        self.message = message
        self.traceback = traceback
    }

    /// Splits what the C message handler built ("message\nstack traceback:\n…").
    init(handled text: String) {
        if let range = text.firstRange(of: "\nstack traceback:\n") {
            message = String(text[..<range.lowerBound])
            traceback = String(text[text.index(after: range.lowerBound)...])
        } else {
            message = text
            traceback = ""
        }
    }

    /// The `file:line` the message starts with, if it does.
    public var location: (file: String, line: Int)? {
        // Chunk names may contain ':' (paths, "[string …]"), so take the first "…:<digits>:".
        var search = message.startIndex
        while let colon = message[search...].firstIndex(of: ":") {
            let afterColon = message.index(after: colon)
            let digits = message[afterColon...].prefix(while: { $0.isASCII && $0.isNumber })
            // A line number too long for an Int (a script can raise any text) is not one.
            if !digits.isEmpty, digits.endIndex < message.endIndex, message[digits.endIndex] == ":", let line = Int(digits) {
                return (String(message[..<colon]), line)
            }
            search = afterColon
        }
        return nil
    }

    public var description: String { message }
}

/// A Swift-side failure reported to Lua as an ordinary error at the caller's line.
public struct ScriptError: Error, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// A bad argument, not yet worded: the host function that raises it knows whether it is an
/// argument, a method's argument (numbered after `self`) or a property's value.
public struct ArgumentError: Error {
    public var index: Int32
    public var problem: String

    public init(index: Int32, problem: String) {
        self.index = index
        self.problem = problem
    }

    /// The message Lua users expect for `function`.
    public func message(for function: HostFunction) -> String {
        switch function.kind {
        case .setter:
            return "bad value for field '\(function.name)' (\(problem))"
        case .getter:
            return "bad field '\(function.name)' (\(problem))"
        case .method where index == 1:
            return "calling '\(function.name)' on bad self (\(problem))"
        case .method:
            return "bad argument #\(index - 1) to '\(function.name)' (\(problem))"
        case .function:
            return "bad argument #\(index) to '\(function.name)' (\(problem))"
        }
    }
}
