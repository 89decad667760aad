/// Tracebacks as lua5.4 shows a plain script's: Scrim's own Lua (`class.lua`, …), the C functions only it called and
/// tail calls into it are left out; a Scrim function written in Lua shows as `[C]: in function 'scrim.class'`.
/// `--trace-internals` keeps everything.
public enum UserTraceback {
    /// `text` (a message, a report) with each traceback in it filtered; a traceback with no frame left goes.
    public static func filteringTracebacks(in text: String) -> String {
        guard text.contains("stack traceback:") else { return text }
        var out: [String] = []
        var block: [String]?
        func close() {
            guard let frames = block else { return }
            let kept = userFrames(frames)
            if kept.isEmpty { out.removeLast() } else { out += kept }
            block = nil
        }
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if block != nil, line.hasPrefix("\t") {
                block?.append(line)
                continue
            }
            close()
            out.append(line)
            if line == "stack traceback:" { block = [] }
        }
        close()
        return out.joined(separator: "\n")
    }

    private enum Frame {
        case lua(source: Substring)
        case c
        case tailCalls
        case other
    }

    private static func frame(_ line: String) -> Frame {
        let body = line.drop { $0 == "\t" || $0 == " " }
        if body.hasPrefix("[C]:") { return .c }
        if body.hasPrefix("(...tail calls...)") { return .tailCalls }
        // The chunk name ends at the first ":<line>:" (a name may hold ':', as "[string …]" does).
        var search = body.startIndex
        while let colon = body[search...].firstIndex(of: ":") {
            let digits = body[body.index(after: colon)...].prefix { $0.isASCII && $0.isNumber }
            if !digits.isEmpty, digits.endIndex < body.endIndex, body[digits.endIndex] == ":" {
                return .lua(source: body[..<colon])
            }
            search = body.index(after: colon)
        }
        return .other
    }

    /// The frames (innermost first) without Scrim's; each frame's caller is the next one.
    private static func userFrames(_ lines: [String]) -> [String] {
        let frames = lines.map(frame)
        // Outermost first: a C function is Scrim's when Scrim's Lua called it.
        var isScrim = [Bool](repeating: false, count: lines.count)
        var callerIsScrim = false
        for index in lines.indices.reversed() {
            switch frames[index] {
            case .lua(let source):
                isScrim[index] = EmbeddedLua.isLoadedChunk(String(source))
                callerIsScrim = isScrim[index]
            case .c:
                isScrim[index] = callerIsScrim
            case .tailCalls, .other:
                break
            }
        }
        // Tail calls belong to the frame above them.
        for index in lines.indices {
            if case .tailCalls = frames[index], index > 0 { isScrim[index] = isScrim[index - 1] }
        }
        guard isScrim.contains(true) else { return lines }
        var kept: [String] = []
        var index = 0
        while index < lines.count {
            guard isScrim[index] else {
                kept.append(lines[index])
                index += 1
                continue
            }
            var end = index
            while end + 1 < lines.count, isScrim[end + 1] { end += 1 }
            // The outermost of Scrim's frames, when the script called it by a name: that library function.
            if let name = calledName(lines[index ... end].last { if case .lua = frame($0) { return true } else { return false } }) {
                kept.append("\t[C]: in function '\(name)'")
            }
            index = end + 1
        }
        return kept
    }

    /// NAME of "…: in function 'NAME'" (a function found by its global name), if the frame says so.
    private static func calledName(_ line: String?) -> Substring? {
        guard let line, let range = line.firstRange(of: ": in function '"), line.hasSuffix("'") else { return nil }
        let name = line[range.upperBound ..< line.index(before: line.endIndex)]
        return name.isEmpty ? nil : name
    }
}
