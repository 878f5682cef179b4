import RenditionCodecs
import RenditionCore

/// The outcome of fitting one output under its byte limit.
public struct FittedFile: Sendable {
    /// The encoded file.
    public let bytes: [UInt8]
    /// The ladder step that produced it, e.g. `lossless (deflate level 8)`.
    public let step: String
    /// 1-based position of that step on the ladder.
    package let stepIndex: Int
    /// What was given up to get under the limit (empty for lossless steps).
    public let givenUp: [String]
    /// The side of the smaller square canvas the file was written on (the truecolour
    /// ladder's smaller-canvas step); `nil` when it keeps the animation's size.
    public var canvasSide: Int? = nil
    /// The truecolour ladder's score of the file (`FittedQuality.heldScore`), 1 when lossless;
    /// `nil` for the other ladders, whose files are scored by `FittedQuality.score`.
    public var quality: Double? = nil
    /// The truecolour ladder's other steps, as measured or predicted when it chose.
    var alternatives: [MeasuredStep] = []
}

/// Why an output could not be made to fit.
public struct SizeFitError: Error, Sendable, CustomStringConvertible {
    /// The byte limit.
    package let limit: Int
    /// The smallest result the ladder reached.
    public let smallest: Int
    /// The last step tried.
    public let lastStep: String

    /// A sentence for people.
    public var description: String {
        "cannot get under \(limit) bytes: the smallest result (\(StatedReason.stated(lastStep, otherwise: "no step named"))) is \(smallest) bytes; simplify the art or shorten the animation"
    }
}

/// Gets an output under a byte limit by walking a fixed, deterministic ladder: lossless
/// steps first (more deflate effort; WebP lossless at the highest effort), then lossy ones
/// (for PNG and APNG first a dithered palette of 256 colours whose SSIM is at least
/// `paletteSimilarity`, then undithered palettes of fewer and fewer colours; lower WebP
/// quality, colour and alpha together, down to 0; then a lower frame rate for animations).
/// The pixel size is never reduced. A step
/// that does not apply is skipped: the dithered palette when the image has at most 256
/// colours already or the palette falls below its similarity floor. The first result under
/// the limit wins; if none fits, nothing is
/// written and the error says how close the ladder came.
///
/// Long animations are not re-encoded whole at every step. Each step's full size is
/// predicted from a sample of frames (a few short runs of consecutive frames, so inter-frame
/// compression is sampled too; single frames spread evenly when every frame is a key frame,
/// as the file is then the sum of its frames): the sample's size scaled by frames, times a calibration
/// factor that starts at 1 and becomes the measured full size over the predicted one after
/// each full encode. The first step predicted to fit is encoded in full; with the calibrated
/// factor the earliest step predicted to fit is then tried in full too when it comes before,
/// and when a full encode does not fit the ladder goes on from the next step predicted to
/// fit. On the WebP ladder, whose steps only get smaller, the step predicted to fit is found
/// by bisection, a few sample encodes in all. The WebM ladder encodes its first step (VP9's
/// quick real-time mode) whole before predicting, as short runs misjudge a video codec. Typically one or two full encodes; the choices
/// depend only on the pixels, so the result is deterministic.
public struct SizeFitter: Sendable {
    /// One rung of the ladder.
    package struct Step {
        let name: String
        let givenUp: [String]
        /// The file, or nil when the step does not apply to this animation.
        let encode: @Sendable (Animation) throws(CodecError) -> [UInt8]?
        /// A quick size the step's file cannot get below (by a margin measured for the
        /// encoder), when there is one: a long animation's prediction skips the slow encode
        /// of its sample when this alone puts the step over the limit.
        var lowerBound: (@Sendable (Animation) throws(CodecError) -> Int?)? = nil
    }

    /// A format's ladder (`ImageFormatEncoder.ladder`): its steps, best first, and how a
    /// long animation walks them.
    package struct Ladder {
        /// The steps, best first.
        let steps: [Step]
        /// Whether each step's file is smaller than the one before, so a long animation's
        /// ladder is bisected (WebP).
        var orderedBySize = false
        /// Whether a long animation's first step is encoded whole before anything is
        /// predicted from a sample (WebM).
        var calibratesOnFirstStep = false
    }

    /// The byte limit (inclusive).
    package let limit: Int
    /// The first (default) deflate level for PNG/APNG.
    package let compressionLevel: Int
    /// Whether every frame must be kept (no merging of identical frames in APNG).
    package let preserveFrames: Bool
    /// Threads an APNG encode may use for its frames (the bytes do not depend on it).
    package let threads: Int
    /// The similarity floor of the dithered palette step (`PaletteQuantization.minimumSimilarity`).
    package let paletteSimilarity: Double
    /// Whether an animated PNG may be written with a palette (lossless when it has at most 256
    /// colours, or by the palette steps); `false`: truecolour only, fitted by `fitTruecolour`.
    package let animatedPalette: Bool
    /// Whether every frame of an animated WebP is a key frame (`RenditionTarget.webpKeyFramesOnly`).
    package let webpKeyFramesOnly: Bool

