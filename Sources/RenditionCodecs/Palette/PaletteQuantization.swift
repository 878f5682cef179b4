/// Settings for lossy palette output: images with more than 256 colours are reduced to an
/// 8-bit palette by our median cut (`PaletteQuantizer`), with Floyd-Steinberg dithering in
/// premultiplied RGBA, and the result is kept only when its structural similarity to the input
/// clears a floor; otherwise the image stays truecolour. See `DitheredPaletteQuantizer`.
///
/// Set it as `PNGEncoder.Options.palette` or `APNGEncoder.Options.palette`; the default value
/// of those options (`nil`) leaves output lossless.
public struct PaletteQuantization: Sendable, Hashable, CustomStringConvertible {
    /// The lowest structural similarity (SSIM, 0...1) accepted between the input and the
    /// palette result, measured on luma over black and over white (the lower of the two, the
    /// worst of the measured frames); 0 accepts every result.
    public var minimumSimilarity: Double
    /// Whether pixels are dithered (Floyd-Steinberg) onto the palette; otherwise each takes
    /// its nearest entry.
    public var dithering: Bool

    /// The default similarity floor.
    public static let defaultMinimumSimilarity = 0.98

    /// Creates settings.
    public init(minimumSimilarity: Double = PaletteQuantization.defaultMinimumSimilarity, dithering: Bool = true) {
        self.minimumSimilarity = minimumSimilarity
        self.dithering = dithering
    }

    /// The settings in one line, e.g. `similarity 0.98, dithered`.
    public var description: String {
        "similarity \(minimumSimilarity), \(dithering ? "dithered" : "not dithered")"
    }

    /// Throws when a setting is outside its range.
    func validate() throws(CodecError) {
        guard (0...1).contains(minimumSimilarity) else {
            throw .encodingFailed(
                format: .png,
                reason: "palette setting out of range: minimum similarity \(minimumSimilarity) is outside 0...1")
        }
    }
}
