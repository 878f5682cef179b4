import RenditionCore

/// Decodes any supported still image, choosing the codec from the file's signature.
public enum ImageDecoder {
    /// Decodes `bytes` to premultiplied RGBA8.
    /// - Throws: `CodecError.unrecognizedFormat` for unknown signatures, or the codec's error.
    public static func decode(_ bytes: [UInt8], limits: DecodeLimits = .default) throws(CodecError) -> Raster {
        switch ImageFormat.sniff(bytes) {
        case .png: return try PNGDecoder.decode(bytes, limits: limits)
        case .jpeg: return try JPEGDecoder.decode(bytes, limits: limits)
        case .gif, .webp:
            throw .unsupported(format: ImageFormat.sniff(bytes)!, reason: "this format is not decoded yet")
        case nil: throw .unrecognizedFormat
        }
    }
}
