import RenditionBatch
import RenditionCodecs
import RenditionCore
import RenditionPipeline

/// A repair `StickerFixer` can make.
public enum FixKind: String, Sendable, Codable, CaseIterable {
    /// Crop to the art plus a margin, square the canvas, keep it within the profile's sizes.
    case trim
    /// Add transparent margin: square the canvas, reach the profile's minimum size, and move
    /// art that touches the border away from it.
    case pad
    /// Recolour partially transparent edge pixels from the opaque art next to them.
    case defringe
    /// Take a matte colour (estimated, or given) out of the partially transparent edge pixels.
    case unmatte
    /// Make a uniform opaque background connected to the border transparent.
    case removeBackground = "remove-background"

    /// The order fixes run in, whatever order they were asked in.
    package static let order: [FixKind] = [.removeBackground, .unmatte, .defringe, .trim, .pad]
}

/// Settings of `StickerFixer`.
public struct FixOptions: Sendable {
    /// The fixes to apply (run in `FixKind.order`).
    public var kinds: [FixKind]
    /// Sizes come from here (minimum and maximum side).
    public var profile: StickerProfile
    /// The matte for `unmatte`; `nil` estimates it from the edges.
    public var matte: RGBColor?
    /// Margin `trim` and `pad` leave around the art, as a fraction of its larger side (at least 2 px).
    public var marginFraction: Double
    /// Per-channel tolerance of `remove-background`.
    public var backgroundTolerance: Int
    /// Thresholds for the analysis the fixes rely on.
    public var analysis: EdgeAnalysisOptions

    /// Creates options.
    public init(
        kinds: [FixKind], profile: StickerProfile = .appleMessages, matte: RGBColor? = nil,
        marginFraction: Double = 0.03, backgroundTolerance: Int = 24,
        analysis: EdgeAnalysisOptions = EdgeAnalysisOptions()
    ) {
        self.kinds = kinds
        self.profile = profile
        self.matte = matte
        self.marginFraction = marginFraction
        self.backgroundTolerance = backgroundTolerance
        self.analysis = analysis
    }
}

/// What fixing one file did.
public struct FixOutcome: Sendable, Encodable {
    /// The input file.
    public let input: String
    /// The file written (`nil` when nothing was written).
    public let output: String?
    /// One line per fix: what it changed, or why it was skipped.
    public let steps: [String]
    /// Why the file could not be fixed, if it could not.
    public let error: String?
    /// The written file linted again.
    public let after: LintReport?
}

/// Applies fixes to still stickers. Every fix changes only what it targets (see each
/// `FixKind`); pixels elsewhere are kept byte for byte, except when a canvas would exceed
/// the profile's largest size and must be scaled down (by `StickerPipeline`, as renditions are).
public struct StickerFixer: Sendable {
    /// The settings.
    package let options: FixOptions

    /// Creates a fixer.
    public init(options: FixOptions) {
        self.options = options
    }

    /// Applies the fixes to `raster`; returns the result and one line per fix.
    public func fix(_ raster: Raster) -> (raster: Raster, steps: [String]) {
        var current = raster
        var steps: [String] = []
        let analyzer = EdgeAnalyzer(options: options.analysis, backgrounds: [])
        for kind in FixKind.order where options.kinds.contains(kind) {
            let analysis = analyzer.analyze(current)
            switch kind {
            case .removeBackground:
                guard analysis.hasOpaqueBackground, let color = analysis.border.color else {
                    steps.append("remove-background: skipped (no uniform opaque background on the border)")
                    continue
                }
                let result = BackgroundRemoval.apply(current, background: color, tolerance: options.backgroundTolerance)
                current = result.raster
                steps.append(
                    "remove-background: \(color.hex) removed (\(result.removedPixels) pixels cleared, \(result.edgePixels) edge pixels un-blended)"
                )
            case .unmatte:
                guard let matte = options.matte ?? (analysis.halo.isDetected ? analysis.halo.matte : nil) else {
                    steps.append("unmatte: skipped (no matte halo found; give --matte)")
                    continue
                }
                current = Unmatte.apply(current, matte: matte)
                steps.append("unmatte: matte \(matte.hex) taken out of \(analysis.alpha.partialPixels) edge pixels")
            case .defringe:
                current = Defringe.apply(current)
                steps.append(
                    "defringe: \(analysis.alpha.partialPixels) partially transparent pixels recoloured from the art")
            case .trim:
                guard let bounds = analysis.alpha.bounds else {
                    steps.append("trim: skipped (the image is empty)")
                    continue
                }
                let art = max(bounds.width, bounds.height)
                let side = max(art + 2 * margin(for: art), options.profile.minimumSide)
                if side == current.width && side == current.height {
                    steps.append("trim: skipped (already trimmed)")
                    continue
                }
                let before = "\(current.width)x\(current.height)"
                current = current.cropped(to: bounds)
                    .placed(
                        onCanvasWidth: side, height: side, x: (side - bounds.width) / 2, y: (side - bounds.height) / 2)
                steps.append(
                    "trim: \(before) -> \(side)x\(side) (art \(bounds.width)x\(bounds.height))" + fitToMaximum(&current)
                )
            case .pad:
                let w = current.width, h = current.height
                var side = max(w, h, options.profile.minimumSide)
                if !analysis.alpha.touching.isEmpty { side = max(side, max(w, h) + 2 * margin(for: max(w, h))) }
                if side == w && side == h {
                    steps.append("pad: skipped (square, large enough, art clear of the border)")
                    continue
                }
                current = current.placed(onCanvasWidth: side, height: side, x: (side - w) / 2, y: (side - h) / 2)
                steps.append("pad: \(w)x\(h) -> \(side)x\(side)" + fitToMaximum(&current))
            }
        }
        return (current, steps)
    }

