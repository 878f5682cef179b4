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

extension FittedQuality {
    /// How close `candidate` — a rendition with fewer frames (each standing for the reference
    /// frames it replaces) or on a smaller canvas, or both — stays to `reference`, as the
    /// truecolour ladder ranks its steps (`SizeFitter`'s measured steps).
    ///
    /// Compared where the viewer sees it: a smaller canvas is scaled back up to the
    /// reference's size with the same Lanczos-3 resampler (a platform shows every sticker in
    /// one box, so a 384 px file is drawn as large as a 512 px one; comparing at 384 px against
    /// the master resampled to 384 px would call the lost detail free). Compared when it is
    /// worst: for up to `moments` of the candidate's frames spread over the animation, the
    /// frame against the reference frame shown just before it ends — the last one it stands
    /// for, where a held frame has drifted furthest from the motion. (Moments at fixed times,
    /// as `score` takes them, can all fall on kept frames — 32 frames at half the frame rate
    /// — and call a dropped frame rate lossless.) With as many frames as the reference this
    /// compares frame with frame. SSIM over black and over white, the lower; the lowest moment kept.
    static func heldScore(of candidate: Animation, against reference: Animation) -> Double {
        guard !candidate.frames.isEmpty, !reference.frames.isEmpty else { return 0 }
        let count = min(moments, candidate.frames.count)
        // Each candidate frame's end time.
        var ends: [Double] = []
        var end = 0.0
        for frame in candidate.frames {
            end += frame.delay.seconds
            ends.append(end)
        }
        let resampler = LanczosResampler()
        var lowest = 1.0
        for moment in 0..<count {
            let index = (2 * moment + 1) * candidate.frames.count / (2 * count)
            let start = index == 0 ? 0 : ends[index - 1]
            // Just before the frame ends, never before it starts (zero delays).
            let time = max(start, ends[index] - 1e-6)
            let expected = frame(of: reference, at: time)
            var shown = candidate.frames[index].raster
            if shown.width != reference.width || shown.height != reference.height {
                shown = resampler.resample(shown, width: reference.width, height: reference.height)
            }
            lowest = min(lowest, StructuralSimilarity.similarity(expected, shown))
        }
        return lowest
    }
}
