import CWebP
import RenditionCore

/// Encodes rasters and animations as WebP through libwebp (`WebPEncode` for stills,
/// libwebpmux's `WebPAnimEncoder` for animations).
///
/// - Input is premultiplied; it is converted to straight RGBA (`Raster.straightRGBA()`)
///   before libwebp sees it, so a lossless round trip gives back the same premultiplied
///   pixels (and the same straight values wherever alpha > 0).
/// - A one-frame `Animation` is written as a still WebP (its delay and loop count are not
///   stored); more frames make an animated WebP with the animation's loop count (0 = forever)
///   and a transparent background colour.
/// - WebP durations are whole milliseconds: frame start times are rounded to the nearest
///   millisecond from the exact delays (see `WebPFrameTimestamps`), so each duration is within
///   1 ms of the exact one and the total within 0.5 ms; whole-millisecond delays are exact.
/// - `WebPAnimEncoder` merges a frame identical to the one before it (for lossy, close to it)
///   into that frame, adding the durations, and crops every frame to what changed.
/// - With every frame a key frame (`keyframeInterval` 1...1), frames are encoded on their own
///   and placed whole on the canvas (see `encodeKeyFrames`), which is faster than
///   `WebPAnimEncoder` for the same layout.
/// - Output is deterministic: libwebp runs single-threaded, so the same pixels and options
///   give the same bytes.
public struct WebPEncoder: Sendable {
    /// The settings this encoder uses.
    public let options: Options

    /// Largest width or height a WebP can have.
    public static let maxDimension = 16_383

    /// Largest loop count the `ANIM` chunk can hold (0 = forever).
    public static let maxLoopCount = 65_535

    /// Creates an encoder.
    public init(options: Options = .lossless) {
        self.options = options
    }

    /// Encodes `raster` (premultiplied) as a still WebP file.
    /// - Throws: `CodecError.encodingFailed` for options out of range, images larger than
    ///   16,383 px on a side, or a libwebp failure (message from libwebp's error code).
    public func encode(_ raster: Raster) throws(CodecError) -> [UInt8] {
        try options.validate()
        try Self.checkSize(width: raster.width, height: raster.height)
        var config = try makeConfig(pixels: raster.width * raster.height)
        var picture = try Self.makePicture(raster)
        defer { WebPPictureFree(&picture) }
        var writer = WebPMemoryWriter()
        WebPMemoryWriterInit(&writer)
        defer { WebPMemoryWriterClear(&writer) }
        picture.writer = WebPMemoryWrite
        let succeeded = withUnsafeMutablePointer(to: &writer) { writerPointer in
            picture.custom_ptr = UnsafeMutableRawPointer(writerPointer)
            defer { picture.custom_ptr = nil }
            return WebPEncode(&config, &picture) != 0
        }
        guard succeeded, let memory = writer.mem else {
            throw .encodingFailed(format: .webp, reason: Self.describe(picture.error_code))
        }
        return [UInt8](UnsafeBufferPointer(start: memory, count: writer.size))
    }

    /// Encodes `animation` as an animated WebP, or as a still WebP when it has one frame.
    /// - Throws: `CodecError.encodingFailed` for options out of range, a canvas larger than
    ///   16,383 px, a loop count over 65,535, a frame longer than WebP's 24-bit milliseconds,
    ///   or a libwebp failure.
    public func encode(_ animation: Animation) throws(CodecError) -> [UInt8] {
        if animation.frames.count == 1 { return try encode(animation.firstFrame) }
        try options.validate()
        try Self.checkSize(width: animation.width, height: animation.height)
        guard (0...Self.maxLoopCount).contains(animation.loopCount) else {
            throw .encodingFailed(
                format: .webp, reason: "loop count \(animation.loopCount) is outside WebP's 0...\(Self.maxLoopCount)")
        }
        let timestamps = try WebPFrameTimestamps(delays: animation.frames.map(\.delay)).milliseconds
        if writesKeyFramesOnly { return try encodeKeyFrames(animation, timestamps: timestamps) }
        var config = try makeConfig(pixels: animation.width * animation.height)
        var animationOptions = try makeAnimationOptions(loopCount: animation.loopCount)
        guard let encoder = WebPAnimEncoderNew(Int32(animation.width), Int32(animation.height), &animationOptions)
        else {
            throw .encodingFailed(
                format: .webp, reason: "libwebp could not create an animation encoder (out of memory)")
        }
        defer { WebPAnimEncoderDelete(encoder) }
        for (index, frame) in animation.frames.enumerated() {
            var picture = try Self.makePicture(frame.raster)
            defer { WebPPictureFree(&picture) }
            guard WebPAnimEncoderAdd(encoder, &picture, Int32(timestamps[index]), &config) != 0 else {
                throw .encodingFailed(
                    format: .webp, reason: "frame \(index + 1): " + Self.animationError(encoder, picture))
            }
        }
        guard WebPAnimEncoderAdd(encoder, nil, Int32(timestamps[animation.frames.count]), nil) != 0 else {
            throw .encodingFailed(format: .webp, reason: Self.animationError(encoder, nil))
        }
        var data = WebPData()
        WebPDataInit(&data)
        defer { WebPDataClear(&data) }
        guard WebPAnimEncoderAssemble(encoder, &data) != 0, let bytes = data.bytes else {
            throw .encodingFailed(format: .webp, reason: Self.animationError(encoder, nil))
        }
        return [UInt8](UnsafeBufferPointer(start: bytes, count: data.size))
    }

    /// Frames up to this many pixels are encoded at the effort the options ask for; every
    /// sticker is (a 618 px master's @3x is 0.38 MP, a 512 px canvas 0.26 MP).
    public static let fullEffortPixels = 1 << 20

