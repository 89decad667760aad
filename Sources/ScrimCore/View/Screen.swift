/// The virtual display: its size in points and its scale (pixels per point).
public struct Screen: Equatable, Sendable {
    public var width: Double
    public var height: Double
    /// Pixels per point.
    public var scale: Double

    /// 390 × 844 @3 (an iPhone 14).
    public static let `default` = Screen(width: 390, height: 844, scale: 3)

    public init(width: Double, height: Double, scale: Double = 3) {
        self.width = width
        self.height = height
        self.scale = scale
    }

    /// The screen's rectangle at the origin.
    public var bounds: Rect { Rect(x: 0, y: 0, width: width, height: height) }

    /// Parses `WxH` or `WxH@S` (e.g. `390x844@3`; the scale defaults to 3); every number must be positive.
    public static func parse(_ text: String) throws -> Screen {
        let fail = ScreenError(message: "invalid screen \"\(text)\" (expected WxH[@S] with positive numbers, e.g. 390x844@3)")
        let sizeAndScale = text.split(separator: "@", omittingEmptySubsequences: false)
        guard sizeAndScale.count <= 2 else { throw fail }
        let dimensions = sizeAndScale[0].split(omittingEmptySubsequences: false, whereSeparator: { $0 == "x" || $0 == "X" })
        guard dimensions.count == 2,
              let width = positive(dimensions[0]), let height = positive(dimensions[1]) else { throw fail }
        var scale = 3.0
        if sizeAndScale.count == 2 {
            guard let value = positive(sizeAndScale[1]) else { throw fail }
            scale = value
        }
        return Screen(width: width, height: height, scale: scale)
    }

    private static func positive(_ text: Substring) -> Double? {
        guard let value = Double(text), value.isFinite, value > 0 else { return nil }
        return value
    }
}

extension Screen: CustomStringConvertible {
    /// `390x844@3`, the form `parse` reads.
    public var description: String {
        "\(NumberFormat.short(width))x\(NumberFormat.short(height))@\(NumberFormat.short(scale))"
    }
}
