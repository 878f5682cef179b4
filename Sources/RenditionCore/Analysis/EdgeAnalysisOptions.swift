/// Thresholds of the alpha-edge analysis. The defaults suit sticker art at 300–618 px.
public struct EdgeAnalysisOptions: Sendable, Equatable {
    /// Alpha from which a border pixel counts as art touching the canvas edge.
    public var touchAlpha: UInt8 = 32
    /// Alpha from which a border pixel counts as (near-)opaque background.
    public var backgroundAlpha: UInt8 = 230
    /// Fraction of the border that must be near-opaque to call it a background.
    public var backgroundOpaqueFraction = 0.6
    /// Largest per-channel distance from the border's mean colour still counted as that colour.
    public var backgroundTolerance = 24
    /// Fraction of near-opaque border pixels that must match the mean for a uniform colour.
    public var backgroundUniformFraction = 0.8
    /// Alphas of edge pixels used for matte estimation (too faint or too opaque pixels
    /// carry too little of the matte to measure).
    public var haloAlphaRange: ClosedRange<UInt8> = 26...229
    /// Largest channel difference from the interior colour that counts as a fringe, in levels.
    public var fringeThreshold = 24
    /// Fraction of samples that must be fringed to report a halo.
    public var haloFringeFraction = 0.35
    /// Fewest samples needed to judge a halo.
    public var haloMinimumSamples = 16
    /// Largest spread of the matte estimates (RMS, levels) for one matte to explain the fringe.
    public var haloMaximumSpread = 16.0
    /// Fraction of the outline that must be hard (0 → 255) for a hard edge.
    public var hardEdgeFraction = 0.9
    /// Fraction of the outline made of staircase corners from which a hard edge looks aliased.
    public var stepFractionForAliasing = 0.05
    /// Band width (pixels) above which an edge is soft rather than anti-aliased.
    public var softBandWidth = 2.5
    /// ΔE (CIE76) below which art and background blend.
    public var blendDeltaE: Float = 15
    /// Fraction of the outline (and of the art) that must blend for the art to disappear.
    public var blendFraction = 0.6
    /// About how many art pixels to compare with each background (a grid over the bounds).
    public var areaSampleTarget = 2_500
    /// At most about this many outline pixels are compared with each background (evenly spread).
    public var outlineSampleLimit = 2_500

    /// The default thresholds.
    public init() {}
}
