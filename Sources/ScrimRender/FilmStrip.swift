import ScrimCore

/// Frames of a transition side by side in one picture, left to right, each under a label with its time
/// ("0.25 s"): `scrim snapshot --film N`.
public enum FilmStrip {
    /// Height of the label band above each frame, in points.
    public static let labelHeight = 24.0

    /// The strip of `frames` at `scale` pixels a point (default: the first frame's scale). Its width is the
    /// frame width times the number of frames; its height the frame height plus the label band.
    public static func image(of frames: [RenderTree], scale: Double? = nil, budget: TimeBudget = .unlimited) throws -> PixelImage {
        let cairo = try Cairo.shared()
        let surface = try render(frames, scale: scale, cairo: cairo, budget: budget)
        defer { cairo.surfaceDestroy(surface) }
        return try cairo.image(of: surface)
    }

    /// Writes the strip of `frames` as a PNG to `path` (parent directories are created); nothing is written if
    /// `budget` is spent before the file is complete (drawing and encoding alike).
    public static func writePNG(_ frames: [RenderTree], to path: String, scale: Double? = nil,
                                budget: TimeBudget = .unlimited) throws {
        let cairo = try Cairo.shared()
        let surface = try render(frames, scale: scale, cairo: cairo, budget: budget)
        defer { cairo.surfaceDestroy(surface) }
        try PNGFile.write(surface, to: path, cairo: cairo, budget: budget)
    }

    /// A time as the strip labels it: two decimals and a unit, `0.25 s`.
    public static func label(for time: Seconds) -> String {
        let hundredths = Int(clamping: (max(0, time) * 100).rounded(), to: 0...Int.max / 2)
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction) s"
    }

    private static func render(_ frames: [RenderTree], scale: Double?, cairo: Cairo, budget: TimeBudget) throws -> Cairo.Surface {
        guard let first = frames.first else { throw RenderError("a film strip needs at least one frame") }
        let scale = scale ?? first.scale
        let frameSize = try CairoRenderer.pixelSize(of: first, scale: scale)
        let band = Int(clamping: (labelHeight * scale).rounded(), to: 0...32767)
        let width = frameSize.width * frames.count, height = frameSize.height + band
        return try CairoRenderer.makeSurface(width: width, height: height, cairo: cairo) { cr in
            cairo.setSourceRGBA(cr, 0.93, 0.93, 0.93, 1)
            cairo.paint(cr)
            for (index, frame) in frames.enumerated() {
                cairo.save(cr)
                cairo.translate(cr, Double(index * frameSize.width), 0)
                cairo.scale(cr, scale, scale)
                let bandSize = Size(width: Double(frameSize.width) / scale, height: labelHeight)
                cairo.setSourceRGBA(cr, 0.2, 0.2, 0.2, 1)
                CairoRenderer.drawText(label(for: frame.time), centredIn: bandSize, size: 13, in: cr, cairo: cairo)
                cairo.translate(cr, 0, labelHeight)
                try CairoRenderer.draw(frame, in: cr, cairo: cairo, budget: budget)
                cairo.restore(cr)
                if index > 0 {
                    // A one-pixel rule between frames, so that white frames do not run together.
                    cairo.setSourceRGBA(cr, 0.55, 0.55, 0.55, 1)
                    cairo.rectangle(cr, Double(index * frameSize.width), 0, 1, Double(height))
                    cairo.fill(cr)
                }
            }
        }
    }
}
