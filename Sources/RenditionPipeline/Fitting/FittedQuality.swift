import RenditionCodecs
import RenditionCore

/// How close a file fitted under a byte limit stays to the rendition it was fitted from: the
/// file decoded again and compared by `StructuralSimilarity` (SSIM over black and over white,
/// the lower) with the unfitted pixels at up to `moments` points of the animation's timeline,
/// the lowest score kept. Frames are matched by time, so a file whose frame rate was lowered
/// is compared with what the master shows at the same moment.
enum FittedQuality {
    /// The most moments of an animation compared.
    static let moments = 8

    /// The score of `encoded` against `reference`, or `nil` when it cannot be decoded or its
    /// pixel size differs.
    static func score(of encoded: [UInt8], against reference: Animation, limits: DecodeLimits) -> Double? {
        guard let decoded = try? ImageDecoder.decodeAnimation(encoded, limits: limits),
            decoded.width == reference.width, decoded.height == reference.height
        else { return nil }
        let count = min(moments, reference.frames.count)
        let duration = reference.duration.seconds
        var lowest = 1.0
        for moment in 0..<count {
            let time = count == 1 ? 0 : (Double(moment) + 0.5) / Double(count) * duration
            let expected = frame(of: reference, at: time)
            let shown = frame(of: decoded, at: time)
            lowest = min(lowest, StructuralSimilarity.similarity(expected, shown))
        }
        return lowest
    }

    /// The frame `animation` shows `time` seconds into its first loop (the last frame after it).
    static func frame(of animation: Animation, at time: Double) -> Raster {
        var end = 0.0
        for frame in animation.frames {
            end += frame.delay.seconds
            if time < end { return frame.raster }
        }
        return animation.frames[animation.frames.count - 1].raster
    }
}
