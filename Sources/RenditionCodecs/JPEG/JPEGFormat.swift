import CRenditionCodecShims
import RenditionCore

extension ImageFormat {
    /// JPEG (JFIF or Exif).
    public static let jpeg = ImageFormat(registering: "jpeg")
}

/// JPEG as the registry sees them: libjpeg-turbo (``JPEGDecoder``), with a scan limit for
/// progressive files.
public struct JPEGFormat: ImageFormatDecoder {
    /// Creates the descriptor.
    public init() {}
    /// The registered identity.
    public var format: ImageFormat { .jpeg }
    /// The name in messages.
    public var name: String { "JPEG" }
    /// File extensions, the usual one first.
    public var fileExtensions: [String] { ["jpg", "jpeg"] }
    /// The IANA media type.
    public var mediaType: String { "image/jpeg" }
    /// The `rdn_format` value in `rendition.h`.
    public var cValue: UInt32 { 5 }
    /// The `DecodeLimits` its decoder enforces.
    public var limitKeys: [DecodeLimitKey] {
        [.width, .height, .pixels, .decodedBytes, .inputBytes, .scans]
    }

    /// The start-of-image marker followed by another marker.
    public func sniff(_ head: UnsafeBufferPointer<UInt8>) -> Bool { head.starts(with: [0xFF, 0xD8, 0xFF]) }

    /// Decodes the whole file.
    public func decodeAnimation(_ bytes: [UInt8], limits: DecodeLimits) throws(CodecError) -> Animation {
        Animation(still: try JPEGDecoder.decode(bytes, limits: limits))
    }

    /// Decodes the still image or first frame.
    public func decodeFirstFrame(_ bytes: [UInt8], limits: DecodeLimits) throws(CodecError) -> Raster {
        try JPEGDecoder.decode(bytes, limits: limits)
    }

    /// The canvas size from the header.
    public func dimensions(_ bytes: [UInt8]) throws(CodecError) -> (width: Int, height: Int) {
        var w: UInt32 = 0, h: UInt32 = 0
        var components: Int32 = 0
        try bytes.withUnsafeBufferPointer { input throws(CodecError) in
            try callShim(format: .jpeg) { message, capacity in
                rdn_jpeg_read_header(input.baseAddress, input.count, &w, &h, &components, message, capacity)
            }
        }
        return (Int(w), Int(h))
    }

    /// The canvas size and declared frame count from the headers.
    public func header(_ bytes: [UInt8], limits: DecodeLimits) throws(CodecError) -> (
        width: Int, height: Int, frameCount: Int
    ) {
        let size = try dimensions(bytes)
        return (size.width, size.height, 1)
    }
}