    /// Animations with more frames than this are fitted from a sample.
    package static let sampledAbove = 16
    /// Consecutive frames per sampled run.
    static let runLength = 2
    /// Sampled runs, spread evenly over the animation.
    static let runCount = 4

    /// Creates a fitter.
    public init(
        limit: Int, compressionLevel: Int = PNGEncoder.defaultCompressionLevel, preserveFrames: Bool = false,
        threads: Int = 1,
        paletteSimilarity: Double = PaletteQuantization.defaultMinimumSimilarity, animatedPalette: Bool = true,
        webpKeyFramesOnly: Bool = false
    ) {
        self.limit = limit
        self.webpKeyFramesOnly = webpKeyFramesOnly
        self.animatedPalette = animatedPalette
        self.paletteSimilarity = paletteSimilarity
        self.compressionLevel = compressionLevel
        self.preserveFrames = preserveFrames
        self.threads = max(1, threads)
    }

    /// Encodes `animation` as `format` under the limit.
    public func fit(_ animation: Animation, as format: OutputFormat) throws -> FittedFile {
        try fit(animation, as: format, smallerCanvas: nil)
    }

    /// Encodes `animation` as `format` under the limit with the format's encoder
    /// (`ImageFormatEncoder.fit`); a truecolour animation may be placed on a smaller canvas by
    /// `smallerCanvas`.
    func fit(_ animation: Animation, as format: OutputFormat, smallerCanvas: SmallerCanvas?) throws -> FittedFile {
        try format.encoder.fit(animation, with: self, smallerCanvas: smallerCanvas)
    }

    /// Walks `encoder`'s ladder: every step in order for a short animation or a still, the
    /// first under the limit winning; for a long one, steered by predictions from a sample
    /// (`fitPredicted`).
    /// - Throws: ``SizeFitError`` when no step gets under the limit; ``CodecError`` when an
    ///   encoder fails.
    func walk(_ animation: Animation, of encoder: any ImageFormatEncoder) throws -> FittedFile {
        let ladder = encoder.ladder(
            self, animated: animation.isAnimated, short: animation.frames.count <= Self.sampledAbove)
        let steps = ladder.steps
        if animation.isAnimated && animation.frames.count > Self.sampledAbove {
            return try fitPredicted(
                animation, steps: steps, orderedBySize: ladder.orderedBySize,
                calibratesOnFirstStep: ladder.calibratesOnFirstStep)
        }
        var smallest = Int.max
        var lastStep = ""
        for (index, step) in steps.enumerated() {
            if let bound = step.lowerBound, let floor = try bound(animation), floor > limit { continue }
            guard let bytes = try step.encode(animation) else { continue }
            smallest = min(smallest, bytes.count)
            lastStep = step.name
            if bytes.count <= limit {
                return FittedFile(bytes: bytes, step: step.name, stepIndex: index + 1, givenUp: step.givenUp)
            }
        }
        throw SizeFitError(limit: limit, smallest: smallest, lastStep: lastStep)
    }

