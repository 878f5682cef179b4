import RenditionCodecs
import RenditionCore

/// Fits an Xcode sticker sequence (one PNG per frame) under a byte limit for the whole
/// sticker: Apple's 500 KB is checked by the asset compiler and by Messages for the entire
/// sticker, not for each frame (Apple DTS, developer forums thread 50394).
///
/// The ladder is `SizeFitter`'s for APNG, measured on the sum of the frames' files: every
/// frame lossless, then one palette for every frame (dithered 256 colours above the similarity
/// floor, then 256, 128, 64, 32 and 16 colours), then a lower frame rate with fewer colours.
/// The first step whose frames add up to at most the limit is kept.
struct SequenceFitter: Sendable {
    /// A sequence under the limit.
    struct Fitted {
        /// One PNG per frame of `animation`.
        let files: [[UInt8]]
        /// The animation the files hold (fewer frames when the frame rate was lowered).
        let animation: Animation
        /// The step's name.
        let step: String
        /// 1-based position of the step in the ladder.
        let stepIndex: Int
        /// What the step gave up (empty for the lossless step).
        let givenUp: [String]
    }

    /// The byte limit for all frames together (inclusive).
    let limit: Int
    /// Deflate level of every frame's PNG.
    let compressionLevel: Int
    /// Threads that encode frames side by side (the bytes do not depend on it).
    let threads: Int
    /// Whether every frame must be kept (no lower frame rate).
    let preserveFrames: Bool
    /// The dithered palette step's similarity floor.
    let paletteSimilarity: Double

    /// A step: a name, what it gives up, and the animation it writes (`nil`: does not apply).
    struct Step {
        let name: String
        let givenUp: [String]
        let transform: (Animation) throws(CodecError) -> Animation?
    }

    /// The steps, in order: every frame lossless, then the PNG ladders' reductions
    /// (`SizeFitter.paletteReductions`); a lower frame rate only for a sequence long enough to
    /// keep two frames.
    var steps: [Step] {
        [Step(name: "lossless sequence", givenUp: []) { $0 }]
            + SizeFitter.paletteReductions(similarity: paletteSimilarity, lowerFrameRate: !preserveFrames).map {
                reduction in
                Step(name: reduction.name, givenUp: reduction.givenUp) { animation throws(CodecError) in
                    guard animation.frames.count >= reduction.frameRateDivisor * 2 else { return nil }
                    return try reduction.reduce(animation)
                }
            }
    }

    /// Frames encoded per step to predict a long sequence's total (spread evenly over it).
    static let sampleFrames = 8

    /// The first step of the ladder whose frames fit `limit` together.
    ///
    /// Frames of a sequence are files of their own, so a sample predicts the total well: for
    /// a sequence of more than `sampleFrames` frames each step is first tried on a sample
    /// (its palette made from the sample), and only a step predicted to fit is encoded whole;
    /// the files kept are always a whole encode measured under the limit. When no step is
    /// predicted to fit, nothing is encoded whole.
    /// - Throws: `SizeFitError` with the smallest total reached (or predicted) when no step
    ///   fits; a codec error when a frame cannot be encoded.
    func fit(_ animation: Animation) throws -> Fitted {
        let sample = Self.sample(animation)
        var smallest = Int.max
        var lastStep = ""
        for (index, step) in steps.enumerated() {
            if let sample {
                guard let written = try step.transform(sample) else { continue }
                let sampled = try encode(written).reduce(0) { $0 + $1.count }
                let frames = Double(animation.frames.count) * Double(written.frames.count) / Double(sample.frames.count)
                let predicted = Int((Double(sampled) / Double(written.frames.count) * frames).rounded())
                lastStep = step.name
                smallest = min(smallest, predicted)
                guard predicted <= limit else { continue }
            }
            guard let written = try step.transform(animation) else { continue }
            let files = try encode(written)
            let total = files.reduce(0) { $0 + $1.count }
            lastStep = step.name
            smallest = min(smallest, total)
            if total <= limit {
                return Fitted(
                    files: files, animation: written, step: step.name, stepIndex: index + 1, givenUp: step.givenUp)
            }
        }
        throw SizeFitError(limit: limit, smallest: smallest, lastStep: lastStep)
    }

    /// `sampleFrames` frames spread evenly over `animation`, or `nil` when the animation is no
    /// longer than the sample.
    static func sample(_ animation: Animation) -> Animation? {
        let count = animation.frames.count
        guard count > sampleFrames else { return nil }
        return Animation(
            width: animation.width, height: animation.height,
            frames: (0..<sampleFrames).map { animation.frames[$0 * count / sampleFrames] }, loopCount: animation.loopCount)
    }

    /// Every frame of `animation` as a PNG, side by side on `threads`.
    func encode(_ animation: Animation) throws(CodecError) -> [[UInt8]] {
        let encoder = PNGEncoder(options: .init(compressionLevel: compressionLevel))
        let frames = animation.frames
        return try ParallelWork.map(count: frames.count, threads: threads) { index throws(CodecError) in
            try encoder.encode(frames[index].raster)
        }
    }
}