    /// The effort (libwebp's `method`, and for lossless its `quality`, which is effort there)
    /// for frames of `pixels`: the options' own up to `fullEffortPixels`; above, at most
    /// method 1 and quality 25 (up to four times that), then method 0 and quality 0, so that
    /// a photo-sized frame encodes in seconds instead of a minute (lossless WebP at method 4
    /// spent 60-90 s on a 10.7 MP frame). Lossy quality is kept: it decides the image, not the
    /// effort.
    public func effort(pixels: Int) -> (method: Int, losslessQuality: Int) {
        let quality = options.compression == .lossless ? options.quality : 100
        if pixels <= Self.fullEffortPixels { return (options.method, quality) }
        if pixels <= 4 * Self.fullEffortPixels { return (min(options.method, 1), min(quality, 25)) }
        return (0, 0)
    }

    /// libwebp's encoder configuration for `options`, for frames of `pixels`.
    private func makeConfig(pixels: Int) throws(CodecError) -> WebPConfig {
        var config = WebPConfig()
        guard WebPConfigInit(&config) != 0 else {
            throw .encodingFailed(
                format: .webp, reason: "libwebp's encoder does not match its headers (version mismatch)")
        }
        config.lossless = options.compression == .lossless ? 1 : 0
        let effort = effort(pixels: pixels)
        config.quality = Float(options.compression == .lossless ? effort.losslessQuality : options.quality)
        config.alpha_quality = Int32(options.alphaQuality)
        config.method = Int32(effort.method)
        config.exact = options.exact ? 1 : 0
        config.use_sharp_yuv = options.sharpYUV ? 1 : 0
        config.thread_level = 0
        guard WebPValidateConfig(&config) != 0 else {
            throw .encodingFailed(format: .webp, reason: "libwebp rejected the encoder settings")
        }
        return config
    }

    /// libwebpmux's animation options for `options` and `loopCount`.
    private func makeAnimationOptions(loopCount: Int) throws(CodecError) -> WebPAnimEncoderOptions {
        var animationOptions = WebPAnimEncoderOptions()
        guard WebPAnimEncoderOptionsInit(&animationOptions) != 0 else {
            throw .encodingFailed(format: .webp, reason: "libwebpmux does not match its headers (version mismatch)")
        }
        animationOptions.anim_params.loop_count = Int32(loopCount)
        animationOptions.anim_params.bgcolor = 0  // transparent (a hint; players clear to transparent)
        animationOptions.minimize_size = options.minimizeSize ? 1 : 0
        if let interval = options.keyframeInterval {
            animationOptions.kmin = Int32(interval.lowerBound)
            animationOptions.kmax = Int32(interval.upperBound)
        }
        animationOptions.allow_mixed = options.allowMixed ? 1 : 0
        animationOptions.verbose = 0
        return animationOptions
    }

    /// A libwebp picture holding `raster`'s pixels as straight RGBA (ARGB inside libwebp).
    private static func makePicture(_ raster: Raster) throws(CodecError) -> WebPPicture {
        var picture = WebPPicture()
        guard WebPPictureInit(&picture) != 0 else {
            throw .encodingFailed(
                format: .webp, reason: "libwebp's encoder does not match its headers (version mismatch)")
        }
        picture.use_argb = 1
        picture.width = Int32(raster.width)
        picture.height = Int32(raster.height)
        let straight = raster.straightRGBA()
        let imported = straight.withUnsafeBufferPointer { pixels in
            WebPPictureImportRGBA(&picture, pixels.baseAddress, Int32(raster.width * 4))
        }
        guard imported != 0 else {
            WebPPictureFree(&picture)
            throw .encodingFailed(
                format: .webp, reason: "libwebp could not allocate a \(raster.width)x\(raster.height) picture")
        }
        return picture
    }

    private static func checkSize(width: Int, height: Int) throws(CodecError) {
        if width > maxDimension || height > maxDimension {
            throw .encodingFailed(
                format: .webp, reason: "\(width)x\(height) px is over WebP's limit of \(maxDimension) px per side")
        }
    }

    /// `WebPAnimEncoder`'s own message, with the frame's encoding error when there is one.
    private static func animationError(_ encoder: OpaquePointer, _ picture: WebPPicture?) -> String {
        var message = WebPAnimEncoderGetError(encoder).map { String(cString: $0) } ?? ""
        if let picture, picture.error_code != VP8_ENC_OK {
            message += (message.isEmpty ? "" : ": ") + describe(picture.error_code)
        }
        return message.isEmpty ? "libwebp's animation encoder failed" : message
    }

    /// A sentence for libwebp's encoding error code.
    private static func describe(_ code: WebPEncodingError) -> String {
        switch code {
        case VP8_ENC_ERROR_OUT_OF_MEMORY, VP8_ENC_ERROR_BITSTREAM_OUT_OF_MEMORY:
            "libwebp ran out of memory"
        case VP8_ENC_ERROR_INVALID_CONFIGURATION:
            "libwebp rejected the encoder settings"
        case VP8_ENC_ERROR_BAD_DIMENSION:
            "the image size is not encodable"
        case VP8_ENC_ERROR_PARTITION0_OVERFLOW, VP8_ENC_ERROR_PARTITION_OVERFLOW:
            "a lossy partition is over its 512 KiB limit (lower the quality)"
        case VP8_ENC_ERROR_FILE_TOO_BIG:
            "the file would be over 4 GiB"
        default:
            "libwebp's encoder failed (error \(code.rawValue))"
        }
    }
}
