import RenditionCore

/// Decodes WebP files (libwebp) into composited animations of premultiplied RGBA8 frames.
///
/// - Still images: lossy (`VP8`), lossless (`VP8L`) and extended (`VP8X`, with an `ALPH`
///   alpha plane or lossless alpha) become a one-frame animation with a zero delay.
///   Lossy images are converted to RGB with libwebp's default "fancy" chroma upsampling, as
///   `dwebp` and browsers do.
/// - Animations (`ANIM` + `ANMF`) are composited by libwebp's `WebPAnimDecoder`; each frame's
///   delay is its exact `ANMF` duration in milliseconds (0 stays 0: players usually show such
///   frames for about 100 ms, Rendition keeps the stored value), and `loopCount` is the
///   `ANIM` loop count (0 = forever).
/// - libwebp decodes straight (non-premultiplied) RGBA; Rendition premultiplies with its own
///   rounding (`AlphaConversion`), because libwebp's premultiplied output modes truncate.
/// - Colour profiles (`ICCP`) and metadata (`EXIF`, `XMP`) are ignored.
public enum WebPDecoder {
    /// Decodes every frame of a WebP file (a still image becomes one frame).
    /// - Throws: `CodecError.corrupt` for truncated or invalid files, `.limitExceeded` when
    ///   the input, the canvas, the frame count or the decoded bytes (canvas x 4 x frames)
    ///   exceed `limits` (checked from the container before any pixel is decoded),
    ///   `.unsupported` for bitstream features libwebp does not implement.
    public static func decode(_ bytes: [UInt8], limits: DecodeLimits = .default) throws(CodecError) -> Animation {
        DecodeCount.record(bytes)
        let image = try decodeStraight(bytes, limits: limits)
        let frames = image.frames.map { frame in
            var pixels = frame.image.bytes
            pixels.withUnsafeMutableBufferPointer { buffer in
                AlphaConversion.premultiply(
                    buffer.baseAddress!, into: buffer.baseAddress!, pixelCount: buffer.count / 4)
            }
            let raster = Raster(width: image.width, height: image.height, premultipliedBytes: pixels)
            return AnimationFrame(raster: raster, delay: .milliseconds(frame.durationMilliseconds))
        }
        return Animation(width: image.width, height: image.height, frames: frames, loopCount: image.loopCount)
    }

    /// Decodes every frame to straight RGBA8 exactly as libwebp returns it (before
    /// premultiplication), after checking `limits` against the container.
    static func decodeStraight(_ bytes: [UInt8], limits: DecodeLimits) throws(CodecError) -> WebPStraightImage {
        try limits.check(inputBytes: bytes.count, format: .webp)
        return try bytes.withUnsafeBufferPointer { file throws(CodecError) in
            let info = try WebPContainerInfo(file)
            try limits.check(width: info.width, height: info.height, frames: info.frameCount, format: .webp)
            return info.isAnimated
                ? try WebPAnimationDecoding.decode(file, info: info)
                : try WebPStillDecoding.decode(file, info: info)
        }
    }
}
