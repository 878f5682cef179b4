import RenditionBatch
import RenditionCodecs
import RenditionCore
import RenditionPipeline

/// Settings of `StickerLinter`.
public struct LintOptions: Sendable {
    /// The platform rules to check against.
    public var profile: StickerProfile
    /// Thresholds of the edge analysis.
    package var analysis: EdgeAnalysisOptions
    /// Backgrounds the art must stay visible on (default: the six standard ones).
    public var backgrounds: [TestBackground]
    /// Decoding limits for the inputs.
    public var limits: DecodeLimits
    /// Whether to simulate the @1x rendition and measure clamped ringing (first frame).
    package var measuresRinging: Bool
    /// About how many rows of the simulated @1x rendition the ringing measurement samples
    /// (evenly spaced; all rows when the rendition is smaller).
    package var ringingRows: Int
    /// Report `ringing-clamped` when at least this fraction of @1x pixels is clamped...
    package var ringingClampedFraction: Double
    /// ...and the largest overshoot reaches this many levels.
    package var ringingOvershoot: Double
    /// Report `content-small` when the art's bounds span less than this fraction of both
    /// the canvas width and height.
    package var contentSmallFraction: Double

    /// Creates options; by default the Apple Messages profile and the standard backgrounds.
    public init(
        profile: StickerProfile = .appleMessages, analysis: EdgeAnalysisOptions = EdgeAnalysisOptions(),
        backgrounds: [TestBackground] = TestBackgrounds.standard, limits: DecodeLimits = .default,
        measuresRinging: Bool = true, ringingRows: Int = 16, ringingClampedFraction: Double = 0.15,
        ringingOvershoot: Double = 16,
        contentSmallFraction: Double = 0.6
    ) {
        self.profile = profile
        self.analysis = analysis
        self.backgrounds = backgrounds
        self.limits = limits
        self.measuresRinging = measuresRinging
        self.ringingRows = max(1, ringingRows)
        self.ringingClampedFraction = ringingClampedFraction
        self.ringingOvershoot = ringingOvershoot
        self.contentSmallFraction = contentSmallFraction
    }
}

/// Checks sticker files against a profile's rules and the alpha-edge analysis, and reports
/// findings with stable codes (see `LintCode`).
public struct StickerLinter: Sendable {
    /// The settings.
    package let options: LintOptions

    /// Creates a linter.
    public init(options: LintOptions = LintOptions()) {
        self.options = options
    }

    /// Reads and lints one file; a file that cannot be read gives an `unreadable` finding.
    ///
    /// An `unreadable` finding's `reason` value says why in a few words (`no such file or
    /// folder`, `truncated PNG`, `not a PNG, JPEG, GIF, … or dotLottie file`:
    /// `CodecError.shortReason`); its message says it in full.
    public func lint(path: String) -> LintReport {
        do {
            return lint(bytes: try FileSystem.read(path), path: path)
        } catch {
            return LintReport(
                path: path, format: nil, animated: false, width: nil, height: nil, frames: nil, bytes: 0,
                sizeClass: nil, durationMilliseconds: nil, loopCount: nil,
                findings: [
                    LintFinding(
                        .unreadable, "cannot read the file: \(error.reason)", values: ["reason": .text(error.reason)])
                ], measurements: nil)
        }
    }

    /// Lints a file's bytes (`path` only names it in the report).
    public func lint(bytes: [UInt8], path: String) -> LintReport {
        let limits = options.limits
        return lint(bytes: bytes, path: path) { () throws(CodecError) in
            try ImageDecoder.decodeSource(bytes, limits: limits)
        }
    }

