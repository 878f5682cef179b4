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
public struct RenderedSticker: Sendable {
    /// The master's width in pixels.
    public let masterWidth: Int
    /// The master's height in pixels.
    public let masterHeight: Int
    /// The renditions, in the order of the options' scales.
    public let renditions: [Rendition]
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

    /// A fingerprint of everything that changes output bytes (and `RenditionVersion`), used
    /// by the batch manifest to decide whether existing outputs are up to date.
    public var fingerprint: String {
        let scaleList = scales.map { String($0.rawValue) }.joined(separator: ",")
        // WebP and GIF settings only when not the defaults, so existing manifests stay valid.
        var text =
            "rendition \(RenditionVersion.string)|scales \(scaleList)|png \(png.compressionLevel) \(png.allowPalette)|format \(format.rawValue)"
        if webp != .lossless { text += "|webp \(webp)" }
        if gif != GIFEncoder.Options() { text += "|gif \(gif)" }
        if webm != WebMEncoder.Options() { text += "|webm \(webm)" }
        if apngCompressionLevel != APNGEncoder.defaultCompressionLevel { text += "|apng \(apngCompressionLevel)" }
        if let palette = png.palette { text += "|palette \(palette)" }
        if png.neverLargerThanZlib { text += "|never larger than zlib" }
        return SHA256.hex(Array(text.utf8))
    }

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

/// Turns the bytes of an @3x sticker into encoded renditions: decode, Lanczos-3 resample
/// on premultiplied alpha, encode as PNG.
public struct StickerRenderer: Sendable {
    /// The settings used for every sticker.
    public let options: RenderOptions

    /// Creates a renderer.
    public init(options: RenderOptions = RenderOptions()) {
        self.options = options
    }

    /// The same renderer with `frameThreads` set.
    public func withFrameThreads(_ threads: Int) -> StickerRenderer {
        var options = self.options
        options.frameThreads = max(1, threads)
        return StickerRenderer(options: options)
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
    /// (`renderFrameByFrame`: less memory, and faster than resampling frames in parallel after
    /// decoding them all); with @3x the master is decoded whole first. The bytes are the same
    /// either way. Vector art (TGS, Lottie) is drawn at each rendition's size (`renderVector`).
    public func renderSticker(_ bytes: [UInt8], scratch: RenderScratch) throws(CodecError) -> RenderedSticker {
        guard let inputFormat = ImageFormat.sniff(bytes) else { throw .unrecognizedFormat }
        if inputFormat.isVector { return try renderVector(bytes, inputFormat: inputFormat) }
        if !options.scales.contains(.x3) {
            return try renderFrameByFrame(bytes, inputFormat: inputFormat, scratch: scratch)
        }
        let master = try ImageDecoder.decodeAnimation(bytes, limits: options.limits)
        return RenderedSticker(
            masterWidth: master.width, masterHeight: master.height,
            renditions: try render(master: master, inputFormat: inputFormat, scratch: scratch))
    }

    /// Renders a decoded sticker: stills through the still path, animations frame by frame.
    public func render(master: Animation, inputFormat: ImageFormat, scratch: RenderScratch) throws(CodecError)
        -> [Rendition]
    {
        let format = options.format.resolved(input: inputFormat, animated: master.isAnimated)
        if format == .png || (format == .apng && !master.isAnimated) {
            return try render(master: master.firstFrame, scratch: scratch)
        }
        // Every smaller scale is resampled in one pass per frame (each source row widened
        // once for all of them), frames in parallel with `frameThreads`.
        let scales = options.scales
        let resampled = scales.filter { $0 != .x3 }
        let sizes = resampled.map {
            StickerGeometry.renditionSize(masterWidth: master.width, masterHeight: master.height, scale: $0)
        }
        let animations =
            sizes.isEmpty
            ? []
            : LanczosResampler().resample(
                master, sizes: sizes.map { ($0.width, $0.height) }, threads: options.frameThreads)
        let renditionAnimations = scales.map { scale in
            scale == .x3 ? master : animations[resampled.firstIndex(of: scale)!]
        }
        guard options.frameThreads > 1 && scales.count > 1 else {
            return try zip(scales, renditionAnimations).map { (scale, animation) throws(CodecError) in
                try encode(animation, at: scale, as: format)
            }
        }
        // Renditions of an animation are independent: each scale is encoded on its own worker
        // (each still compresses with `frameThreads`); the bytes do not change.
        let renderer = self
        return try ParallelWork.map(count: scales.count, threads: scales.count) { (index) throws(CodecError) in
            try renderer.encode(renditionAnimations[index], at: scales[index], as: format)
        }
    }

    /// One animated rendition: `animation` (the master resampled to `scale`), encoded.
    func encode(_ animation: Animation, at scale: StickerScale, as format: OutputFormat) throws(CodecError) -> Rendition
    {
        let bytes = try AnimationEncoding.encode(animation, as: format, options: options)
        return Rendition(
            scale: scale, width: animation.width, height: animation.height,
            bytes: bytes, fileExtension: format.fileExtension)
    }

    /// Renders one sticker from decoded pixels, with fresh scratch memory.
    public func render(master: Raster) throws(CodecError) -> [Rendition] {
        try render(master: master, scratch: RenderScratch(options: options))
    }

    /// Renders one sticker from decoded pixels, reusing `scratch` (one per thread).
    public func render(master: Raster, scratch: RenderScratch) throws(CodecError) -> [Rendition] {
        // Every smaller scale in one pass over the master (each source row widened once).
        let sizes = options.scales.filter { $0 != .x3 }.map {
            StickerGeometry.renditionSize(masterWidth: master.width, masterHeight: master.height, scale: $0)
        }
        var rasters = sizes.map { Raster.uninitialized(width: $0.width, height: $0.height) }
        if !rasters.isEmpty { LanczosResampler().resample(master, into: &rasters, workspace: scratch.workspace) }
        var next = 0
        return try encodeStills(
            options.scales.map { scale in
                if scale == .x3 { return master }
                next += 1
                return rasters[next - 1]
            }, scratch: scratch)
    }

    /// Still PNG renditions of `rasters`, one per scale of the options, in order.
    func encodeStills(_ rasters: [Raster], scratch: RenderScratch) throws(CodecError) -> [Rendition] {
        let encoder = PNGEncoder(options: options.png)
        var renditions: [Rendition] = []
        for (scale, raster) in zip(options.scales, rasters) {
            let encoded = try encoder.encode(raster, compressor: scratch.compressor)
            renditions.append(
                Rendition(
                    scale: scale, width: raster.width, height: raster.height,
                    bytes: encoded, fileExtension: "png"))
        }
        return renditions
    }
}

/// Scratch state reused across stickers by one thread: the resampler's buffers and the
/// deflate compressor.
public final class RenderScratch {
    /// Resampler buffers.
    public let workspace = ResampleWorkspace()
    /// PNG compressor at the options' level.
    public let compressor: DeflateCompressor

    /// Creates scratch state for `options`.
    public init(options: RenderOptions) throws(CodecError) {
        compressor = try DeflateCompressor(level: options.png.compressionLevel)
    }
}
