import CRenditionLottieShim
import RenditionCore

/// A Lottie or TGS animation, checked (`LottieDocument`) and loaded into rlottie, ready to be
/// drawn at any size: vector art is drawn straight at each target size rather than drawn
/// once and resampled.
///
/// rlottie parses only the canonical document Rendition wrote from what it checked: the
/// members rlottie reads, assets with string ids and embedded PNGs that Rendition decoded,
/// no file path or URL of any kind, so rlottie never opens a file (see docs/SECURITY.md).
///
/// Frames are drawn by rlottie (``LottieRenderer``: anti-aliased, ARGB32 premultiplied) and handed over as
/// premultiplied RGBA rasters. Every frame lasts `1 / frameRate`; Lottie has no loop count,
/// and animations loop forever (`loopCount` 0), as Telegram plays them.
///
/// Not thread-safe (rlottie keeps drawing state per animation): use one composition per
/// thread, or one thread at a time.
public final class LottieComposition {
    /// `.tgs` (gzip-compressed), `.lottie` (plain JSON) or `.dotLottie` (a ZIP archive).
    public let format: ImageFormat
    /// Canvas width in pixels (the composition's `w`).
    public let width: Int
    /// Canvas height in pixels (the composition's `h`).
    public let height: Int
    /// Frames per second, exactly.
    public let frameRate: FrameRate
    /// Number of frames (`op` − `ip`).
    public let frameCount: Int
    /// Size of the JSON document in bytes (after inflating a TGS file).
    public let documentBytes: Int
    /// Whether the document has Telegram's `"tgs": 1` member.
    public let hasTelegramMarker: Bool
    /// Shapes drawn per frame at most: layers × precomposition uses × repeater copies × dash
    /// segments (what `DecodeLimits.maxDrawsPerFrame` bounds).
    public var drawsPerFrame: Double { cost.draws }
    /// What drawing costs, checked for each size asked.
    private let cost: LottieDrawingCost
    /// The JSON document rlottie was given: the canonical copy of the checked one, holding
    /// only the members rlottie reads and no file path, folder or URL.
    public let canonicalDocument: [UInt8]
    /// The rlottie that draws it (``LottieRenderer/shared``).
    public let renderer: LottieRenderer
    private let limits: DecodeLimits
    private let handle: OpaquePointer

    /// Checks and loads a TGS file or a Lottie JSON document.
    /// - Throws: `CodecError.unrecognizedFormat` when `bytes` are neither; `.corrupt`,
    ///   `.unsupported` or `.limitExceeded` as the document checks and `GzipInflation` say
    ///   (among them `.limitExceeded` naming the `draws` or `drawing-work` limit), and
    ///   `.corrupt` when rlottie cannot build the animation.
    public init(_ bytes: [UInt8], limits: DecodeLimits = .default) throws(CodecError) {
        DecodeCount.record(bytes)
        let (format, json, document) = try Self.read(bytes, limits: limits)
        let renderer = try LottieRenderer.forDrawing(format)
        var loaded: OpaquePointer?
        let status = document.canonical.withUnsafeBytes { buffer in
            rdn_lottie_load(
                renderer.library, buffer.baseAddress!.assumingMemoryBound(to: CChar.self), buffer.count, &loaded)
        }
        guard status == Int32(RDN_LOTTIE_OK), let loaded else {
            if status == Int32(RDN_LOTTIE_OUT_OF_MEMORY) {
                throw .limitExceeded(format: format, limit: .outOfMemory("out of memory while loading the animation"))
            }
            throw .corrupt(format: format, reason: "rlottie could not build an animation from the document")
        }
        self.format = format
        self.renderer = renderer
        handle = loaded
        width = document.width
        height = document.height
        frameRate = document.frameRate
        frameCount = document.frameCount
        hasTelegramMarker = document.hasTelegramMarker
        cost = document.cost
        canonicalDocument = document.canonical
        documentBytes = json.count
        self.limits = limits
    }

