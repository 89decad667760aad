import Glibc
import LibEdit
import ScrimCore

/// Line editing for the interactive REPL, on libedit: emacs key bindings, history (saved after every entry),
/// Tab completion, Ctrl-C that clears the line, and a check run every `idleInterval` while waiting for input.
///
/// libedit reads keys through `readKey`, which waits with `poll` so that it can notice Ctrl-C (the signal
/// handler only sets a flag) and run the idle check; it answers each of those with a control key bound to one of
/// the editor functions below, so that whatever they print is followed by a clean redisplay of the line.
final class LineEditor {
    enum Input: Equatable {
        /// A line as typed, bytes and all (Lua strings are bytes).
        case line([UInt8])
        /// Ctrl-C: the line (and any unfinished chunk) is dropped.
        case cancelled
        /// Ctrl-D on an empty line, or the end of input.
        case end
    }

    /// Completions of the word before the cursor (full replacements of it).
    var complete: (String) -> [String] = { _ in [] }
    /// Asked every `idleInterval` seconds while waiting for input; true means `idleAction` should run now.
    var idleCheck: (() -> Bool)?
    var idleInterval = 0.5
    /// Runs (from within the editor, the line kept) when `idleCheck` said so; may print.
    var idleAction: () -> Void = {}
    /// Called every `tickInterval` seconds while waiting for input (a live window's frames); false ends the
    /// input as Ctrl-D does (the window was closed).
    var tick: (() -> Bool)?
    var tickInterval = 1.0 / 60

    private var nextTick = 0.0
    private var lastIdleCheck = 0.0
    private let editLine: OpaquePointer
    private let history: OpaquePointer
    private let historyPath: String?
    private var cancelled = false
    /// What the window's frames print while the prompt is up, and what is waiting to be written above it.
    private let capture = OutputCapture()
    private var captured: [[UInt8]] = []

    /// The one editor of the process: libedit's callbacks are C functions and find it here. nonisolated(unsafe): the
    /// REPL and libedit's callbacks run on the main thread only.
    nonisolated(unsafe) private static var current: LineEditor?
    nonisolated(unsafe) private static var promptText: UnsafeMutablePointer<CChar>? = strdup("")

    private static let cancelKey: Int32 = 0x03      // ^C
    private static let idleKey: Int32 = 0x1D        // ^]
    private static let outputKey: Int32 = 0x1E      // ^^

    init?(historyPath: String?) {
        guard let editLine = scrim_el_init("scrim", standardInput, standardOutput, standardErrorStream) else { return nil }
        guard let history = scrim_history_new(1000) else {
            scrim_el_end(editLine)
            return nil
        }
        self.editLine = editLine
        self.history = history
        self.historyPath = historyPath
        if let historyPath { _ = scrim_history_load(history, historyPath) }
        scrim_el_set_editor(editLine, "emacs")
        scrim_el_set_prompt(editLine) { _ in LineEditor.promptText }
        scrim_el_set_history(editLine, history)
        scrim_el_set_getc(editLine) { _, key in LineEditor.readKey(into: key) }
        scrim_el_add_function(editLine, "scrim-complete", "Complete the name before the cursor") { _, _ in
            LineEditor.current?.completeWord() ?? UInt8(CC_ERROR)
        }
        scrim_el_add_function(editLine, "scrim-cancel", "Drop the line") { _, _ in
            LineEditor.current?.cancelled = true
            return UInt8(CC_NEWLINE)
        }
        scrim_el_add_function(editLine, "scrim-idle", "Run the idle check's action") { _, _ in
            guard let editor = LineEditor.current else { return UInt8(CC_NORM) }
            fputs("\n", standardOutput)
            fflush(standardOutput)
            editor.idleAction()
            return UInt8(CC_REDISPLAY)
        }
        scrim_el_add_function(editLine, "scrim-output", "Write what a frame printed above the line") { _, _ in
            guard let editor = LineEditor.current else { return UInt8(CC_NORM) }
            editor.flushCaptured()
            return UInt8(CC_REDISPLAY)
        }
        scrim_el_bind(editLine, "^^", "scrim-output")
        scrim_el_bind(editLine, "^I", "scrim-complete")
        scrim_el_bind(editLine, "^C", "scrim-cancel")
        scrim_el_bind(editLine, "^]", "scrim-idle")
        _ = scrim_el_source(editLine)
        LineEditor.current = self
    }

