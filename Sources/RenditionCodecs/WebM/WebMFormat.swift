import RenditionCore

extension ImageFormat {
    /// WebM (or Matroska) video with VP8 or VP9, optionally with an alpha stream.
    public static let webm = ImageFormat(registering: "webm")
}

/// WebM as the registry sees it: own EBML reader, libvpx on each checked frame
/// (``WebMDecoder``), frames handed over as they are decoded.
public struct WebMFormat: ImageFormatDecoder {
    /// Creates the descriptor.
    public init() {}
    /// The registered identity.
    public var format: ImageFormat { .webm }
    /// The name in messages.
    public var name: String { "WebM" }
    /// File extensions, the usual one first.
    public var fileExtensions: [String] { ["webm"] }
    /// The IANA media type.
    public var mediaType: String { "video/webm" }
    /// The `rdn_format` value in `rendition.h`.
    public var cValue: UInt32 { 8 }
    /// The `DecodeLimits` its decoder enforces.
    public var limitKeys: [DecodeLimitKey] {
        [.width, .height, .pixels, .frames, .decodedBytes, .inputBytes]
    }

    /// The EBML header's element id.
    public func sniff(_ head: UnsafeBufferPointer<UInt8>) -> Bool { head.starts(with: [0x1A, 0x45, 0xDF, 0xA3]) }

    /// Decodes the whole file.
    public func decodeAnimation(_ bytes: [UInt8], limits: DecodeLimits) throws(CodecError) -> Animation {
        try WebMDecoder.decode(bytes, limits: limits)
    }

    /// Decodes frame by frame, each frame handed over as soon as it is ready.
    public func decodeFrames(_ bytes: [UInt8], limits: DecodeLimits, _ body: (AnimationFrame) -> Void)
        throws(CodecError) -> AnimationOutline
    {
        try WebMDecoder.decode(bytes, limits: limits, frames: body)
    }

    /// The canvas size from the header.
    public func dimensions(_ bytes: [UInt8]) throws(CodecError) -> (width: Int, height: Int) {
        let info = try WebMDecoder.info(bytes)
        return (info.width, info.height)
    }

    /// The canvas size and declared frame count from the headers.
    public func header(_ bytes: [UInt8], limits: DecodeLimits) throws(CodecError) -> (
        width: Int, height: Int, frameCount: Int
    ) {
        let info = try WebMDecoder.info(bytes, limits: limits)
        return (info.width, info.height, max(1, info.blockCount))
    }
}
