import RenditionCore

extension ImageFormat {
    /// GIF87a or GIF89a.
    public static let gif = ImageFormat(registering: "gif")
}

/// GIF as the registry sees it: own block parser and LZW decoder (``GIFDecoder``), frames
/// handed over as they are composited.
public struct GIFFormat: ImageFormatDecoder {
    /// Creates the descriptor.
    public init() {}
    /// The registered identity.
    public var format: ImageFormat { .gif }
    /// The name in messages.
    public var name: String { "GIF" }
    /// File extensions, the usual one first.
    public var fileExtensions: [String] { ["gif"] }
    /// The IANA media type.
    public var mediaType: String { "image/gif" }
    /// The `rdn_format` value in `rendition.h`.
    public var cValue: UInt32 { 3 }
    /// The `DecodeLimits` its decoder enforces.
    public var limitKeys: [DecodeLimitKey] {
        [.width, .height, .pixels, .frames, .decodedBytes, .inputBytes]
    }

    /// `GIF87a` or `GIF89a`.
    public func sniff(_ head: UnsafeBufferPointer<UInt8>) -> Bool {
        head.starts(with: Array("GIF87a".utf8)) || head.starts(with: Array("GIF89a".utf8))
    }

    /// Decodes the whole file.
    public func decodeAnimation(_ bytes: [UInt8], limits: DecodeLimits) throws(CodecError) -> Animation {
        try GIFDecoder.decode(bytes, limits: limits)
    }

    /// Decodes frame by frame, each frame handed over as soon as it is ready.
    public func decodeFrames(_ bytes: [UInt8], limits: DecodeLimits, _ body: (AnimationFrame) -> Void)
        throws(CodecError) -> AnimationOutline
    {
        try GIFDecoder.decode(bytes, limits: limits, frames: body)
    }

    /// The canvas size from the header.
    public func dimensions(_ bytes: [UInt8]) throws(CodecError) -> (width: Int, height: Int) {
        guard bytes.count >= 10 else {
            throw .corrupt(format: .gif, reason: "file ends inside the GIF header (truncated)")
        }
        return (Int(bytes[6]) | Int(bytes[7]) << 8, Int(bytes[8]) | Int(bytes[9]) << 8)
    }

    /// The canvas size and declared frame count from the headers.
    public func header(_ bytes: [UInt8], limits: DecodeLimits) throws(CodecError) -> (
        width: Int, height: Int, frameCount: Int
    ) {
        let size = try dimensions(bytes)
        return (size.width, size.height, try SourceHeader.gifFrameCount(bytes))
    }
}
