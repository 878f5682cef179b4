import RenditionCore

extension ImageFormat {
    /// WebP (RIFF container).
    public static let webp = ImageFormat(registering: "webp")
}

/// WebP as the registry sees it: libwebp (``WebPDecoder``), stills and animations, decoded
/// whole.
public struct WebPFormat: ImageFormatDecoder {
    /// Creates the descriptor.
    public init() {}
    /// The registered identity.
    public var format: ImageFormat { .webp }
    /// The name in messages.
    public var name: String { "WebP" }
    /// File extensions, the usual one first.
    public var fileExtensions: [String] { ["webp"] }
    /// The IANA media type.
    public var mediaType: String { "image/webp" }
    /// The `rdn_format` value in `rendition.h`.
    public var cValue: UInt32 { 4 }
    /// The `DecodeLimits` its decoder enforces.
    public var limitKeys: [DecodeLimitKey] {
        [.width, .height, .pixels, .frames, .decodedBytes, .inputBytes]
    }

    /// `RIFF`, a size, then `WEBP`.
    public func sniff(_ head: UnsafeBufferPointer<UInt8>) -> Bool {
        head.count >= 12 && head.starts(with: Array("RIFF".utf8)) && Array(head[8..<12]) == Array("WEBP".utf8)
    }

    /// Decodes the whole file.
    public func decodeAnimation(_ bytes: [UInt8], limits: DecodeLimits) throws(CodecError) -> Animation {
        try WebPDecoder.decode(bytes, limits: limits)
    }

    /// The canvas size and declared frame count from the headers.
    public func header(_ bytes: [UInt8], limits: DecodeLimits) throws(CodecError) -> (
        width: Int, height: Int, frameCount: Int
    ) {
        let info = try bytes.withUnsafeBufferPointer { buffer throws(CodecError) in try WebPContainerInfo(buffer) }
        return (info.width, info.height, max(1, info.frameCount))
    }
}