    /// The ladder for a long animation, steered by sample predictions (see the type's notes).
    func fitPredicted(
        _ animation: Animation, steps: [Step], orderedBySize: Bool, calibratesOnFirstStep: Bool = false
    ) throws -> FittedFile {
        let sample = webpKeyFramesOnly ? Self.spreadSample(animation) : Self.sample(animation)
        let frames = Double(animation.frames.count) / Double(sample.frames.count)
        // Sample sizes by step; infinity for a step that does not apply to the sample.
        var sampleSizes = [Double?](repeating: nil, count: steps.count)
        var sampleBounds = [Double?](repeating: nil, count: steps.count)
        func predicted(_ index: Int, _ calibration: Double) throws -> Double {
            if sampleSizes[index] == nil, let bound = steps[index].lowerBound {
                if sampleBounds[index] == nil { sampleBounds[index] = try bound(sample).map(Double.init) ?? .infinity }
                let floor = sampleBounds[index]! * frames * calibration
                if floor > Double(limit) { return floor }
            }
            if sampleSizes[index] == nil {
                sampleSizes[index] = try steps[index].encode(sample).map { Double($0.count) } ?? .infinity
            }
            return sampleSizes[index]! * frames * calibration
        }
        let target = Double(limit) * 0.97
        /// The first step from `start` predicted to fit, else the last step. On a ladder
        /// ordered by size the steps after `start` are bisected: a few sample encodes
        /// instead of one a step.
        func firstPredictedToFit(from start: Int, _ calibration: Double) throws -> Int {
            guard orderedBySize, start < steps.count else {
                for index in start..<steps.count where try predicted(index, calibration) <= target { return index }
                return steps.count - 1
            }
            if try predicted(start, calibration) <= target { return start }
            var low = start + 1
            var high = steps.count
            while low < high {
                let middle = (low + high) / 2
                if try predicted(middle, calibration) <= target { high = middle } else { low = middle + 1 }
            }
            return min(low, steps.count - 1)
        }
        var calibration = 1.0
        var tried = Set<Int>()
        var best: (index: Int, bytes: [UInt8])?
        var smallest = Int.max
        var lastStep = ""
        // VP9's first step (real-time mode) is quick to encode whole, and a sample of short
        // runs misjudges a video codec's inter-frame compression (by two thirds on 90-frame
        // video masters): encoding it first calibrates every prediction after it.
        var next = calibratesOnFirstStep ? 0 : try firstPredictedToFit(from: 0, calibration)
        while !tried.contains(next) {
            tried.insert(next)
            let encoded = try steps[next].encode(animation)
            if let encoded {
                smallest = min(smallest, encoded.count)
                lastStep = steps[next].name
                let prediction = try predicted(next, 1)
                if prediction.isFinite { calibration = Double(encoded.count) / max(1, prediction) }
            }
            if let bytes = encoded, bytes.count <= limit {
                if best == nil || next < best!.index { best = (next, bytes) }
                let earlier = try firstPredictedToFit(from: 0, calibration)
                if earlier >= next || tried.contains(earlier) { break }
                next = earlier
            } else {
                if let best, best.index > next { break }
                guard next + 1 < steps.count else { break }
                next = try firstPredictedToFit(from: next + 1, calibration)
                if tried.contains(next) { next = (next + 1..<steps.count).first { !tried.contains($0) } ?? next }
            }
        }
        guard let best else { throw SizeFitError(limit: limit, smallest: smallest, lastStep: lastStep) }
        let step = steps[best.index]
        return FittedFile(bytes: best.bytes, step: step.name, stepIndex: best.index + 1, givenUp: step.givenUp)
    }

    /// A few short runs of consecutive frames spread over `animation`, with their delays.
    static func sample(_ animation: Animation) -> Animation {
        let count = animation.frames.count
        var indices: [Int] = []
        for run in 0..<runCount {
            let start = min(count - runLength, run * count / runCount)
            for offset in 0..<runLength where !indices.contains(start + offset) { indices.append(start + offset) }
        }
        return Animation(
            width: animation.width, height: animation.height, frames: indices.map { animation.frames[$0] },
            loopCount: animation.loopCount)
    }

    /// The WebP ladder's lossy qualities, best first. Each step uses its quality for the
    /// alpha plane too: the alpha plane of a video master is noisy at the edges and, kept
    /// lossless, is half of a lossy frame's bytes, while measured SSIM over black and over
    /// white does not move until alpha quality 0 (on clean art alpha costs little either way).
    /// The ladder goes down to quality 0 before it gives up frames: on 512 px WebM masters
    /// quality 0 still scores about 0.97, where half the frame rate scores 0.5-0.6 (a frame
    /// shown at the wrong moment).
    static let webpLossyQualities = [90, 80, 70, 60, 50, 40, 30, 20, 10, 0]

    /// libwebp's effort (`method`) for the lossy steps of an animation. Effort 2 encodes a
    /// 512 px frame in about half the time of the default 4 and writes files 2-3 % larger
    /// at the same SSIM (measured on video masters and emoji art); an animation is encoded
    /// whole up to twice, its sample at several steps, so the time matters more than for a
    /// still, which keeps effort 4.
    static let webpAnimatedLossyMethod = 2

    /// `animation` with runs of identical frames merged, unless that leaves one frame (an
    /// animated sticker whose frames are all alike stays an animation).
    static func mergingIdenticalFrames(_ animation: Animation) -> Animation {
        let merged = AnimationConstraints.mergingIdenticalFrames(animation)
        return merged.isAnimated || !animation.isAnimated ? merged : animation
    }

    /// Frames sampled by `spreadSample`.
    static let spreadCount = 12

    /// Single frames at the middles of equal slices of `animation`, for a file in which every
    /// frame is a key frame (its size is the sum of its frames'). Runs from the starts of
    /// quarters sampled the alternating frame sizes of 30 fps video masters on one side,
    /// predicting 6-11 % low; twelve middles came within 1 %.
    static func spreadSample(_ animation: Animation) -> Animation {
        let count = animation.frames.count
        let indices = (0..<min(spreadCount, count)).map { (2 * $0 + 1) * count / (2 * min(spreadCount, count)) }
        return Animation(
            width: animation.width, height: animation.height, frames: indices.map { animation.frames[$0] },
            loopCount: animation.loopCount)
    }

