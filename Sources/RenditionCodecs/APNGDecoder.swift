import RenditionCore

/// Decodes PNG and animated PNG (APNG) files into composited animations.
public enum APNGDecoder {
    /// Decodes every frame of an APNG, composited; a plain PNG becomes a one-frame animation.
    public static func decode(_ bytes: [UInt8], limits: DecodeLimits = .default) throws(CodecError) -> Animation {
        // Placeholder until the APNG chunk layer lands: the default image only.
        Animation(still: try PNGDecoder.decode(bytes, limits: limits))
    }
}
