/// Measures a sticker's alpha edge: coverage, bounding box, margins, contact with the canvas
/// border, background, edge band, matte halos and visibility on test backgrounds.
///
/// One pass over the pixels counts alpha, finds the bounds and collects the outline and
/// partially transparent pixels; the halo and visibility measurements then visit only those
/// pixels and a sparse grid, so the cost stays a small fraction of resampling the image.
public struct EdgeAnalyzer: Sendable {
    /// The thresholds.
    public var options: EdgeAnalysisOptions
    /// The backgrounds checked for visibility, in report order.
    public var backgrounds: [TestBackground]

    /// Creates an analyser; by default it checks white, black, red, yellow and the
    /// multicolour gradient (add a photo with `backgrounds`).
    public init(
        options: EdgeAnalysisOptions = EdgeAnalysisOptions(),
        backgrounds: [TestBackground] = [.white, .black, .red, .yellow, .multicolor]
    ) {
        self.options = options
        self.backgrounds = backgrounds
    }

    /// Analyses every frame of an animation (a still image has one).
    public func analyze(_ animation: Animation) -> [EdgeAnalysis] {
        var results: [EdgeAnalysis] = []
        results.reserveCapacity(animation.frames.count)
        for (index, frame) in animation.frames.enumerated() {
            if index > 0, frame.raster == animation.frames[index - 1].raster, let previous = results.last {
                results.append(previous)
            } else {
                results.append(analyze(frame.raster))
            }
        }
        return results
    }

    /// Analyses one premultiplied raster.
    public func analyze(_ raster: Raster) -> EdgeAnalysis {
        let scan = AlphaScan(raster, touchAlpha: options.touchAlpha)
        let border = borderBackground(raster)
        let band = edgeBand(scan)
        let halo = matteHalo(raster, scan: scan)
        let visibility = self.visibility(raster, scan: scan)
        return EdgeAnalysis(
            width: raster.width, height: raster.height, alpha: scan.coverage(),
            border: border, band: band, halo: halo, visibility: visibility)
    }

    func edgeBand(_ scan: AlphaScan) -> EdgeBand {
        let outline = scan.outlinePixels
        let width = outline > 0 ? Double(scan.partialPixels) / Double(outline) : 0
        let hard = outline > 0 ? Double(scan.hardOutlinePixels) / Double(outline) : 0
        let steps = outline > 0 ? Double(scan.stepPixels) / Double(outline) : 0
        let softness: EdgeSoftness
        if outline == 0 {
            softness = .none
        } else if hard >= options.hardEdgeFraction {
            softness = .hard
        } else if width > options.softBandWidth {
            softness = .soft
        } else {
            softness = .antialiased
        }
        return EdgeBand(
            outlinePixels: outline, hardOutlinePixels: scan.hardOutlinePixels, stepPixels: scan.stepPixels,
            partialPixels: scan.partialPixels, width: width, hardFraction: hard, stepFraction: steps,
            softness: softness)
    }

    func borderBackground(_ raster: Raster) -> BorderBackground {
        let w = raster.width, h = raster.height, stride = raster.bytesPerRow
        var offsets: [Int] = []
        offsets.reserveCapacity(2 * (w + h))
        for x in 0..<w {
            offsets.append(x * 4)
            if h > 1 { offsets.append((h - 1) * stride + x * 4) }
        }
        if h > 2 {
            for y in 1..<(h - 1) {
                offsets.append(y * stride)
                if w > 1 { offsets.append(y * stride + (w - 1) * 4) }
            }
        }
        let threshold = options.backgroundAlpha
        var opaque: [(Double, Double, Double)] = []
        var alphaSum = 0.0
        raster.bytes.withUnsafeBufferPointer { p in
            for o in offsets where p[o + 3] >= threshold {
                let a = Double(p[o + 3])
                alphaSum += a
                opaque.append((Double(p[o]) * 255 / a, Double(p[o + 1]) * 255 / a, Double(p[o + 2]) * 255 / a))
            }
        }
        let opaqueFraction = Double(opaque.count) / Double(max(1, offsets.count))
        guard !opaque.isEmpty else {
            return BorderBackground(
                borderPixels: offsets.count, opaqueFraction: 0, meanAlpha: 0, color: nil,
                uniformFraction: 0, isOpaque: false)
        }
        let n = Double(opaque.count)
        let mean = opaque.reduce((0.0, 0.0, 0.0)) { ($0.0 + $1.0, $0.1 + $1.1, $0.2 + $1.2) }
        let meanColor = (mean.0 / n, mean.1 / n, mean.2 / n)
        let tolerance = Double(options.backgroundTolerance)
        let uniform = opaque.filter {
            abs($0.0 - meanColor.0) <= tolerance && abs($0.1 - meanColor.1) <= tolerance
                && abs($0.2 - meanColor.2) <= tolerance
        }.count
        let uniformFraction = Double(uniform) / n
        let color =
            uniformFraction >= options.backgroundUniformFraction
            ? RGBColor(clamping: meanColor.0, meanColor.1, meanColor.2) : nil
        return BorderBackground(
            borderPixels: offsets.count, opaqueFraction: opaqueFraction, meanAlpha: alphaSum / n,
            color: color, uniformFraction: uniformFraction,
            isOpaque: opaqueFraction >= options.backgroundOpaqueFraction)
    }
}
