import Glibc
import ScrimCore
import ScrimRender
import WebP

/// Animated WebP through libwebp's animation encoder (WebPAnimEncoder, in libwebpmux), lossless so that each
/// frame decodes to exactly what was drawn. Frames that repeat the one before are merged by the encoder into a
/// longer one; every frame keeps its time.
public final class WebPAnimationWriter: AnimationWriter {
    private let library: WebPLibrary
    private let encoder: OpaquePointer
    private var config = WebPConfig()
    private let path: String
    private let width: Int, height: Int
    private var lastTimestamp: Int32 = -1
    private var finished = false
    private let watch: EncoderBudget

    /// An encoder of `width` × `height` frames into `path`, stopped with `budget`'s error once it is spent, also
    /// inside a frame's encoding (libwebp reports its progress through a frame, and is told to stop there).
    public init(path: String, width: Int, height: Int, budget: TimeBudget = .unlimited) throws {
        let library = try WebPLibrary.shared()
        var options = WebPAnimEncoderOptions()
        guard library.encoderOptionsInit(&options, WEBP_MUX_ABI_VERSION) != 0,
              library.configInit(&config, WEBP_PRESET_DEFAULT, 75, WEBP_ENCODER_ABI_VERSION) != 0 else {
            throw RecordingError("animated WebP: this libwebp does not match the version Scrim was built for")
        }
        options.anim_params.loop_count = 0 // forever
        config.lossless = 1
        // The fastest lossless effort: pictures of flat rectangles compress well anyway, and recording keeps pace.
        config.method = 0
        config.quality = 0
        guard let encoder = library.encoderNew(Int32(width), Int32(height), &options, WEBP_MUX_ABI_VERSION) else {
            throw RecordingError("animated WebP: cannot start an encoder for \(width)×\(height) pixels")
        }
        self.library = library
        self.encoder = encoder
        self.path = path
        self.width = width
        self.height = height
        watch = EncoderBudget(budget)
    }

    deinit { library.encoderDelete(encoder) }

    public func add(_ frame: FrameBuffer, at time: Seconds) throws {
        guard frame.width == width, frame.height == height else {
            throw RecordingError("animated WebP: a \(frame.width)×\(frame.height) frame in a \(width)×\(height) animation")
        }
        let timestamp = try milliseconds(time)
        var picture = WebPPicture()
        guard library.pictureInit(&picture, WEBP_ENCODER_ABI_VERSION) != 0 else {
            throw RecordingError("animated WebP: this libwebp does not match the version Scrim was built for")
        }
        picture.use_argb = 1
        picture.width = Int32(width)
        picture.height = Int32(height)
        // Copied by the animation encoder into the pictures it encodes: the budget is asked as each one progresses.
        picture.progress_hook = EncoderBudget.hook
        picture.user_data = Unmanaged.passUnretained(watch).toOpaque()
        defer { library.pictureFree(&picture) }
        let imported = try frame.withPixels {
            library.pictureImportBGRA(&picture, $0.assumingMemoryBound(to: UInt8.self), Int32(frame.stride))
        }
        let added = imported != 0 && withExtendedLifetime(watch) { library.encoderAdd(encoder, &picture, timestamp, &config) != 0 }
        if let exceeded = watch.exceeded { throw exceeded }
        guard added else {
            throw RecordingError("animated WebP: cannot encode the frame at \(time) s: \(encoderError)")
        }
    }

    public func finish(at end: Seconds) throws {
        guard !finished else { return }
        finished = true
        let timestamp = try milliseconds(end)
        var data = WebPData()
        // The last frame is encoded now (the encoder holds each one back to compare it with the next).
        let flushed = withExtendedLifetime(watch) { library.encoderAdd(encoder, nil, timestamp, nil) != 0 }
        if let exceeded = watch.exceeded ?? watch.budget.exceeded() { throw exceeded }
        guard flushed, library.encoderAssemble(encoder, &data) != 0, let bytes = data.bytes else {
            throw RecordingError("animated WebP: cannot assemble \(path): \(encoderError)")
        }
        defer { library.free(UnsafeMutableRawPointer(mutating: bytes)) }
        // A still screen is merged into one frame, which libwebp writes as a still image: wrapped back into an
        // animation of that one frame, the file keeps the recording's length.
        let output = WebPStillAnimation.wrap(UnsafeBufferPointer(start: bytes, count: data.size), width: width,
                                             height: height, milliseconds: Int(timestamp))
        // Under a temporary name until complete: a failed write leaves the path as it was.
        try makeDirectories(directoryName(of: path))
        let partial = path + ".partial-\(getpid())"
        guard let file = fopen(partial, "wb") else {
            throw RecordingError("cannot write \(path): \(String(cString: strerror(errno)))")
        }
        let written = output.map { fwrite($0, 1, $0.count, file) } ?? fwrite(bytes, 1, data.size, file)
        if fclose(file) != 0 || written != (output?.count ?? data.size) || rename(partial, path) != 0 {
            let reason = String(cString: strerror(errno))
            unlink(partial)
            throw RecordingError("cannot write \(path): \(reason)")
        }
    }

    /// `time` in whole milliseconds (WebP's unit), after the last one.
    private func milliseconds(_ time: Seconds) throws -> Int32 {
        let value = (time * 1000).rounded()
        guard value.isFinite, value >= 0, value < Double(Int32.max), Int32(value) > lastTimestamp else {
            throw RecordingError("animated WebP: frame time \(time) s is not after the previous frame")
        }
        lastTimestamp = Int32(value)
        return lastTimestamp
    }

    private var encoderError: String {
        library.encoderError(encoder).map { String(cString: $0) } ?? "unknown error"
    }
}

/// The budget libwebp's progress hook asks while it encodes a frame; what stopped it, once it did.
private final class EncoderBudget {
    let budget: TimeBudget
    var exceeded: TimeBudgetExceeded?

    init(_ budget: TimeBudget) { self.budget = budget }

    /// WebPProgressHook: 0 stops the encoding (VP8_ENC_ERROR_USER_ABORT).
    static let hook: WebPProgressHook = { _, picture in
        guard let data = picture?.pointee.user_data else { return 1 }
        let watch = Unmanaged<EncoderBudget>.fromOpaque(data).takeUnretainedValue()
        if watch.exceeded == nil { watch.exceeded = watch.budget.exceeded() }
        return watch.exceeded == nil ? 1 : 0
    }
}