    deinit {
        if LineEditor.current === self { LineEditor.current = nil }
        scrim_el_end(editLine)
        scrim_history_end(history)
    }

    /// Reads one line (without its newline) after showing `prompt`.
    func readLine(prompt: String) -> Input {
        free(LineEditor.promptText)
        LineEditor.promptText = strdup(prompt)
        cancelled = false
        Interrupts.pending = 0
        var count: Int32 = 0
        let line = scrim_el_gets(editLine, &count)
        if cancelled {
            fputs("\n", standardOutput)
            return .cancelled
        }
        guard let line, count > 0 else {
            fputs("\n", standardOutput)
            return .end
        }
        var bytes = Array(UnsafeBufferPointer(start: UnsafeRawPointer(line).assumingMemoryBound(to: UInt8.self),
                                              count: strlen(line)))
        if bytes.last == UInt8(ascii: "\n") { bytes.removeLast() }
        return .line(bytes)
    }

    /// Adds an entry (a whole chunk, lines joined by newlines) to the history and saves the history.
    func addHistory(_ entry: [UInt8]) {
        guard !entry.allSatisfy({ $0 == 0x20 || (0x09 ... 0x0D).contains($0) }) else { return }
        let cString = entry.map { CChar(bitPattern: $0) } + [0]
        scrim_history_enter(history, cString)
        if let historyPath { _ = scrim_history_save(history, historyPath) }
    }

    // MARK: Callbacks