    /// The steps of `format`'s ladder (`ImageFormatEncoder.ladder`); `short`: an animation
    /// encoded whole at every step (VP9 then starts at better qualities).
    func ladder(for format: OutputFormat, animated: Bool, short: Bool = false) -> [Step] {
        format.encoder.ladder(self, animated: animated, short: short).steps
    }

    /// A ladder's last steps for an animation whose frames may be dropped: `step` at half and
    /// at a quarter of the frame rate (`step` is given the divisor); none for a still or when
    /// every frame is kept.
    func frameRateSteps(animated: Bool, _ step: (Int) -> Step) -> [Step] {
        guard animated && !preserveFrames else { return [] }
        return [2, 4].map(step)
    }

    /// The name of the dithered palette step with similarity floor `similarity`.
    static func ditheredPaletteStepName(_ similarity: Double) -> String {
        "dithered palette of 256 colours (SSIM ≥ \(similarity))"
    }

    /// A lossy step of the PNG ladders before encoding: what it gives up, and the animation it
    /// leaves (`nil` when it does not apply).
    struct Reduction: Sendable {
        let name: String
        let givenUp: [String]
        /// What the frame rate is divided by (1: kept).
        var frameRateDivisor = 1
        let reduce: @Sendable (Animation) throws(CodecError) -> Animation?
    }

    /// The PNG and APNG ladders' lossy reductions, in order (shared with the sticker-sequence
    /// ladder): a dithered palette of 256 colours above `similarity`, palettes of 256 down to
    /// 16 colours, then, with `lowerFrameRate`, half and a quarter of the frame rate with 64
    /// and 32 colours.
    static func paletteReductions(similarity: Double, lowerFrameRate: Bool) -> [Reduction] {
        let palette = PaletteQuantization(minimumSimilarity: similarity)
        var reductions = [
            Reduction(
                name: ditheredPaletteStepName(similarity),
                givenUp: ["colours reduced to a dithered palette of 256 (SSIM ≥ \(similarity))"]
            ) { a throws(CodecError) in try quantized(a, settings: palette) }
        ]
        for colors in [256, 128, 64, 32, 16] {
            reductions.append(
                Reduction(name: "palette of \(colors) colours", givenUp: ["colours reduced to \(colors)"]) {
                    quantized($0, colors: colors)
                })
        }
        guard lowerFrameRate else { return reductions }
        for (divisor, colors) in [(2, 64), (4, 32)] {
            reductions.append(
                Reduction(
                    name: "frame rate / \(divisor), palette of \(colors) colours",
                    givenUp: ["frame rate divided by \(divisor)", "colours reduced to \(colors)"],
                    frameRateDivisor: divisor
                ) { quantized(reducingFrameRate($0, by: divisor), colors: colors) })
        }
        return reductions
    }

    /// Every frame reduced to one shared dithered palette; nil when the animation has at most
    /// 256 colours already or the palette is refused.
    static func quantized(_ animation: Animation, settings: PaletteQuantization) throws(CodecError) -> Animation? {
        guard
            let images = try DitheredPaletteQuantizer(settings: settings).quantize(animation.frames.map(\.raster))
                .quantizedImages
        else { return nil }
        return Animation(
            width: animation.width, height: animation.height,
            frames: zip(images.rasters, animation.frames).map { AnimationFrame(raster: $0, delay: $1.delay) },
            loopCount: animation.loopCount)
    }

    /// Every frame quantised to one shared palette.
    static func quantized(_ animation: Animation, colors: Int) -> Animation {
        let rasters = PaletteQuantizer(maximumColors: colors).quantize(animation.frames.map(\.raster))
        return Animation(
            width: animation.width, height: animation.height,
            frames: zip(rasters, animation.frames).map { AnimationFrame(raster: $0, delay: $1.delay) },
            loopCount: animation.loopCount)
    }

    /// Keeps every `divisor`-th frame, each taking the delays of the frames it replaces
    /// (the total duration is unchanged).
    package static func reducingFrameRate(_ animation: Animation, by divisor: Int) -> Animation {
        guard divisor > 1, animation.frames.count > 1 else { return animation }
        var frames: [AnimationFrame] = []
        for start in stride(from: 0, to: animation.frames.count, by: divisor) {
            let group = animation.frames[start..<min(start + divisor, animation.frames.count)]
            frames.append(
                AnimationFrame(raster: group.first!.raster, delay: group.reduce(FrameDelay.zero) { $0 + $1.delay }))
        }
        return Animation(
            width: animation.width, height: animation.height, frames: frames, loopCount: animation.loopCount)
    }
}
