/// What the alpha-edge analysis found in one image (or one frame of an animation).
///
/// Produced by `EdgeAnalyzer`: one pass over the pixels measures coverage, the bounding box
/// and the outline; the remaining measurements only visit the outline and a sparse grid.
public struct EdgeAnalysis: Sendable, Equatable {
    /// Canvas width in pixels.
    public let width: Int
    /// Canvas height in pixels.
    public let height: Int
    /// Transparency, bounding box, margins and contact with the canvas border.
    public let alpha: AlphaCoverage
    /// Whether the border is an opaque (or near-opaque) background, and its colour.
    public let border: BorderBackground
    /// The band of pixels where the art meets transparency.
    public let band: EdgeBand
    /// Edge colours blended against a matte.
    public let halo: MatteHalo
    /// Contrast of the art against each test background, in the analyser's order.
    public let visibility: [BackgroundVisibility]

    /// Whether the image has an opaque or near-opaque background (no transparency at all,
    /// or an opaque border), so the outline measurements describe a box, not the art.
    public var hasOpaqueBackground: Bool { !alpha.hasTransparency || border.isOpaque }
}

/// Transparency and placement of the art on the canvas.
public struct AlphaCoverage: Sendable, Equatable {
    /// Pixels with alpha 0.
    public let transparentPixels: Int
    /// Pixels with 0 < alpha < 255.
    public let partialPixels: Int
    /// Pixels with alpha 255.
    public let opaquePixels: Int
    /// The smallest rectangle holding every pixel with alpha > 0 (`nil` when there is none).
    public let bounds: PixelRect?
    /// Transparent rows and columns around `bounds`.
    public let margins: CanvasMargins?
    /// The canvas sides on which some pixel has alpha ≥ the touch threshold.
    public let touching: CanvasSides
    /// How many border pixels have alpha ≥ the touch threshold.
    public let touchingPixels: Int
    /// `bounds` area over canvas area (0 when empty).
    public let boundsFraction: Double
    /// Sum of alpha over the canvas, as a fraction of a fully opaque canvas.
    public let coverage: Double

    /// Whether some pixel is fully transparent.
    public var hasTransparency: Bool { transparentPixels > 0 }
    /// Whether every pixel is fully transparent.
    public var isEmpty: Bool { bounds == nil }
}

/// Transparent margins around the art, in pixels.
public struct CanvasMargins: Sendable, Hashable, Codable {
    /// Columns left of the art.
    public let left: Int
    /// Rows above the art.
    public let top: Int
    /// Columns right of the art.
    public let right: Int
    /// Rows below the art.
    public let bottom: Int

    /// Creates margins.
    public init(left: Int, top: Int, right: Int, bottom: Int) {
        self.left = left
        self.top = top
        self.right = right
        self.bottom = bottom
    }

    /// The smallest of the four.
    public var minimum: Int { min(left, top, right, bottom) }
}

/// A set of canvas sides.
public struct CanvasSides: OptionSet, Sendable, Hashable {
    /// The raw bits.
    public let rawValue: Int
    /// Creates a set from raw bits.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// The top row.
    public static let top = CanvasSides(rawValue: 1)
    /// The right column.
    public static let right = CanvasSides(rawValue: 2)
    /// The bottom row.
    public static let bottom = CanvasSides(rawValue: 4)
    /// The left column.
    public static let left = CanvasSides(rawValue: 8)

    /// The sides' names in the order top, right, bottom, left.
    public var names: [String] {
        [(CanvasSides.top, "top"), (.right, "right"), (.bottom, "bottom"), (.left, "left")]
            .filter { contains($0.0) }.map(\.1)
    }
}

/// The canvas border seen as a possible background: opaque, uniform, which colour.
public struct BorderBackground: Sendable, Equatable {
    /// Pixels on the one-pixel border.
    public let borderPixels: Int
    /// Fraction of border pixels whose alpha reaches the near-opaque threshold.
    public let opaqueFraction: Double
    /// Mean alpha of those pixels (0 when there are none).
    public let meanAlpha: Double
    /// Their mean straight colour, when they are uniform (`nil` otherwise).
    public let color: RGBColor?
    /// Fraction of the near-opaque border pixels within the tolerance of their mean colour.
    public let uniformFraction: Double
    /// Whether the border is a (near-)opaque background.
    public let isOpaque: Bool
}

