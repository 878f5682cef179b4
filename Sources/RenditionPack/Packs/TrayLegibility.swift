import RenditionCore

/// How legible a sticker is when drawn small, as a pack's tray, tab or thumbnail image: how
/// much of its canvas the art covers, then how colourful the art is. A pack with no configured
/// `tray` draws those images from its most legible sticker, so that a thin grey glyph that
/// happens to come first does not become the pack's face.
struct TrayLegibility: Sendable, Equatable {
    /// The share of the canvas the art covers, alpha-weighted: the sum of every pixel's alpha
    /// over the canvas's pixel count, 0 (transparent) to 1 (opaque everywhere).
    let coverage: Double
    /// Hasler and Süsstrunk's colourfulness of the art's straight colours, alpha-weighted:
    /// the spread of the red–green and yellow–blue opponent channels plus 0.3 times their mean
    /// distance from grey (0 for grey art, about 100 and more for vivid, varied art).
    let colourfulness: Double

    /// The measures of `raster` (premultiplied RGBA).
    init(_ raster: Raster) {
        var weight = 0.0
        var sumRG = 0.0, sumYB = 0.0, sumRG2 = 0.0, sumYB2 = 0.0
        raster.bytes.withUnsafeBufferPointer { bytes in
            for y in 0..<raster.height {
                var index = y * raster.bytesPerRow
                for _ in 0..<raster.width {
                    let alpha = Double(bytes[index + 3])
                    if alpha > 0 {
                        // Premultiplied channels over alpha are the straight colour in 0...1.
                        let red = Double(bytes[index]) / alpha, green = Double(bytes[index + 1]) / alpha
                        let blue = Double(bytes[index + 2]) / alpha
                        let rg = (red - green) * 255, yb = ((red + green) / 2 - blue) * 255
                        let w = alpha / 255
                        weight += w
                        sumRG += w * rg
                        sumYB += w * yb
                        sumRG2 += w * rg * rg
                        sumYB2 += w * yb * yb
                    }
                    index += 4
                }
            }
        }
        coverage = weight / Double(raster.width * raster.height)
        guard weight > 0 else {
            colourfulness = 0
            return
        }
        let meanRG = sumRG / weight, meanYB = sumYB / weight
        let varianceRG = max(0, sumRG2 / weight - meanRG * meanRG)
        let varianceYB = max(0, sumYB2 / weight - meanYB * meanYB)
        colourfulness =
            (varianceRG + varianceYB).squareRoot() + 0.3 * (meanRG * meanRG + meanYB * meanYB).squareRoot()
    }

    /// Whether `self` is more legible than `other`: more coverage, counted in whole percent of
    /// the canvas, then more colour. Equal measures are not more legible (the earlier sticker
    /// in pack order is kept).
    func isMoreLegible(than other: TrayLegibility) -> Bool {
        let percent = (coverage * 100).rounded(), otherPercent = (other.coverage * 100).rounded()
        if percent != otherPercent { return percent > otherPercent }
        return colourfulness > other.colourfulness
    }

    /// The index in `candidates` of the most legible (the first of equals); `nil` when no
    /// candidate has measures (none could be decoded).
    static func mostLegible(_ candidates: [TrayLegibility?]) -> Int? {
        var best: (index: Int, measures: TrayLegibility)?
        for (index, candidate) in candidates.enumerated() {
            guard let candidate else { continue }
            if let current = best, !candidate.isMoreLegible(than: current.measures) { continue }
            best = (index, candidate)
        }
        return best?.index
    }
}
