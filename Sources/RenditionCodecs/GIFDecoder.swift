import RenditionCore

/// Decodes GIF files into composited animations.
public enum GIFDecoder {
    /// Decodes every frame of a GIF, composited.
    public static func decode(_ bytes: [UInt8], limits: DecodeLimits = .default) throws(CodecError) -> Animation {
        throw .unsupported(format: .gif, reason: "GIF decoding is not available yet")
    }
}
