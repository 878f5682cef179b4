import RenditionCore

/// A file format Rendition reads: one type per format, in the format's own folder, listed once
/// in ``FormatRegistry/decoders``. Everything the rest of Rendition knows about a format —
/// its signature, file extensions, media type, name in messages, C enum value, the limits its
/// decoder applies and how to decode it — comes from here, so adding a format means adding
/// one such type and one line to the registry.
///
/// The shape follows swift-nio's `ByteToMessageDecoder`: a small protocol with one required
/// decoding entry point (``decodeAnimation(_:limits:)``) and defaults for the rest, which a
/// format overrides where it can do better (streaming frames, reading only the header).
public protocol ImageFormatDecoder: Sendable {
    /// The format's identity, the value that ``ImageFormat/sniff(_:)`` returns for its files.
    var format: ImageFormat { get }
    /// The name used in messages (`PNG`, `Lottie`, `WebM`).
    var name: String { get }
    /// File extensions, lower case and without the dot; the first is the usual one.
    var fileExtensions: [String] { get }
    /// Whether a folder search takes files with ``fileExtensions`` only after sniffing them
    /// (`.json` is Lottie only when it looks like Lottie). `false` by default.
    var extensionsNeedSniffing: Bool { get }
    /// The IANA media type of its files (for uploads and the server page's file picker).
    var mediaType: String { get }
    /// Its value in `rendition.h`'s `rdn_format` enum (`RDN_FORMAT_<cName>`).
    var cValue: UInt32 { get }
    /// The suffix of its `rdn_format` member's name (`PNG` for `RDN_FORMAT_PNG`).
    var cName: String { get }
    /// The ``DecodeLimits`` settings its decoder enforces.
    var limitKeys: [DecodeLimitKey] { get }
    /// Whether it is vector art, drawn at each target size rather than resampled (see
    /// ``LottieSourceFormat``). `false` by default.
    var isVector: Bool { get }

    /// Whether `head` (a file's first bytes, up to 1 MiB) starts like a file of this format.
    /// Formats are asked in ``FormatRegistry/decoders`` order and the first to answer `true`
    /// wins.
    func sniff(_ head: UnsafeBufferPointer<UInt8>) -> Bool

    /// Decodes a whole file to an animation (a still image is one frame), every frame
    /// composited.
    /// - Throws: ``CodecError`` for damaged, unsupported or over-limit input.
    func decodeAnimation(_ bytes: [UInt8], limits: DecodeLimits) throws(CodecError) -> Animation

    /// Decodes frame by frame, handing each composited frame to `body` in order. The default
    /// decodes the whole animation first.
    /// - Returns: the canvas size, frame count and loop count.
    /// - Throws: as ``decodeAnimation(_:limits:)``; possibly after some frames were handed over.
    func decodeFrames(_ bytes: [UInt8], limits: DecodeLimits, _ body: (AnimationFrame) -> Void) throws(CodecError)
        -> AnimationOutline

    /// Decodes a still image or an animation's first frame. The default decodes the animation.
    /// - Throws: as ``decodeAnimation(_:limits:)``.
    func decodeFirstFrame(_ bytes: [UInt8], limits: DecodeLimits) throws(CodecError) -> Raster

    /// The canvas size from the file's headers, without decoding pixels (``ImageDimensions``).
    /// - Throws: ``CodecError`` when the headers cannot be read.
    func dimensions(_ bytes: [UInt8]) throws(CodecError) -> (width: Int, height: Int)

    /// The canvas size and declared frame count from the headers (``SourceHeader``); the
    /// input-size limit was checked before.
    /// - Throws: ``CodecError`` when the headers cannot be read or break `limits`.
    func header(_ bytes: [UInt8], limits: DecodeLimits) throws(CodecError) -> (width: Int, height: Int, frameCount: Int)
}

extension ImageFormatDecoder {
    /// Formats are taken by extension alone unless they say otherwise.
    public var extensionsNeedSniffing: Bool { false }
    /// Raster unless a format says otherwise.
    public var isVector: Bool { false }
    /// The `rdn_format` name: the format's identifier in upper case.
    public var cName: String { format.rawValue.uppercased() }

    /// Decodes the whole animation, then hands its frames over.
    public func decodeFrames(_ bytes: [UInt8], limits: DecodeLimits, _ body: (AnimationFrame) -> Void)
        throws(CodecError) -> AnimationOutline
    {
        let animation = try decodeAnimation(bytes, limits: limits)
        animation.frames.forEach(body)
        return AnimationOutline(
            width: animation.width, height: animation.height,
            frameCount: animation.frames.count, loopCount: animation.loopCount)
    }

    /// The first frame of the whole animation.
    public func decodeFirstFrame(_ bytes: [UInt8], limits: DecodeLimits) throws(CodecError) -> Raster {
        try decodeAnimation(bytes, limits: limits).firstFrame
    }

    /// The canvas size, read as ``header(_:limits:)`` reads it under the default limits.
    public func dimensions(_ bytes: [UInt8]) throws(CodecError) -> (width: Int, height: Int) {
        let header = try header(bytes, limits: .default)
        return (header.width, header.height)
    }
}
