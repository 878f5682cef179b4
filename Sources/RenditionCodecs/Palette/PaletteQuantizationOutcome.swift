import RenditionCore

/// What `DitheredPaletteQuantizer` made of a set of images.
public enum PaletteQuantizationOutcome: Sendable {
    /// The images use at most 256 colours together: a lossless palette holds them, so nothing
    /// was changed.
    case unchanged
    /// The images reduced to one shared palette that clears the settings' floor.
    case quantized(QuantizedImages)
    /// The palette result fell below the floor; the images should stay truecolour.
    case refused(PaletteRefusal)

    /// The reduced images, when there are any.
    public var quantizedImages: QuantizedImages? {
        if case .quantized(let images) = self { images } else { nil }
    }
}

/// Images reduced to a shared palette, with how close they stayed to the input.
public struct QuantizedImages: Sendable {
    /// The images, premultiplied, in the input's order and sizes.
    public let rasters: [Raster]
    /// Distinct colours over all of them (at most 256).
    public let colorCount: Int
    /// Structural similarity (SSIM) to the input: the lowest over the measured images and the
    /// two backgrounds (see `PaletteQuantization.minimumSimilarity`).
    public let similarity: Double
}

/// Why a palette result was refused.
public enum PaletteRefusal: Sendable, Equatable, CustomStringConvertible {
    /// The structural similarity is below the minimum.
    case similarity(achieved: Double, minimum: Double)

    /// A sentence for people.
    public var description: String {
        switch self {
        case .similarity(let achieved, let minimum):
            "palette similarity (SSIM) \(Self.format(achieved)) is below the minimum \(Self.format(minimum))"
        }
    }

    /// `value` with four decimals.
    static func format(_ value: Double) -> String {
        let scaled = Int((value * 10_000).rounded())
        let fraction = String(scaled % 10_000)
        return "\(scaled / 10_000).\(String(repeating: "0", count: 4 - fraction.count))\(fraction)"
    }
}
