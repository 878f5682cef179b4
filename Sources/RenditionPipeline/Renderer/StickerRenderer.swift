import RenditionCodecs
import RenditionCore

/// One rendition of a sticker: its scale, pixel size and encoded file bytes.
public struct Rendition: Sendable {
    /// @1x, @2x or @3x.
    public let scale: StickerScale
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// The encoded file.
    public let bytes: [UInt8]
    /// The file extension of `bytes`.
    public let fileExtension: String
}

/// A rendered sticker: its master's size and its renditions.
package struct RenderedSticker: Sendable {
    /// The master's width in pixels.
    package let masterWidth: Int
    /// The master's height in pixels.
    package let masterHeight: Int
    /// The renditions, in the order of the options' scales.
    package let renditions: [Rendition]
    /// Whether no pixel of the master is transparent (`PipelineResult.masterIsOpaque`).
    package var masterIsOpaque = false
}

/// What to produce from each @3x master.
public struct RenderOptions: Sendable, Equatable {
    /// The scales to write, highest first. @3x means re-encoding the master.
    public var scales: [StickerScale]
    /// PNG encoder settings (also the APNG palette choice and lossy palette settings).
    public var png: PNGEncoder.Options
    /// The APNG deflate level (`APNGEncoder.defaultCompressionLevel` by default).
    public var apngCompressionLevel: Int
    /// WebP encoder settings, for WebP renditions.
    public var webp: WebPEncoder.Options
    /// GIF encoder settings, for GIF renditions.
    public var gif: GIFEncoder.Options
    /// WebM (VP9) encoder settings, for WebM renditions.
    public var webm: WebMEncoder.Options
    /// Decoding limits for the inputs.
    public var limits: DecodeLimits
    /// The container of the renditions.
    public var format: OutputFormat
    /// Threads used to resample the frames of one animation (1 when a batch already runs
    /// stickers in parallel).
    public var frameThreads: Int

    /// Creates options; by default @2x and @1x.
    public init(
        scales: [StickerScale] = [.x2, .x1], png: PNGEncoder.Options = .init(), limits: DecodeLimits = .default,
        format: OutputFormat = .auto, frameThreads: Int = 1, webp: WebPEncoder.Options = .lossless,
        gif: GIFEncoder.Options = .init(), apngCompressionLevel: Int = APNGEncoder.defaultCompressionLevel,
        webm: WebMEncoder.Options = .init()
    ) {
        self.webm = webm
        self.apngCompressionLevel = apngCompressionLevel
        self.scales = scales.sorted(by: >)
        self.png = png
        self.webp = webp
        self.gif = gif
        self.limits = limits
        self.format = format
        self.frameThreads = max(1, frameThreads)
    }
}

/// Turns the bytes of an @3x sticker into encoded renditions at the options' scales: decode,
/// Lanczos-3 resample on premultiplied alpha, encode. A face over `StickerPipeline` with one
/// `RenditionTarget.rendition` per scale and no byte limit.
public struct StickerRenderer: Sendable {
    /// The settings used for every sticker.
    public let options: RenderOptions

    /// Creates a renderer.
    public init(options: RenderOptions = RenderOptions()) {
        self.options = options
    }

    /// The same renderer with `frameThreads` set.
    package func withFrameThreads(_ threads: Int) -> StickerRenderer {
        var options = self.options
        options.frameThreads = max(1, threads)
        return StickerRenderer(options: options)
    }

    /// The pipeline's targets: one rendition per scale of the options, in the options' format.
    package var targets: [RenditionTarget] {
        options.scales.map { RenditionTarget.rendition($0, format: options.format) }
    }

    /// Renders one sticker (still or animated) from its file bytes.
    public func render(_ bytes: [UInt8]) throws(CodecError) -> [Rendition] {
        try render(bytes, scratch: RenderScratch(options: options))
    }

    /// Renders one sticker (still or animated) from its file bytes, reusing `scratch` (one per
    /// thread).
    public func render(_ bytes: [UInt8], scratch: RenderScratch) throws(CodecError) -> [Rendition] {
        try renderSticker(bytes, scratch: scratch).renditions
    }

    /// Renders one sticker from its file bytes, reusing `scratch` (one per thread), and says
    /// the master's size. Without @3x output, each frame is resampled as soon as it is decoded
    /// (less memory, and faster than resampling frames in parallel after decoding them all);
    /// with @3x the master is decoded whole first. The bytes are the same either way. Vector
    /// art (TGS, Lottie) is drawn at each rendition's size.
    package func renderSticker(_ bytes: [UInt8], scratch: RenderScratch) throws(CodecError) -> RenderedSticker {
        try renditions(of: StickerPipeline(options: options).run(.bytes(bytes), targets: targets, scratch: scratch))
    }

    /// Renders a decoded sticker whose file was in `inputFormat`.
    package func render(master: Animation, inputFormat: ImageFormat, scratch: RenderScratch) throws(CodecError)
        -> [Rendition]
    {
        try renditions(
            of: StickerPipeline(options: options).run(
                .animation(master, format: inputFormat), targets: targets, scratch: scratch)
        ).renditions
    }

    /// Renders one sticker from decoded pixels, with fresh scratch memory.
    public func render(master: Raster) throws(CodecError) -> [Rendition] {
        try render(master: master, scratch: RenderScratch(options: options))
    }

    /// Renders one sticker from decoded pixels, reusing `scratch` (one per thread).
    public func render(master: Raster, scratch: RenderScratch) throws(CodecError) -> [Rendition] {
        try render(master: Animation(still: master), inputFormat: .png, scratch: scratch)
    }

    /// The pipeline's outputs as renditions, or the first target's error.
    func renditions(of result: PipelineResult) throws(CodecError) -> RenderedSticker {
        var renditions: [Rendition] = []
        for (scale, outcome) in zip(options.scales, result.outputs) {
            switch outcome {
            case .success(let output):
                renditions.append(
                    Rendition(
                        scale: scale, width: output.width, height: output.height, bytes: output.bytes,
                        fileExtension: output.fileExtension))
            case .failure(.codec(let error)):
                throw error
            case .failure(.blank(let reason)):
                throw .blank(format: result.inputFormat, reason: reason)
            case .failure(let error):
                throw .encodingFailed(format: .png, reason: error.description)
            }
        }
        return RenderedSticker(
            masterWidth: result.masterWidth, masterHeight: result.masterHeight, renditions: renditions,
            masterIsOpaque: result.masterIsOpaque)
    }
}

/// Scratch state reused across stickers by one thread: the resampler's buffers and the
/// deflate compressor.
public final class RenderScratch {
    /// Resampler buffers.
    package let workspace = ResampleWorkspace()
    /// PNG compressor at the options' level.
    package let compressor: DeflateCompressor

    /// Creates scratch state for `options`.
    public init(options: RenderOptions) throws(CodecError) {
        compressor = try DeflateCompressor(level: options.png.compressionLevel)
    }
}
