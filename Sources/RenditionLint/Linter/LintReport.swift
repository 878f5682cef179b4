import RenditionCore

/// Everything `StickerLinter` found about one file.
public struct LintReport: Sendable, Codable, Equatable {
    /// The file as named on the command line (or by the caller).
    public let path: String
    /// `png`, `apng`, `gif`, `jpeg` or `webp`; `nil` when unrecognised.
    public let format: String?
    /// Whether the file has more than one frame.
    public let animated: Bool
    /// Canvas width in pixels, when decoded.
    public let width: Int?
    /// Canvas height in pixels, when decoded.
    public let height: Int?
    /// Number of frames, when decoded.
    public let frames: Int?
    /// File size in bytes.
    public let bytes: Int
    /// The profile's size class the canvas falls in (square canvases within the profile's range).
    public let sizeClass: String?
    /// Total duration of one loop in milliseconds (animations only).
    public let durationMilliseconds: Double?
    /// Loop count, 0 meaning forever (animations only).
    public let loopCount: Int?
    /// The findings, most severe first.
    public let findings: [LintFinding]
    /// The measurements behind the edge findings (first frame), when decoded.
    package let measurements: LintMeasurements?

    /// Creates a report; findings are ordered by severity (errors first), stably.
    package init(
        path: String, format: String?, animated: Bool, width: Int?, height: Int?, frames: Int?, bytes: Int,
        sizeClass: String?, durationMilliseconds: Double?, loopCount: Int?, findings: [LintFinding],
        measurements: LintMeasurements?
    ) {
        self.path = path
        self.format = format
        self.animated = animated
        self.width = width
        self.height = height
        self.frames = frames
        self.bytes = bytes
        self.sizeClass = sizeClass
        self.durationMilliseconds = durationMilliseconds
        self.loopCount = loopCount
        self.findings = findings.enumerated().sorted {
            $0.element.severity != $1.element.severity
                ? $0.element.severity > $1.element.severity : $0.offset < $1.offset
        }.map(\.element)
        self.measurements = measurements
    }

    /// How many findings have `severity`.
    public func count(_ severity: LintSeverity) -> Int { findings.filter { $0.severity == severity }.count }

    /// Whether any finding is an error.
    public var hasErrors: Bool { findings.contains { $0.severity == .error } }

    /// The distinct codes found, in report order.
    public var codes: [LintCode] {
        var seen = Set<LintCode>()
        return findings.map(\.code).filter { seen.insert($0).inserted }
    }

    enum CodingKeys: String, CodingKey {
        case path, format, animated, width, height, frames, bytes
        case sizeClass = "size_class"
        case durationMilliseconds = "duration_ms"
        case loopCount = "loop_count"
        case findings, measurements
    }
}

