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
    public var format: ImageFormat { .webp }
    public var name: String { "WebP" }
    public var fileExtensions: [String] { ["webp"] }
    public var mediaType: String { "image/webp" }
    public var cValue: UInt32 { 4 }
    public var limitNames: [String] {
        ["maxWidth", "maxHeight", "maxPixels", "maxFrames", "maxDecodedBytes", "maxInputBytes"]
    }

    /// `RIFF`, a size, then `WEBP`.
    public func sniff(_ head: UnsafeBufferPointer<UInt8>) -> Bool {
        head.count >= 12 && head.starts(with: Array("RIFF".utf8)) && Array(head[8..<12]) == Array("WEBP".utf8)
    }

    public func decodeAnimation(_ bytes: [UInt8], limits: DecodeLimits) throws(CodecError) -> Animation {
        try WebPDecoder.decode(bytes, limits: limits)
    }

    public func header(_ bytes: [UInt8], limits: DecodeLimits) throws(CodecError) -> (
        width: Int, height: Int, frameCount: Int
    ) {
        let info = try bytes.withUnsafeBufferPointer { buffer throws(CodecError) in try WebPContainerInfo(buffer) }
        return (info.width, info.height, max(1, info.frameCount))
    }
}
