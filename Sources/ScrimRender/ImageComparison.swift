/// How two images differ, pixel by pixel (snapshot tests).
public struct ImageComparison: Equatable {
    /// The size compared: the larger of the two in each direction (pixels outside one image differ).
    public var width: Int
    public var height: Int
    /// Whether the two images have the same size.
    public var sizesMatch: Bool
    /// Pixels whose largest channel difference is above the tolerance.
    public var differingPixels: Int
    /// The largest channel difference found (0…255).
    public var maxDifference: Int

    /// `width · height`.
    public var totalPixels: Int { width * height }

    /// The share of differing pixels, 0…1.
    public var differingShare: Double { totalPixels == 0 ? 0 : Double(differingPixels) / Double(totalPixels) }

    /// Whether the images match: same size and at most `maxDifferingShare` of the pixels differ.
    public func matches(maxDifferingShare: Double = 0) -> Bool {
        sizesMatch && differingShare <= maxDifferingShare
    }

    /// `12 of 32400 pixels differ (0.04 %, largest channel difference 255)`, or the two sizes.
    public var summary: String {
        var text = "\(differingPixels) of \(totalPixels) pixels differ (\(percent(differingShare)), largest channel difference \(maxDifference))"
        if !sizesMatch { text = "sizes differ; " + text }
        return text
    }

    private func percent(_ share: Double) -> String {
        let hundredths = Int((share * 10_000).rounded())
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction) %"
    }

    /// Compares `actual` with `reference`: a pixel differs when one of its channels (alpha included) differs by
    /// more than `tolerance` (0…255). Also returns the diff image: the reference faded to a quarter of its contrast
    /// over white, with the differing pixels in red.
    public static func compare(_ actual: PixelImage, _ reference: PixelImage, tolerance: Int = 2)
        -> (comparison: ImageComparison, diff: PixelImage) {
        let width = max(actual.width, reference.width), height = max(actual.height, reference.height)
        var diff = PixelImage(width: width, height: height, color: .white)
        var differing = 0, largest = 0
        let red = RGBA(r: 255, g: 0, b: 0)
        for y in 0..<height {
            for x in 0..<width {
                let inActual = x < actual.width && y < actual.height
                let inReference = x < reference.width && y < reference.height
                guard inActual && inReference else {
                    differing += 1
                    largest = 255
                    diff[x, y] = red
                    continue
                }
                let a = actual[x, y], r = reference[x, y]
                let distance = a.distance(to: r)
                largest = max(largest, distance)
                if distance > tolerance {
                    differing += 1
                    diff[x, y] = red
                } else {
                    diff[x, y] = faded(r)
                }
            }
        }
        let comparison = ImageComparison(
            width: width, height: height,
            sizesMatch: actual.width == reference.width && actual.height == reference.height,
            differingPixels: differing, maxDifference: largest)
        return (comparison, diff)
    }

    /// Compares the PNG files at `actual` and `reference`; writes the diff image to `diffPath` if given.
    public static func comparePNG(actual: String, reference: String, tolerance: Int = 2, diffPath: String? = nil)
        throws -> ImageComparison {
        let (comparison, diff) = compare(try PNGFile.read(actual), try PNGFile.read(reference), tolerance: tolerance)
        if let diffPath { try PNGFile.write(diff, to: diffPath) }
        return comparison
    }

    private static func faded(_ p: RGBA) -> RGBA {
        // Composite over white first (transparent reference pixels show as white), then keep a quarter of the contrast.
        func channel(_ c: UInt8) -> UInt8 {
            let over = (Int(c) * Int(p.a) + 255 * (255 - Int(p.a))) / 255
            return UInt8(255 - (255 - over) / 4)
        }
        return RGBA(r: channel(p.r), g: channel(p.g), b: channel(p.b))
    }
}
