import ScrimCore
import ScrimRender

/// Writes frames, one after another, as an animation file.
public protocol AnimationWriter: AnyObject {
    /// Adds the buffer's picture, shown from `time` (seconds from the animation's start) until the next frame.
    func add(_ frame: FrameBuffer, at time: Seconds) throws
    /// Ends the animation at `end` (when the last frame stops showing) and completes the file.
    func finish(at end: Seconds) throws
}

/// The animation formats, by file name extension.
public enum AnimationFormat: String, CaseIterable {
    case webp, gif, mp4

    /// The format of `path`, from its extension; throws naming the known ones.
    public init(path: String) throws {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."),
              let format = AnimationFormat(rawValue: name[name.index(after: dot)...].lowercased()) else {
            throw RecordingError("cannot tell the format of '\(path)': name it .webp, .gif or .mp4")
        }
        self = format
    }

    /// A writer of `path` in this format, for frames of `width` × `height` pixels at `framesPerSecond`, whose
    /// encoding stops with `budget`'s error once it is spent.
    public func writer(path: String, width: Int, height: Int, framesPerSecond: Double,
                       budget: TimeBudget = .unlimited) throws -> AnimationWriter {
        switch self {
        case .webp: return try WebPAnimationWriter(path: path, width: width, height: height, budget: budget)
        case .gif, .mp4: return try FFmpegWriter(path: path, format: self, width: width, height: height,
                                                 framesPerSecond: framesPerSecond, budget: budget)
        }
    }
}