    /// Tab: completes the word before the cursor as far as all candidates agree, lists them when that adds nothing.
    private func completeWord() -> UInt8 {
        guard let info = scrim_el_line(editLine)?.pointee, let start = info.buffer, let cursor = info.cursor else {
            return UInt8(CC_ERROR)
        }
        let before = UnsafeBufferPointer(start: start, count: cursor - start).map { UInt8(bitPattern: $0) }
        let wordStart = before.lastIndex { !LineEditor.isWordByte($0) }.map { $0 + 1 } ?? 0
        let word = String(decoding: before[wordStart...], as: UTF8.self)
        if word.isEmpty {
            // At the start of a line Tab indents (pasted code keeps its shape); elsewhere there is nothing to complete.
            if before.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) {
                scrim_el_insertstr(editLine, "  ")
                return UInt8(CC_REFRESH)
            }
            return UInt8(CC_ERROR)
        }
        let candidates = complete(word)
        guard let first = candidates.first else { return UInt8(CC_ERROR) }
        let common = candidates.dropFirst().reduce(first) { $0.sharedPrefix(with: $1) }
        if common.utf8.count > word.utf8.count, common.hasPrefix(word) {
            scrim_el_insertstr(editLine, String(common.dropFirst(word.count)))
            return UInt8(CC_REFRESH)
        }
        if candidates.count == 1 { return UInt8(CC_NORM) }
        // Several: list the last parts (after the final '.' or ':'), in columns.
        let shown = candidates.map { candidate -> String in
            guard let separator = candidate.lastIndex(where: { $0 == "." || $0 == ":" }) else { return candidate }
            return String(candidate[candidate.index(after: separator)...])
        }
        fputs("\n" + LineEditor.columns(shown, width: LineEditor.terminalWidth()) + "\n", standardOutput)
        fflush(standardOutput)
        return UInt8(CC_REDISPLAY)
    }

    /// Lua names and field paths: letters, digits, '_', '.', ':' (and bytes of non-ASCII letters).
    private static func isWordByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: ":"):
            return true
        default:
            return false
        }
    }

    /// libedit's key reader: one character (UTF-8 decoded) into `key`; 1 read, 0 end of input, -1 error.
    private static func readKey(into key: UnsafeMutablePointer<wchar_t>?) -> Int32 {
        guard let key else { return -1 }
        while true {
            if Interrupts.pending != 0 {
                Interrupts.pending = 0
                key.pointee = wchar_t(cancelKey)
                return 1
            }
            if Interrupts.resized != 0, let editor = current {
                Interrupts.resized = 0
                scrim_el_resize(editor.editLine)
            }
            var timeout: Int32 = -1
            if let editor = current, editor.idleCheck != nil { timeout = Int32(max(1, editor.idleInterval * 1000)) }
            if let editor = current, let tick = editor.tick {
                // Frames at their interval, the idle check at its own, between keys.
                let now = Clock.monotonicSeconds()
                if now >= editor.nextTick {
                    editor.nextTick = max(editor.nextTick + editor.tickInterval, now)
                    let (open, output) = editor.capture?.capture(tick) ?? (tick(), [])
                    if output.contains(where: { !$0.isEmpty }) {
                        editor.captured = editor.captured.isEmpty ? output : zip(editor.captured, output).map { $0 + $1 }
                        guard open else {
                            editor.flushCaptured()
                            return 0
                        }
                        key.pointee = wchar_t(outputKey)
                        return 1
                    }
                    if !open { return 0 }
                }
                if let check = editor.idleCheck, now - editor.lastIdleCheck >= editor.idleInterval {
                    editor.lastIdleCheck = now
                    if check() {
                        key.pointee = wchar_t(idleKey)
                        return 1
                    }
                }
                timeout = Int32(max(1, (editor.nextTick - Clock.monotonicSeconds()) * 1000))
            }
            var descriptor = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, timeout)
            if ready < 0 {
                if errno == EINTR { continue }
                return -1
            }
            if ready == 0, current?.tick != nil { continue }
            if ready == 0 {
                if let check = current?.idleCheck, check() {
                    key.pointee = wchar_t(idleKey)
                    return 1
                }
                continue
            }
            guard let first = readByte() else { return 0 }
            key.pointee = wchar_t(decodeUTF8(first: first))
            return 1
        }
    }

    /// One byte of standard input; nil at its end (or on an error other than an interruption).
    /// Writes what the frames printed where the prompt line was (cleared first), each stream to its own, ending on
    /// a fresh line for the prompt to be drawn again.
    private func flushCaptured() {
        fputs("\r\u{1B}[K", standardOutput)
        fflush(standardOutput)
        for (descriptor, bytes) in zip([STDOUT_FILENO, STDERR_FILENO], captured) where !bytes.isEmpty {
            _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if bytes.last != UInt8(ascii: "\n") { _ = write(descriptor, "\n", 1) }
        }
        captured = []
    }

    private static func readByte() -> UInt8? {
        var byte: UInt8 = 0
        while true {
            let n = read(0, &byte, 1)
            if n == 1 { return byte }
            if n < 0, errno == EINTR { continue }
            return nil
        }
    }

    /// The character that starts with `first`, reading its continuation bytes; a malformed sequence gives U+FFFD.
    private static func decodeUTF8(first: UInt8) -> UInt32 {
        let length: Int
        switch first {
        case 0..<0x80: return UInt32(first)
        case 0xC2..<0xE0: length = 2
        case 0xE0..<0xF0: length = 3
        case 0xF0..<0xF5: length = 4
        default: return 0xFFFD
        }
        var bytes = [first]
        for _ in 1..<length {
            guard let next = readByte(), next & 0xC0 == 0x80 else { return 0xFFFD }
            bytes.append(next)
        }
        return String(decoding: bytes, as: UTF8.self).unicodeScalars.first?.value ?? 0xFFFD
    }

    static func terminalWidth() -> Int {
        var size = winsize()
        if ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        return 80
    }

    /// `items` in columns across `width`, row by row.
    static func columns(_ items: [String], width: Int) -> String {
        let cell = (items.map(\.count).max() ?? 0) + 2
        let perRow = max(1, width / cell)
        var lines: [String] = []
        var line = ""
        for (index, item) in items.enumerated() {
            line += index % perRow == perRow - 1 || index == items.count - 1
                ? item : item + String(repeating: " ", count: cell - item.count)
            if index % perRow == perRow - 1 {
                lines.append(line)
                line = ""
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines.joined(separator: "\n")
    }
}

extension String {
    /// The longest common prefix, by characters.
    func sharedPrefix(with other: String) -> String {
        String(zip(self, other).prefix { $0 == $1 }.map(\.0))
    }
}
