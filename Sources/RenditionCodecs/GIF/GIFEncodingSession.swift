import RenditionCore

/// Takes an animation's frames one at a time and writes the GIF when the last has come
/// (`GIFEncoder.makeSession`): each frame's alpha is resolved and its colours counted as it
/// is added, while its pixels are still in cache, and nothing keeps the raster, so a caller
/// that makes frames one by one (decode, resample) can reuse one buffer for all of them.
/// The bytes are those of `GIFEncoder.encode` on the same frames.
public struct GIFEncodingSession: Sendable {
    private let encoder: GIFEncoder
    private let resolver: GIFAlphaResolver
    /// Canvas width in pixels.
    public let width: Int
    /// Canvas height in pixels.
    public let height: Int
    private var histogram = GIFColorHistogram()
    private var targets: [GIFResolvedFrame] = []
    /// The runs of the frame being added (reused: a frame's worst case is one run per pixel).
    private var runScratch: [UInt64] = []
    private var delays: [FrameDelay] = []

    init(encoder: GIFEncoder, width: Int, height: Int) {
        self.encoder = encoder
        self.width = width
        self.height = height
        resolver = GIFAlphaResolver(threshold: encoder.options.alphaThreshold, matte: encoder.options.matte)
    }

    /// Frames added so far.
    public var frameCount: Int { targets.count }

    /// Adds the next frame (premultiplied, the session's size), shown for `delay`.
    /// - Throws: `CodecError.encodingFailed` when the raster is not the session's size.
    public mutating func add(_ raster: Raster, delay: FrameDelay) throws(CodecError) {
        guard raster.width == width && raster.height == height else {
            throw .encodingFailed(
                format: .gif,
                reason:
                    "frame \(targets.count) is \(raster.width)x\(raster.height), not the animation's \(width)x\(height)"
            )
        }
        targets.append(resolver.resolve(raster, counting: &histogram, scratch: &runScratch))
        delays.append(delay)
    }

    /// The GIF file of the frames added, played `loopCount` times (0 = forever).
    /// - Throws: `CodecError.encodingFailed` when no frame was added.
    public func finish(loopCount: Int) throws(CodecError) -> [UInt8] {
        guard !targets.isEmpty else {
            throw .encodingFailed(format: .gif, reason: "an animation needs at least one frame")
        }
        return try encoder.encode(
            targets: targets, histogram: histogram, delays: delays, width: width, height: height,
            loopCount: loopCount)
    }
}
