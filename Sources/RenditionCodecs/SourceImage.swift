import RenditionCore

/// An image decoded for inspection: its composited frames, plus the file's own straight
/// colour values where the format keeps colour under transparent pixels.
public struct SourceImage: Sendable {
    /// The container format.
    public let format: ImageFormat
    /// Every frame, composited (premultiplied); a still image is one frame.
    public let animation: Animation
    /// The still image (for an APNG, its default image) as straight RGBA exactly as the file
    /// stores it, including colour under zero alpha; `nil` for formats without such values
    /// (JPEG has no alpha, GIF stores an index).
    public let straightValues: StraightRGBAImage?

    /// An image decoded elsewhere: its format, its composited frames and, where the format keeps
    /// them, the file's straight values.
    public init(format: ImageFormat, animation: Animation, straightValues: StraightRGBAImage? = nil) {
        self.format = format
        self.animation = animation
        self.straightValues = straightValues
    }
}

extension ImageDecoder {
    /// Decodes `bytes` for inspection (see `SourceImage`). A plain PNG is decoded once: the
    /// premultiplied frame is made from the straight values.
    public static func decodeSource(_ bytes: [UInt8], limits: DecodeLimits = .default) throws(CodecError) -> SourceImage
    {
        guard let format = ImageFormat.sniff(bytes) else { throw .unrecognizedFormat }
        guard format == .png else {
            return SourceImage(
                format: format, animation: try decodeAnimation(bytes, limits: limits), straightValues: nil)
        }
        try limits.check(inputBytes: bytes.count, format: .png)
        let animated = try bytes.withUnsafeBufferPointer { buffer throws(CodecError) in
            try APNGContainer(UnsafeRawBufferPointer(buffer)).animationControl != nil
        }
        let straight = try PNGDecoder.decodeStraight(bytes, limits: limits)
        if animated {
            return SourceImage(
                format: .png, animation: try APNGDecoder.decode(bytes, limits: limits), straightValues: straight)
        }
        return SourceImage(
            format: .png, animation: Animation(still: straight.premultiplied()), straightValues: straight)
    }
}
