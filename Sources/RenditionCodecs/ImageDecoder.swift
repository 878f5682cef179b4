import RenditionCore

/// Decodes any supported image, choosing the codec from the file's signature.
public enum ImageDecoder {
    /// Decodes `bytes` to an animation (a still image is one frame), every frame composited.
    /// - Throws: `CodecError.unrecognizedFormat` for unknown signatures, or the codec's error.
    public static func decodeAnimation(_ bytes: [UInt8], limits: DecodeLimits = .default) throws(CodecError)
        -> Animation
    {
        switch ImageFormat.sniff(bytes) {
        case .png: return try APNGDecoder.decode(bytes, limits: limits)
        case .gif: return try GIFDecoder.decode(bytes, limits: limits)
        case .jpeg: return Animation(still: try JPEGDecoder.decode(bytes, limits: limits))
        case .webp: return try WebPDecoder.decode(bytes, limits: limits)
        case .tgs, .lottie: return try LottieComposition(bytes, limits: limits).animation()
        case .webm: return try WebMDecoder.decode(bytes, limits: limits)
        case nil: throw .unrecognizedFormat
        }
    }

    /// Decodes `bytes` frame by frame: `body` gets each composited frame in order, for PNG, APNG
    /// and GIF as soon as it is drawn, so a caller that resamples each frame and keeps only the
    /// result never holds the full-size frames (nor pays for copying the canvas); TGS and Lottie
    /// frames are drawn one by one at the canvas size, and WebM frames handed over as they are
    /// decoded (each once the next is, which ends its delay). WebP and JPEG are decoded whole
    /// first. The same frames, checks and errors as `decodeAnimation`; an
    /// error can come after some frames were handed over.
    /// - Returns: the canvas size, frame count and loop count.
    public static func decodeFrames(
        _ bytes: [UInt8], limits: DecodeLimits = .default, _ body: (AnimationFrame) -> Void
    ) throws(CodecError) -> AnimationOutline {
        switch ImageFormat.sniff(bytes) {
        case .png: return try APNGDecoder.decode(bytes, limits: limits, frames: body)
        case .gif: return try GIFDecoder.decode(bytes, limits: limits, frames: body)
        case .tgs, .lottie:
            let composition = try LottieComposition(bytes, limits: limits)
            try composition.drawFrames(width: composition.width, height: composition.height) { body($0) }
            return AnimationOutline(
                width: composition.width, height: composition.height,
                frameCount: composition.frameCount, loopCount: 0)
        case .webm: return try WebMDecoder.decode(bytes, limits: limits, frames: body)
        case .jpeg, .webp:
            let animation = try decodeAnimation(bytes, limits: limits)
            animation.frames.forEach(body)
            return AnimationOutline(
                width: animation.width, height: animation.height,
                frameCount: animation.frames.count, loopCount: animation.loopCount)
        case nil: throw .unrecognizedFormat
        }
    }

    /// Decodes `bytes` to one premultiplied RGBA8 raster: a still image, or an animation's
    /// first frame (for vector art, drawn at the canvas size). PNG goes through the APNG decoder's own path (libdeflate inflate, own
    /// unfilter; about 3x faster than libpng and checked against it on all of PngSuite);
    /// `PNGDecoder` remains libpng's decode.
    public static func decode(_ bytes: [UInt8], limits: DecodeLimits = .default) throws(CodecError) -> Raster {
        switch ImageFormat.sniff(bytes) {
        case .png: return try APNGDecoder.decode(bytes, limits: limits).firstFrame
        case .jpeg: return try JPEGDecoder.decode(bytes, limits: limits)
        case .gif: return try GIFDecoder.decode(bytes, limits: limits).firstFrame
        case .webp: return try WebPDecoder.decode(bytes, limits: limits).firstFrame
        case .tgs, .lottie:
            let composition = try LottieComposition(bytes, limits: limits)
            return try composition.frame(0, width: composition.width, height: composition.height)
        case .webm: return try WebMDecoder.decode(bytes, limits: limits).firstFrame
        case nil: throw .unrecognizedFormat
        }
    }
}
