/// An animated WebP of one frame made from a still one (WebP's container, RIFF chunks as Google's specification
/// lays them out): libwebp writes an animation whose frames all merged into one as a still image, which has no
/// duration; wrapped in VP8X + ANIM + ANMF the frame keeps the recording's length.
enum WebPStillAnimation {
    /// The animation of `still`'s image shown for `milliseconds`, or nil when `still` is an animation already (or
    /// not a WebP file this understands, which is then written as it is).
    static func wrap(_ still: UnsafeBufferPointer<UInt8>, width: Int, height: Int, milliseconds: Int) -> [UInt8]? {
        guard still.count >= 12, Array(still[0..<4]) == Array("RIFF".utf8), Array(still[8..<12]) == Array("WEBP".utf8)
        else { return nil }
        // The image's chunks (ALPH, VP8 or VP8L), without the still file's VP8X.
        var image: [UInt8] = []
        var alpha = false
        var offset = 12
        while offset + 8 <= still.count {
            let name = String(decoding: still[offset..<offset + 4], as: UTF8.self)
            let size = Int(still[offset + 4]) | Int(still[offset + 5]) << 8 | Int(still[offset + 6]) << 16
                | Int(still[offset + 7]) << 24
            let end = offset + 8 + size + size % 2
            guard end <= still.count else { return nil }
            switch name {
            case "ANIM", "ANMF": return nil
            case "ALPH", "VP8L":
                alpha = true
                image += still[offset..<end]
            case "VP8 ":
                image += still[offset..<end]
            default:
                break
            }
            offset = end
        }
        guard !image.isEmpty, width > 0, height > 0 else { return nil }
        let duration = min(max(milliseconds, 1), 0xFF_FFFF)
        let vp8x = [UInt8(alpha ? 0x12 : 0x02), 0, 0, 0] + int24(width - 1) + int24(height - 1)
        let anim: [UInt8] = [255, 255, 255, 255, 0, 0] // background white, loop forever
        let anmf = int24(0) + int24(0) + int24(width - 1) + int24(height - 1) + int24(duration) + [0x02] + image
        let body = Array("WEBP".utf8) + chunk("VP8X", vp8x) + chunk("ANIM", anim) + chunk("ANMF", anmf)
        return Array("RIFF".utf8) + int32(body.count) + body
    }

    private static func chunk(_ name: String, _ payload: [UInt8]) -> [UInt8] {
        Array(name.utf8) + int32(payload.count) + payload + (payload.count % 2 == 1 ? [0] : [])
    }

    private static func int24(_ value: Int) -> [UInt8] {
        [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value >> 16 & 0xFF)]
    }

    private static func int32(_ value: Int) -> [UInt8] {
        int24(value) + [UInt8(value >> 24 & 0xFF)]
    }
}