    deinit { rdn_lottie_free(handle) }

    /// The format, JSON document (inflated for TGS) and checked summary of `bytes`, without
    /// loading them into rlottie.
    static func read(_ bytes: [UInt8], limits: DecodeLimits) throws(CodecError) -> (
        ImageFormat, [UInt8], LottieDocument
    ) {
        guard let source = FormatRegistry.decoder(sniffing: bytes) as? any LottieSourceFormat else {
            throw .unrecognizedFormat
        }
        let format = source.format
        try limits.check(inputBytes: bytes.count, format: format)
        let lottie = try source.lottieSource(bytes, limits: limits)
        let json = lottie.json
        let document = try json.withUnsafeBufferPointer { (buffer) throws(CodecError) in
            try LottieDocument(json: buffer, format: format, limits: limits, storedImages: lottie.storedImages)
        }
        return (format, json, document)
    }

    /// How long each frame is shown (`1 / frameRate`).
    public var frameDelay: FrameDelay { frameRate.frameDelay }

    /// The animation's length: `frameCount` frames of `frameDelay`.
    public var duration: FrameDelay {
        // Saturates rather than traps for frame limits raised past any real animation.
        let (ticks, overflow) = frameCount.multipliedReportingOverflow(by: frameRate.denominator)
        return FrameDelay(numerator: overflow ? Int.max : ticks, denominator: frameRate.numerator)
    }

    /// Frame `index` (0 is the in point) drawn at `width` x `height` pixels: the canvas scaled
    /// to fit that size, keeping its aspect ratio, centred (rlottie's C API; for the sizes
    /// Rendition asks, the canvas's own proportions, it fills the raster).
    /// - Throws: `.limitExceeded` when the size breaks the limits or drawing one frame at it
    ///   breaks `maxDrawingWork`; `.corrupt` when rlottie fails.
    public func frame(_ index: Int, width: Int, height: Int) throws(CodecError) -> Raster {
        precondition(index >= 0 && index < frameCount, "frame index out of range")
        try limits.check(width: width, height: height, format: format)
        try cost.check(frames: 1, width: width, height: height, format: format, limits: limits)
        var raster = Raster(width: width, height: height)
        let status = raster.bytes.withUnsafeMutableBufferPointer { pixels in
            rdn_lottie_render_rgba(handle, index, pixels.baseAddress!, width, height, width * 4)
        }
        guard status == Int32(RDN_LOTTIE_OK) else {
            if status == Int32(RDN_LOTTIE_OUT_OF_MEMORY) {
                throw .limitExceeded(format: format, limit: .outOfMemory("out of memory while drawing frame \(index)"))
            }
            throw .corrupt(format: format, reason: "rlottie failed to draw frame \(index)")
        }
        return raster
    }

    /// Draws every frame at `width` x `height`, handing each to `body` in order.
    /// - Throws: `.limitExceeded` when all frames at that size break `maxDecodedBytes` or
    ///   `maxDrawingWork`.
    public func drawFrames(width: Int, height: Int, _ body: (AnimationFrame) throws(CodecError) -> Void)
        throws(CodecError)
    {
        try limits.check(width: width, height: height, frames: frameCount, format: format)
        try cost.check(frames: frameCount, width: width, height: height, format: format, limits: limits)
        let delay = frameDelay
        for index in 0..<frameCount {
            try body(AnimationFrame(raster: try frame(index, width: width, height: height), delay: delay))
        }
    }

    /// Every frame drawn at `width` x `height`, looping forever.
    public func animation(width: Int, height: Int) throws(CodecError) -> Animation {
        var frames: [AnimationFrame] = []
        frames.reserveCapacity(frameCount)
        try drawFrames(width: width, height: height) { frames.append($0) }
        return Animation(width: width, height: height, frames: frames, loopCount: 0)
    }

    /// Every frame drawn at the canvas size.
    public func animation() throws(CodecError) -> Animation {
        try animation(width: width, height: height)
    }
}
