import RenditionCore

/// Decodes any supported image, choosing the codec from the file's signature: the
/// ``FormatRegistry`` decoder whose ``ImageFormatDecoder/sniff(_:)`` matches.
public enum ImageDecoder {
    /// Decodes `bytes` to an animation (a still image is one frame), every frame composited.
    /// - Throws: `CodecError.unrecognizedFormat` for unknown signatures, or the codec's error.
    public static func decodeAnimation(_ bytes: [UInt8], limits: DecodeLimits = .default) throws(CodecError)
        -> Animation
    {
        guard let decoder = FormatRegistry.decoder(sniffing: bytes) else { throw .unrecognizedFormat }
        return try decoder.decodeAnimation(bytes, limits: limits)
    }

    /// Decodes `bytes` frame by frame: `body` gets each composited frame in order, for PNG, APNG
    /// and GIF as soon as it is drawn, so a caller that resamples each frame and keeps only the
    /// result never holds the full-size frames (nor pays for copying the canvas); TGS, Lottie
    /// and dotLottie frames are drawn one by one at the canvas size, and WebM frames handed
    /// over as they are decoded (each once the next is, which ends its delay). WebP and JPEG
    /// are decoded whole first. The same frames, checks and errors as `decodeAnimation`; an
    /// error can come after some frames were handed over.
    /// - Returns: the canvas size, frame count and loop count.
    public static func decodeFrames(
        _ bytes: [UInt8], limits: DecodeLimits = .default, _ body: (AnimationFrame) -> Void
    ) throws(CodecError) -> AnimationOutline {
        guard let decoder = FormatRegistry.decoder(sniffing: bytes) else { throw .unrecognizedFormat }
        return try decoder.decodeFrames(bytes, limits: limits, body)
    }

    /// Decodes `bytes` to one premultiplied RGBA8 raster: a still image, or an animation's
    /// first frame (for vector art, drawn at the canvas size). PNG goes through the APNG
    /// decoder's own path (see ``PNGFormat``).
    public static func decode(_ bytes: [UInt8], limits: DecodeLimits = .default) throws(CodecError) -> Raster {
        guard let decoder = FormatRegistry.decoder(sniffing: bytes) else { throw .unrecognizedFormat }
        return try decoder.decodeFirstFrame(bytes, limits: limits)
    }
}
