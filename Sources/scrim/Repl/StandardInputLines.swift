import Glibc
import ScrimCore

/// Lines of standard input (without their newlines, byte for byte) for the piped REPL with a live window: `tick`
/// runs every `interval` while waiting (the window's frames), and the input ends when it returns false.
struct StandardInputLines {
    let tick: () -> Bool
    let interval: Seconds
    /// Whether the tick ended the input (the window was closed).
    private(set) var stopped = false
    private var pending: [UInt8] = []
    private var ended = false

    init(tick: @escaping () -> Bool, interval: Seconds) {
        self.tick = tick
        self.interval = interval
    }

    mutating func next() -> [UInt8]? {
        while true {
            if let newline = pending.firstIndex(of: 0x0A) {
                let line = Array(pending[..<newline])
                pending.removeSubrange(...newline)
                return line
            }
            if ended {
                guard !pending.isEmpty else { return nil }
                defer { pending = [] }
                return pending
            }
            guard tick() else {
                stopped = true
                return nil
            }
            var descriptor = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, Int32(max(1, interval * 1000)))
            if ready < 0, errno == EINTR { continue }
            guard ready > 0 else { continue }
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = read(0, &buffer, buffer.count)
            if count < 0, errno == EINTR { continue }
            if count <= 0 { ended = true } else { pending += buffer[..<count] }
        }
    }
}