/// The band of pixels where the art meets transparency.
///
/// The outline is every pixel with alpha > 0 that has a fully transparent pixel above,
/// below, left or right of it; the band adds every partially transparent pixel.
public struct EdgeBand: Sendable, Equatable {
    /// Outline pixels.
    public let outlinePixels: Int
    /// Outline pixels that are fully opaque (a step straight from 0 to 255).
    public let hardOutlinePixels: Int
    /// Hard outline pixels with transparency both horizontally and vertically next to them
    /// (the corners of a staircase: many of them make a jagged, aliased edge).
    public let stepPixels: Int
    /// Partially transparent pixels (0 < alpha < 255).
    public let partialPixels: Int
    /// Mean thickness of the partially transparent band across the outline, in pixels
    /// (partial pixels per outline pixel): 0 for 1-bit alpha, about 1 for anti-aliased art.
    public let width: Double
    /// Fraction of the outline that is hard (`hardOutlinePixels / outlinePixels`).
    public let hardFraction: Double
    /// Fraction of the outline made of staircase corners (`stepPixels / outlinePixels`).
    public let stepFraction: Double
    /// The verdict.
    public let softness: EdgeSoftness
}

/// How the art's edge goes from transparent to opaque.
public enum EdgeSoftness: String, Sendable, Codable {
    /// There is no outline (empty or fully opaque image).
    case none
    /// Hard, aliased: the outline jumps from transparent to opaque, in visible steps.
    case hard
    /// Anti-aliased: a band of about one or two partially transparent pixels.
    case antialiased
    /// Soft or feathered: a wide partially transparent band.
    case soft
}

/// Edge colours that were blended against a matte colour before the background was made
/// transparent (a light or dark halo around the art).
///
/// Model, in straight alpha: an edge pixel with alpha `a` whose colour `C` was blended over a
/// matte `M` from a foreground `F` holds `C = a·F + (1 − a)·M`. `F` is taken from the opaque
/// pixels next to it, so each edge pixel gives an estimate `M = F + (C − F) / (1 − a)`.
public struct MatteHalo: Sendable, Equatable {
    /// Edge pixels examined (alpha in the sampling range with an opaque neighbour).
    public let samples: Int
    /// Samples whose colour departs from the interior colour by at least the fringe threshold.
    public let fringeSamples: Int
    /// `fringeSamples / samples`.
    public let fringeFraction: Double
    /// Mean over samples of the largest channel difference `|C − F|`, in 8-bit levels: how
    /// strong the fringe is.
    public let meanDeviation: Double
    /// The estimated matte colour (from the fringe samples), when there are enough.
    public let matte: RGBColor?
    /// Root-mean-square spread of the per-pixel matte estimates around `matte`, in levels
    /// (small when one matte explains the fringe).
    public let matteSpread: Double
    /// Whether a halo was found.
    public let isDetected: Bool

    /// `light` (white-ish matte), `dark` (black-ish) or `colored`, when detected.
    public var kind: String? {
        guard isDetected, let matte else { return nil }
        if matte.luma >= 170 { return "light" }
        if matte.luma <= 85 { return "dark" }
        return "colored"
    }
}

/// How well the art stands out from one test background.
///
/// Colour differences are CIE76 ΔE between the art's straight colour and the background's
/// colour at the same position. A pixel "blends" when ΔE is below the analyser's threshold.
public struct BackgroundVisibility: Sendable, Equatable {
    /// The background's name.
    public let background: String
    /// Outline pixels compared (the art's outer edge: outline pixels and partial pixels with alpha ≥ 128).
    public let outlineSamples: Int
    /// Fraction of them that blend into the background.
    public let outlineBlendFraction: Double
    /// Mean ΔE over the outline samples.
    public let meanOutlineDeltaE: Double
    /// Art pixels compared (a grid over the bounding box, alpha ≥ 128).
    public let areaSamples: Int
    /// Fraction of them that blend into the background.
    public let areaBlendFraction: Double
    /// The silhouette disappears: most of the outline and most of the art blend.
    public let disappears: Bool
    /// Most of the outline blends (the art inside may still show).
    public let outlineBlends: Bool
}
