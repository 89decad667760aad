import ScrimCore

/// A 2-D affine map, laid out as Cairo's `cairo_matrix_t`: x' = xx·x + xy·y + x0, y' = yx·x + yy·y + y0.
public struct AffineTransform: Equatable, Sendable {
    public var xx: Double, yx: Double, xy: Double, yy: Double, x0: Double, y0: Double

    public init(xx: Double, yx: Double, xy: Double, yy: Double, x0: Double, y0: Double) {
        self.xx = xx; self.yx = yx; self.xy = xy; self.yy = yy; self.x0 = x0; self.y0 = y0
    }

    public static let identity = AffineTransform(xx: 1, yx: 0, xy: 0, yy: 1, x0: 0, y0: 0)

    public static func translation(_ dx: Double, _ dy: Double) -> AffineTransform {
        AffineTransform(xx: 1, yx: 0, xy: 0, yy: 1, x0: dx, y0: dy)
    }

    public static func scale(_ sx: Double, _ sy: Double) -> AffineTransform {
        AffineTransform(xx: sx, yx: 0, xy: 0, yy: sy, x0: 0, y0: 0)
    }

    /// A clockwise (on screen, y down) rotation by `angle` radians.
    public static func rotation(_ angle: Double) -> AffineTransform {
        let c = cosine(angle), s = sine(angle)
        return AffineTransform(xx: c, yx: s, xy: -s, yy: c, x0: 0, y0: 0)
    }

    /// `other` first, then `self`.
    public func concatenating(_ other: AffineTransform) -> AffineTransform {
        AffineTransform(xx: xx * other.xx + xy * other.yx, yx: yx * other.xx + yy * other.yx,
                        xy: xx * other.xy + xy * other.yy, yy: yx * other.xy + yy * other.yy,
                        x0: xx * other.x0 + xy * other.y0 + x0, y0: yx * other.x0 + yy * other.y0 + y0)
    }

    public func apply(_ p: Point) -> Point {
        Point(x: xx * p.x + xy * p.y + x0, y: yx * p.x + yy * p.y + y0)
    }

    /// The inverse map; nil when the transform squashes the plane (a scale of 0).
    public var inverted: AffineTransform? {
        let det = xx * yy - xy * yx
        guard det != 0, det.isFinite else { return nil }
        return AffineTransform(xx: yy / det, yx: -yx / det, xy: -xy / det, yy: xx / det,
                               x0: (xy * y0 - yy * x0) / det, y0: (yx * x0 - xx * y0) / det)
    }

    /// Whether every component is finite.
    public var isFinite: Bool {
        xx.isFinite && yx.isFinite && xy.isFinite && yy.isFinite && x0.isFinite && y0.isFinite
    }

    /// Whether it keeps rectangles axis-aligned (no rotation or shear).
    public var isAxisAligned: Bool { yx == 0 && xy == 0 }

    /// The smallest axis-aligned rectangle holding `rect` transformed.
    public func boundingBox(of rect: Rect) -> Rect {
        let corners = [Point(x: rect.minX, y: rect.minY), Point(x: rect.maxX, y: rect.minY),
                       Point(x: rect.minX, y: rect.maxY), Point(x: rect.maxX, y: rect.maxY)].map(apply)
        let xs = corners.map(\.x), ys = corners.map(\.y)
        let minX = xs.min()!, minY = ys.min()!
        return Rect(x: minX, y: minY, width: xs.max()! - minX, height: ys.max()! - minY)
    }
}