    /// `lint(bytes:path:)` with the file decoded by `decode` (as `ImageDecoder.decodeSource`
    /// decodes it), called only when the profile's file rules let the pixels be looked at: for
    /// a caller that has decoded the file already.
    package func lint(bytes: [UInt8], path: String, decode: () throws(CodecError) -> SourceImage) -> LintReport {
        let format = ImageFormat.sniff(bytes)
        var early: [LintFinding] = []
        if let format {
            let profile = options.profile
            if !profile.formats.contains(format) && !profile.animatedFormats.contains(format) {
                early.append(
                    LintFinding(
                        .formatNotAllowed,
                        "\(format) files are not accepted by \(profile.name) (accepted: \(Self.formatList(profile)))",
                        values: ["format": .text(format.rawValue)]))
            }
        }
        if let size = ProfileRules.byteFinding(bytes.count, profile: options.profile, animated: nil) {
            early.append(size)
        }
        guard let format, early.allSatisfy({ $0.code != .formatNotAllowed }) else {
            if format == nil {
                early.insert(
                    LintFinding(
                        .unreadable,
                        "not an image Rendition recognises (no \(FormatRegistry.names(joinedBy: "or")) signature)",
                        values: ["reason": .text(CodecError.unrecognizedFormat.shortReason)]),
                    at: 0)
            }
            return LintReport(
                path: path, format: format?.rawValue, animated: false, width: nil, height: nil, frames: nil,
                bytes: bytes.count, sizeClass: nil, durationMilliseconds: nil, loopCount: nil,
                findings: early, measurements: nil)
        }
        let source: SourceImage
        do {
            source = try decode()
        } catch {
            early.insert(
                LintFinding(.unreadable, "cannot decode: \(error)", values: ["reason": .text(error.shortReason)]), at: 0
            )
            return LintReport(
                path: path, format: format.rawValue, animated: false, width: nil, height: nil, frames: nil,
                bytes: bytes.count, sizeClass: nil, durationMilliseconds: nil, loopCount: nil,
                findings: early, measurements: nil)
        }
        return lint(
            source: source, byteCount: bytes.count, path: path,
            fileFindings: FormatRuleFindings.findings(
                bytes: bytes, source: source, profile: options.profile, limits: options.limits))
    }

    /// Lints decoded pixels: the profile's rules on size, format and animation, and the edge
    /// findings of every frame. `byteCount` is the file size.
    package func lint(source: SourceImage, byteCount: Int, path: String) -> LintReport {
        lint(source: source, byteCount: byteCount, path: path, fileFindings: [])
    }

    /// `lint(source:byteCount:path:)` with `fileFindings`, the findings of the rules that read
    /// the file itself (`FormatRuleFindings`), added after the profile's own.
    func lint(source: SourceImage, byteCount: Int, path: String, fileFindings: [LintFinding]) -> LintReport {
        let animation = source.animation
        let profile = options.profile
        var findings = ProfileRules.findings(source: source, byteCount: byteCount, profile: profile) + fileFindings

        let analyzer = EdgeAnalyzer(options: options.analysis, backgrounds: options.backgrounds)
        let analyses = analyzer.analyze(animation)
        let hidden = source.straightValues.map { HiddenColor(straight: $0) }
        var ringing: RingingMeasurement? = nil
        if options.measuresRinging, let first = analyses.first, !first.alpha.isEmpty {
            let size = StickerGeometry.renditionSize(
                masterWidth: animation.width, masterHeight: animation.height, scale: .x1)
            ringing = RingingAnalysis.measure(
                animation.firstFrame, width: size.width, height: size.height,
                rowStep: max(1, size.height / options.ringingRows))
        }
        findings += EdgeRules(options: options).findings(analyses: analyses, hidden: hidden, ringing: ringing)

        let isAnimated = animation.isAnimated
        let formatName = source.format == .png && isAnimated ? "apng" : source.format.rawValue
        var sizeClass: String? = nil
        if animation.width == animation.height, (profile.minimumSide...profile.maximumSide).contains(animation.width) {
            sizeClass = profile.sizeClass(forSide: animation.width)?.name
        }
        return LintReport(
            path: path, format: formatName, animated: isAnimated, width: animation.width, height: animation.height,
            frames: animation.frames.count, bytes: byteCount, sizeClass: sizeClass,
            durationMilliseconds: isAnimated ? rounded(animation.duration.seconds * 1000) : nil,
            loopCount: isAnimated ? animation.loopCount : nil, findings: findings,
            measurements: analyses.first.map { LintMeasurements(edge: $0, hidden: hidden, ringing: ringing) })
    }

    static func formatList(_ profile: StickerProfile) -> String {
        var names: [String] = []
        for format in profile.formats + profile.animatedFormats {
            let name = format == .png && profile.animatedFormats.contains(.png) ? "PNG/APNG" : format.description
            if !names.contains(name) { names.append(name) }
        }
        return names.joined(separator: ", ")
    }
}
