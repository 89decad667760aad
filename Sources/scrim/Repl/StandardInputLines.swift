import Glibc
import ScrimCore

/// Lines of standard input (without their newlines) for the piped REPL; with a `tick`, it runs every interval
/// while waiting (a live window's frames), and input ends when the tick returns false.
struct StandardInputLines {
    var tick: (action: () -> Bool, interval: Seconds)?
    /// Whether the tick ended the input (the window was closed).
    private(set) var stopped = false
    private var pending: [UInt8] = []
    private var ended = false

    mutating func next() -> String? {
        guard let tick else { return readLine(strippingNewline: true) }
        while true {
            if let newline = pending.firstIndex(of: 0x0A) {
                let line = pending[..<newline]
                pending.removeSubrange(...newline)
                return String(decoding: line.last == 0x0D ? line.dropLast() : line, as: UTF8.self)
            }
            if ended {
                guard !pending.isEmpty else { return nil }
                defer { pending = [] }
                return String(decoding: pending, as: UTF8.self)
            }
            guard tick.action() else {
                stopped = true
                return nil
            }
            var descriptor = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, Int32(max(1, tick.interval * 1000)))
            if ready < 0, errno == EINTR { continue }
            guard ready > 0 else { continue }
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = read(0, &buffer, buffer.count)
            if count < 0, errno == EINTR { continue }
            if count <= 0 { ended = true } else { pending += buffer[..<count] }
        }
    }
}
