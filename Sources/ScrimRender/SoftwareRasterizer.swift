import ScrimCore

/// Draws a render tree into a small pixel grid in Swift (no Cairo): what the terminal renderer shows. Each pixel
/// is the average of `samples` × `samples` points, so edges are anti-aliased; text is not drawn.
public enum SoftwareRasterizer {
    /// The tree stretched over an opaque image of `width` × `height` pixels.
    public static func image(of tree: RenderTree, width: Int, height: Int, samples: Int = 3) -> PixelImage {
        let n = max(1, samples)
        let width = max(0, width), height = max(0, height)
        let scaleX = tree.size.width > 0 ? Double(width) / tree.size.width : 0
        let scaleY = tree.size.height > 0 ? Double(height) / tree.size.height : 0
        guard scaleX > 0, scaleY > 0 else { return PixelImage(width: width, height: height, color: tree.background) }
        var canvas = [Double](repeating: 0, count: width * height * 3)
        let bg = tree.background
        for i in stride(from: 0, to: canvas.count, by: 3) {
            canvas[i] = bg.r * bg.a; canvas[i + 1] = bg.g * bg.a; canvas[i + 2] = bg.b * bg.a
        }
        let step = 1 / Double(n)
        for node in tree.nodes {
            guard let fill = node.fill, let inverse = node.transform.inverted else { continue }
            // Far-off and huge frames (any finite size) are cut to the image before becoming pixel indices.
            let x0 = Int(clamping: (node.frame.minX * scaleX).rounded(.down), to: 0...width)
            let y0 = Int(clamping: (node.frame.minY * scaleY).rounded(.down), to: 0...height)
            let x1 = Int(clamping: (node.frame.maxX * scaleX).rounded(.up), to: 0...width)
            let y1 = Int(clamping: (node.frame.maxY * scaleY).rounded(.up), to: 0...height)
            guard x0 < x1, y0 < y1 else { continue }
            for py in y0..<y1 {
                for px in x0..<x1 {
                    var hits = 0
                    for sy in 0..<n {
                        for sx in 0..<n {
                            let point = Point(x: (Double(px) + (Double(sx) + 0.5) * step) / scaleX,
                                              y: (Double(py) + (Double(sy) + 0.5) * step) / scaleY)
                            if node.containsLocal(inverse.apply(point)) { hits += 1 }
                        }
                    }
                    guard hits > 0 else { continue }
                    let a = fill.a * Double(hits) / Double(n * n)
                    let i = (py * width + px) * 3
                    canvas[i] = fill.r * a + canvas[i] * (1 - a)
                    canvas[i + 1] = fill.g * a + canvas[i + 1] * (1 - a)
                    canvas[i + 2] = fill.b * a + canvas[i + 2] * (1 - a)
                }
            }
        }
        var bytes = [UInt8](repeating: 255, count: width * height * 4)
        for p in 0..<(width * height) {
            for c in 0..<3 { bytes[p * 4 + c] = UInt8((min(1, max(0, canvas[p * 3 + c])) * 255).rounded()) }
        }
        return PixelImage(width: width, height: height, bytes: bytes)
    }
}
