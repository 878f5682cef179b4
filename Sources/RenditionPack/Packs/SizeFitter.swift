import RenditionCodecs
import RenditionCore

/// The outcome of fitting one output under its byte limit.
public struct FittedFile: Sendable {
    /// The encoded file.
    public let bytes: [UInt8]
    /// The ladder step that produced it, e.g. `lossless (deflate level 8)`.
    public let step: String
    /// 1-based position of that step on the ladder.
    public let stepIndex: Int
    /// What was given up to get under the limit (empty for lossless steps).
    public let givenUp: [String]
}

/// Why an output could not be made to fit.
public struct SizeFitError: Error, Sendable, CustomStringConvertible {
    /// The byte limit.
    public let limit: Int
    /// The smallest result the ladder reached.
    public let smallest: Int
    /// The last step tried.
    public let lastStep: String

    /// A sentence for people.
    public var description: String {
        "cannot get under \(limit) bytes: the smallest result (\(lastStep)) is \(smallest) bytes; simplify the art or shorten the animation"
    }
}

/// Gets an output under a byte limit by walking a fixed, deterministic ladder: lossless
/// steps first (more deflate effort; WebP lossless at the highest effort), then lossy ones
/// (fewer colours, lower WebP quality, then a lower frame rate for animations). The pixel
/// size is never reduced. The first result under the limit wins; if none fits, nothing is
/// written and the error says how close the ladder came.
public struct SizeFitter: Sendable {
    /// One rung of the ladder.
    struct Step {
        let name: String
        let givenUp: [String]
        let encode: @Sendable (Animation) throws(CodecError) -> [UInt8]
    }

    /// The byte limit (inclusive).
    public let limit: Int
    /// The first (default) deflate level for PNG/APNG.
    public let compressionLevel: Int
    /// Whether every frame must be kept (no merging of identical frames in APNG).
    public let preserveFrames: Bool

    /// Creates a fitter.
    public init(limit: Int, compressionLevel: Int = PNGEncoder.defaultCompressionLevel, preserveFrames: Bool = false) {
        self.limit = limit
        self.compressionLevel = compressionLevel
        self.preserveFrames = preserveFrames
    }

    /// Encodes `animation` as `format` under the limit.
    public func fit(_ animation: Animation, as format: OutputFormat) throws -> FittedFile {
        var smallest = Int.max
        var lastStep = ""
        for (index, step) in ladder(for: format, animated: animation.isAnimated).enumerated() {
            let bytes = try step.encode(animation)
            smallest = min(smallest, bytes.count)
            lastStep = step.name
            if bytes.count <= limit {
                return FittedFile(bytes: bytes, step: step.name, stepIndex: index + 1, givenUp: step.givenUp)
            }
        }
        throw SizeFitError(limit: limit, smallest: smallest, lastStep: lastStep)
    }

