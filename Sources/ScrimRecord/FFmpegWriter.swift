import Glibc
import ScrimCore
import ScrimRender

/// GIF and MP4 through an `ffmpeg` process: raw BGRA frames streamed to its standard input at a constant frame
/// rate. A GIF gets a palette made for the whole animation (palettegen, then paletteuse: as matplotlib's
/// FFMpegWriter does), so that flat colours stay flat; an MP4 is H.264 in yuv420p (padded to even sizes, which that
/// needs), the form every player reads. ffmpeg writes under a temporary name, renamed to the path once it has
/// finished well: a recording stopped (by the budget, or an error) leaves nothing behind.
public final class FFmpegWriter: AnimationWriter {
    private let path: String
    private let partial: String
    private let budget: TimeBudget
    private let width: Int, height: Int
    private let framesPerSecond: Double
    private let process: pid_t
    private var input: Int32
    private var framesWritten = 0

    /// Rows of a frame sent between two looks at the budget (ffmpeg may be slow to take them).
    static let rowsBetweenBudgetChecks = 64

    public init(path: String, format: AnimationFormat, width: Int, height: Int, framesPerSecond: Double,
                budget: TimeBudget = .unlimited) throws {
        guard let ffmpeg = FFmpegWriter.executable() else {
            throw RecordingError("recording .\(format.rawValue) needs ffmpeg, which is not installed: "
                + "apt-get install ffmpeg (or record .webp, which needs only libwebp)")
        }
        try makeDirectories(directoryName(of: path))
        var arguments = [ffmpeg, "-hide_banner", "-loglevel", "error", "-y",
                         "-f", "rawvideo", "-pix_fmt", "bgra", "-s", "\(width)x\(height)",
                         "-framerate", "\(framesPerSecond)", "-i", "-"]
        switch format {
        case .gif:
            arguments += ["-filter_complex", "[0:v]split[a][b];[a]palettegen=stats_mode=full[p];[b][p]paletteuse=dither=none",
                          "-loop", "0", "-f", "gif"]
        case .mp4:
            arguments += ["-vf", "pad=ceil(iw/2)*2:ceil(ih/2)*2", "-c:v", "libx264", "-pix_fmt", "yuv420p",
                          "-movflags", "+faststart", "-f", "mp4"]
        case .webp:
            throw RecordingError("ffmpeg writes .gif and .mp4 here; .webp goes through libwebp")
        }
        let partial = path + ".partial-\(getpid())"
        arguments.append(partial)
        // A writer whose ffmpeg died must get an error from write(), not be killed by SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else { throw RecordingError("cannot start ffmpeg: \(String(cString: strerror(errno)))") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[0], 0)
        posix_spawn_file_actions_addclose(&actions, pipeEnds[1])
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGPIPE)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF))
        var pid: pid_t = 0
        let argv = arguments.map { strdup($0) } + [nil]
        defer {
            for argument in argv { free(argument) }
            posix_spawn_file_actions_destroy(&actions)
            posix_spawnattr_destroy(&attributes)
        }
        let status = posix_spawn(&pid, ffmpeg, &actions, &attributes, argv, environ)
        close(pipeEnds[0])
        guard status == 0 else {
            close(pipeEnds[1])
            throw RecordingError("cannot start \(ffmpeg): \(String(cString: strerror(status)))")
        }
        _ = fcntl(pipeEnds[1], F_SETFD, FD_CLOEXEC)
        self.path = path
        self.partial = partial
        self.budget = budget
        self.width = width
        self.height = height
        self.framesPerSecond = framesPerSecond
        process = pid
        input = pipeEnds[1]
    }

    /// A writer never finished (its recording stopped) ends its ffmpeg before it completes a file.
    deinit {
        if input >= 0 { abandon() }
    }

    /// Frames go out at a constant rate: frame k shows what was added for k / framesPerSecond (a gap is filled
    /// with the frame that ends it; a second frame for the same k is dropped).
    public func add(_ frame: FrameBuffer, at time: Seconds) throws {
        guard frame.width == width, frame.height == height else {
            throw RecordingError("ffmpeg: a \(frame.width)×\(frame.height) frame in a \(width)×\(height) animation")
        }
        let index = Int((time * framesPerSecond).rounded())
        while framesWritten <= index { try write(frame) }
    }

    /// Ends the input and waits for ffmpeg to complete the file (a GIF's palette is made only then), under the
    /// budget: once it is spent, ffmpeg is stopped and nothing is written.
    public func finish(at end: Seconds) throws {
        guard input >= 0 else { return }
        close(input)
        input = -1
        var status: Int32 = 0
        while true {
            let done = waitpid(process, &status, WNOHANG)
            if done == process || (done < 0 && errno != EINTR) { break }
            if let exceeded = budget.exceeded() {
                kill(process, SIGKILL)
                while waitpid(process, &status, 0) < 0 && errno == EINTR {}
                unlink(partial)
                throw exceeded
            }
            usleep(5_000)
        }
        // WIFEXITED and WEXITSTATUS, spelled out (the macros do not import).
        guard status & 0x7F == 0, (status >> 8) & 0xFF == 0 else {
            unlink(partial)
            throw RecordingError("ffmpeg could not write \(path) (its messages are above)")
        }
        guard rename(partial, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(partial)
            throw RecordingError("cannot write \(path): \(reason)")
        }
    }

    /// Stops ffmpeg before it completes a file, and removes what it wrote.
    private func abandon() {
        kill(process, SIGKILL)
        close(input)
        input = -1
        var status: Int32 = 0
        while waitpid(process, &status, 0) < 0 && errno == EINTR {}
        unlink(partial)
    }

    private func write(_ frame: FrameBuffer) throws {
        try frame.withPixels { pixels in
            for y in 0..<height {
                if y % FFmpegWriter.rowsBetweenBudgetChecks == 0, let exceeded = budget.exceeded() { throw exceeded }
                try writeAll(pixels + y * frame.stride, count: width * 4)
            }
        }
        framesWritten += 1
    }

    private func writeAll(_ bytes: UnsafeRawPointer, count: Int) throws {
        var offset = 0
        while offset < count {
            let n = Glibc.write(input, bytes + offset, count - offset)
            if n < 0 {
                if errno == EINTR { continue }
                throw RecordingError("ffmpeg stopped reading frames for \(path): \(String(cString: strerror(errno)))")
            }
            offset += n
        }
    }

    /// `ffmpeg` on PATH, or nil.
    static func executable() -> String? {
        let path = getenv("PATH").map { String(cString: $0) } ?? "/usr/local/bin:/usr/bin:/bin"
        for directory in path.split(separator: ":") where !directory.isEmpty {
            let candidate = String(directory) + "/ffmpeg"
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }
}