    /// Reads, fixes and writes one file as PNG (atomically), then lints the result.
    /// Animations are not fixed yet.
    ///
    /// The file is decoded by `StickerPipeline` (vector art drawn at its canvas size) and the
    /// fixed canvas is encoded by it, as a PNG at its own size; the fixes in between work on
    /// pixels (see `fix(_:)`).
    public func fix(path: String, writingTo destination: String, linter: StickerLinter) -> FixOutcome {
        func failure(_ reason: String) -> FixOutcome {
            FixOutcome(input: path, output: nil, steps: [], error: reason, after: nil)
        }
        let bytes: [UInt8]
        do { bytes = try FileSystem.read(path) } catch { return failure(error.description) }
        let pipeline = StickerPipeline(options: RenderOptions(limits: linter.options.limits))
        let master: Raster
        do {
            let decoded = try pipeline.decode(bytes, inspecting: false)
            // The master at its own size: no resample; vector art drawn at its canvas size.
            let made = try pipeline.run(decoded.source, targets: [.pixels(.scale(.x3), animates: false)])
            if made.masterAnimated {
                return failure("fixing animations is not supported yet (no APNG/GIF encoder)")
            }
            guard let pixels = try made.outputs[0].get().pixels else { return failure("cannot decode: no pixels") }
            master = pixels.firstFrame
        } catch {
            return failure("cannot decode: \(error)")
        }
        let (fixed, steps) = fix(master)
        let encoded: [UInt8]
        do {
            let written = try pipeline.run(
                .animation(Animation(still: fixed), format: .png), targets: [.rendition(.x3, format: .png)])
            encoded = try written.outputs[0].get().bytes
        } catch {
            return failure("cannot encode: \(error)")
        }
        let directory = destination.lastIndex(of: "/").map { String(destination[..<$0]) } ?? "."
        do {
            try FileSystem.createDirectory(directory.isEmpty ? "/" : directory)
            try AtomicFile.write(encoded, to: destination)
        } catch {
            return failure(error.description)
        }
        return FixOutcome(
            input: path, output: destination, steps: steps, error: nil,
            after: linter.lint(bytes: encoded, path: destination))
    }

    private func margin(for side: Int) -> Int { max(2, Int((Double(side) * options.marginFraction).rounded())) }

    /// Scales `raster` down to the profile's largest side when it is larger (a `StickerPipeline`
    /// target fitting it within that side, returned as pixels); returns a note.
    private func fitToMaximum(_ raster: inout Raster) -> String {
        let maximum = options.profile.maximumSide
        guard max(raster.width, raster.height) > maximum else { return "" }
        let target = RenditionTarget.pixels(
            .canvas(CanvasRule(mode: .fitWithin, width: maximum, height: maximum)), label: "fix")
        do {
            let made = try StickerPipeline().run(
                .animation(Animation(still: raster), format: .png), targets: [target])
            raster = try made.outputs[0].get().pixels?.firstFrame ?? raster
        } catch {
            // A decoded still with no frame rules gives no error; should one come, say so.
            return ", not scaled to stay within \(maximum) px (\(error))"
        }
        return ", scaled to \(raster.width)x\(raster.height) to stay within \(maximum) px"
    }
}

/// Names of fixed files: `DIR/NAME.png`, NAME being the input's file name without extension.
package enum FixedFileNames {
    /// The output path for `input` in `directory`; in place (`directory == nil`), PNG inputs
    /// are replaced and other formats get a `.png` file beside them.
    package static func path(for input: String, in directory: String?) -> String {
        let name = input.split(separator: "/").last.map(String.init) ?? input
        let stem = name.lastIndex(of: ".").map { $0 == name.startIndex ? name : String(name[..<$0]) } ?? name
        guard let directory else {
            if name.lowercased().hasSuffix(".png") { return input }
            let folder = input.lastIndex(of: "/").map { String(input[..<$0]) + "/" } ?? ""
            return folder + stem + ".png"
        }
        return (directory.hasSuffix("/") ? String(directory.dropLast()) : directory) + "/" + stem + ".png"
    }
}
