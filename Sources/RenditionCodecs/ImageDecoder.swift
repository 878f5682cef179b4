import RenditionCore

/// Decodes any supported image, choosing the codec from the file's signature.
public enum ImageDecoder {
    /// Decodes `bytes` to an animation (a still image is one frame), every frame composited.
    /// - Throws: `CodecError.unrecognizedFormat` for unknown signatures, or the codec's error.
    public static func decodeAnimation(_ bytes: [UInt8], limits: DecodeLimits = .default) throws(CodecError) -> Animation {
        switch ImageFormat.sniff(bytes) {
        case .png: return try APNGDecoder.decode(bytes, limits: limits)
        case .gif: return try GIFDecoder.decode(bytes, limits: limits)
        case .jpeg: return Animation(still: try JPEGDecoder.decode(bytes, limits: limits))
        case .webp: return try WebPDecoder.decode(bytes, limits: limits)
        case nil: throw .unrecognizedFormat
        }
    }

    /// Decodes `bytes` to one premultiplied RGBA8 raster: a still image, or an animation's
    /// first frame. PNG goes through the APNG decoder's own path (libdeflate inflate, own
    /// unfilter; about 3x faster than libpng and checked against it on all of PngSuite);
    /// `PNGDecoder` remains libpng's decode.
    public static func decode(_ bytes: [UInt8], limits: DecodeLimits = .default) throws(CodecError) -> Raster {
        switch ImageFormat.sniff(bytes) {
        case .png: return try APNGDecoder.decode(bytes, limits: limits).firstFrame
        case .jpeg: return try JPEGDecoder.decode(bytes, limits: limits)
        case .gif: return try GIFDecoder.decode(bytes, limits: limits).firstFrame
        case .webp: return try WebPDecoder.decode(bytes, limits: limits).firstFrame
        case nil: throw .unrecognizedFormat
        }
    }
}