    /// The ladder for a format.
    func ladder(for format: OutputFormat, animated: Bool) -> [Step] {
        let level = compressionLevel
        let merge = !preserveFrames
        var steps: [Step] = []
        switch format {
        case .auto, .png, .apng:
            let encodeLossless: @Sendable (Animation, Int) throws(CodecError) -> [UInt8] = { animation, level throws(CodecError) in
                animation.isAnimated
                    ? try APNGEncoder(options: .init(compressionLevel: level, mergeIdenticalFrames: merge)).encode(animation)
                    : try PNGEncoder(options: .init(compressionLevel: level)).encode(animation.firstFrame)
            }
            steps.append(Step(name: "lossless (deflate level \(level))", givenUp: []) { a throws(CodecError) in try encodeLossless(a, level) })
            if level < 12 {
                steps.append(Step(name: "lossless (deflate level 12)", givenUp: []) { a throws(CodecError) in try encodeLossless(a, 12) })
            }
            for colours in [256, 128, 64, 32, 16] {
                steps.append(Step(name: "palette of \(colours) colours", givenUp: ["colours reduced to \(colours)"]) { a throws(CodecError) in
                    try encodeLossless(Self.quantized(a, colours: colours), 12)
                })
            }
            if animated {
                for (divisor, colours) in [(2, 64), (4, 32)] {
                    steps.append(Step(name: "frame rate / \(divisor), palette of \(colours) colours",
                                      givenUp: ["frame rate divided by \(divisor)", "colours reduced to \(colours)"]) { a throws(CodecError) in
                        try encodeLossless(Self.quantized(Self.reducingFrameRate(a, by: divisor), colours: colours), 12)
                    })
                }
            }
        case .webp:
            steps.append(Step(name: "WebP lossless", givenUp: []) { a throws(CodecError) in try WebPEncoder(options: .lossless).encode(a) })
            var best = WebPEncoder.Options.lossless
            best.method = 6
            steps.append(Step(name: "WebP lossless (effort 6)", givenUp: []) { [best] a throws(CodecError) in try WebPEncoder(options: best).encode(a) })
            for quality in [90, 80, 70, 60, 50, 40, 30] {
                steps.append(Step(name: "WebP lossy quality \(quality)", givenUp: ["lossy compression at quality \(quality)"]) { a throws(CodecError) in
                    try WebPEncoder(options: .lossy(quality: quality)).encode(a)
                })
            }
            if animated {
                for divisor in [2, 4] {
                    steps.append(Step(name: "WebP lossy quality 50, frame rate / \(divisor)",
                                      givenUp: ["lossy compression at quality 50", "frame rate divided by \(divisor)"]) { a throws(CodecError) in
                        try WebPEncoder(options: .lossy(quality: 50)).encode(Self.reducingFrameRate(a, by: divisor))
                    })
                }
            }
        case .webm:
            steps = WebMSizeLadder.steps(animated: animated)
        case .gif:
            for colours in [256, 128, 64, 32] {
                steps.append(Step(name: "GIF with \(colours) colours", givenUp: colours == 256 ? [] : ["colours reduced to \(colours)"]) { a throws(CodecError) in
                    var options = GIFEncoder.Options()
                    options.maxColours = colours
                    return try GIFEncoder(options: options).encode(a)
                })
            }
            if animated {
                for divisor in [2, 4] {
                    steps.append(Step(name: "GIF with 64 colours, frame rate / \(divisor)",
                                      givenUp: ["colours reduced to 64", "frame rate divided by \(divisor)"]) { a throws(CodecError) in
                        var options = GIFEncoder.Options()
                        options.maxColours = 64
                        return try GIFEncoder(options: options).encode(Self.reducingFrameRate(a, by: divisor))
                    })
                }
            }
        }
        return steps
    }

    /// Every frame quantised to one shared palette.
    static func quantized(_ animation: Animation, colours: Int) -> Animation {
        let rasters = PaletteQuantizer(maximumColours: colours).quantize(animation.frames.map(\.raster))
        return Animation(width: animation.width, height: animation.height,
                         frames: zip(rasters, animation.frames).map { AnimationFrame(raster: $0, delay: $1.delay) },
                         loopCount: animation.loopCount)
    }

    /// Keeps every `divisor`-th frame, each taking the delays of the frames it replaces
    /// (the total duration is unchanged).
    public static func reducingFrameRate(_ animation: Animation, by divisor: Int) -> Animation {
        guard divisor > 1, animation.frames.count > 1 else { return animation }
        var frames: [AnimationFrame] = []
        for start in stride(from: 0, to: animation.frames.count, by: divisor) {
            let group = animation.frames[start..<min(start + divisor, animation.frames.count)]
            frames.append(AnimationFrame(raster: group.first!.raster, delay: group.reduce(FrameDelay.zero) { $0 + $1.delay }))
        }
        return Animation(width: animation.width, height: animation.height, frames: frames, loopCount: animation.loopCount)
    }
}