/// The numbers the edge findings are based on, for the first frame.
package struct LintMeasurements: Sendable, Codable, Equatable {
    /// Bounding box of the art (alpha > 0) as `[x, y, width, height]`.
    package let bounds: [Int]?
    /// Transparent margins as `[left, top, right, bottom]`.
    package let margins: [Int]?
    /// Bounding-box area over canvas area.
    package let boundsFraction: Double
    /// Sum of alpha over the canvas as a fraction of a fully opaque canvas.
    package let coverage: Double
    /// Fraction of pixels that are fully transparent.
    package let transparentFraction: Double
    /// Canvas sides the art touches.
    package let touching: [String]
    /// Background colour detected on the border (`#rrggbb`), if any.
    package let borderColor: String?
    /// Fraction of the border that is near-opaque.
    package let borderOpaqueFraction: Double
    /// Mean thickness of the partially transparent edge band, in pixels.
    package let edgeWidth: Double
    /// `hard`, `antialiased`, `soft` or `none`.
    package let edgeSoftness: String
    /// Fraction of the outline stepping straight from transparent to opaque.
    package let hardEdgeFraction: Double
    /// Fraction of sampled edge pixels that are fringed by a matte.
    package let haloFringeFraction: Double
    /// Mean largest channel difference between edge and interior colours, in levels.
    package let haloMeanDeviation: Double
    /// Estimated matte colour, when the fringe is strong enough to estimate one.
    package let haloMatte: String?
    /// Fraction of transparent pixels hiding a colour in the file (PNG only).
    package let hiddenColorFraction: Double?
    /// Largest Lanczos overshoot clamped in the @1x rendition, in levels.
    package let ringingMaxOvershoot: Double?
    /// Fraction of @1x pixels changed by the clamp.
    package let ringingClampedFraction: Double?
    /// Per test background: blend fractions and mean edge contrast.
    package let visibility: [LintVisibility]

    enum CodingKeys: String, CodingKey {
        case bounds, margins, coverage, touching, visibility
        case boundsFraction = "bounds_fraction"
        case transparentFraction = "transparent_fraction"
        case borderColor = "border_color"
        case borderOpaqueFraction = "border_opaque_fraction"
        case edgeWidth = "edge_width"
        case edgeSoftness = "edge_softness"
        case hardEdgeFraction = "hard_edge_fraction"
        case haloFringeFraction = "halo_fringe_fraction"
        case haloMeanDeviation = "halo_mean_deviation"
        case haloMatte = "halo_matte"
        case hiddenColorFraction = "hidden_color_fraction"
        case ringingMaxOvershoot = "ringing_max_overshoot"
        case ringingClampedFraction = "ringing_clamped_fraction"
    }
}

/// Visibility of the art on one test background.
package struct LintVisibility: Sendable, Codable, Equatable {
    /// The background's name.
    package let background: String
    /// Fraction of the outline within the blend threshold of the background.
    package let outlineBlend: Double
    /// Fraction of the art within the blend threshold of the background.
    package let areaBlend: Double
    /// Mean ΔE between the outline and the background.
    package let outlineDeltaE: Double

    enum CodingKeys: String, CodingKey {
        case background
        case outlineBlend = "outline_blend"
        case areaBlend = "area_blend"
        case outlineDeltaE = "outline_delta_e"
    }
}

extension LintMeasurements {
    /// Collects the measurements of one frame.
    init(edge: EdgeAnalysis, hidden: HiddenColor?, ringing: RingingMeasurement?) {
        let canvas = Double(edge.width * edge.height)
        bounds = edge.alpha.bounds.map { [$0.x, $0.y, $0.width, $0.height] }
        margins = edge.alpha.margins.map { [$0.left, $0.top, $0.right, $0.bottom] }
        boundsFraction = rounded(edge.alpha.boundsFraction)
        coverage = rounded(edge.alpha.coverage)
        transparentFraction = rounded(Double(edge.alpha.transparentPixels) / canvas)
        touching = edge.alpha.touching.names
        borderColor = edge.border.isOpaque ? edge.border.color?.hex : nil
        borderOpaqueFraction = rounded(edge.border.opaqueFraction)
        edgeWidth = rounded(edge.band.width)
        edgeSoftness = edge.band.softness.rawValue
        hardEdgeFraction = rounded(edge.band.hardFraction)
        haloFringeFraction = rounded(edge.halo.fringeFraction)
        haloMeanDeviation = rounded(edge.halo.meanDeviation)
        haloMatte = edge.halo.matte?.hex
        hiddenColorFraction = hidden.map { rounded($0.fraction) }
        ringingMaxOvershoot = ringing.map { rounded($0.maxOvershoot) }
        ringingClampedFraction = ringing.map { rounded($0.clampedFraction) }
        visibility = edge.visibility.map {
            LintVisibility(
                background: $0.background, outlineBlend: rounded($0.outlineBlendFraction),
                areaBlend: rounded($0.areaBlendFraction), outlineDeltaE: rounded($0.meanOutlineDeltaE))
        }
    }

}

/// `value` rounded to four decimals, so JSON output stays readable.
func rounded(_ value: Double) -> Double { (value * 10_000).rounded() / 10_000 }
