extension EdgeAnalyzer {
    /// Estimates a matte halo from the partially transparent edge pixels that have opaque
    /// neighbours (see `MatteHalo` for the model).
    func matteHalo(_ raster: Raster, scan: AlphaScan) -> MatteHalo {
        let w = raster.width, h = raster.height, stride = raster.bytesPerRow
        let range = options.haloAlphaRange
        let threshold = Double(options.fringeThreshold)
        var samples = 0, fringe = 0
        var deviationSum = 0.0
        var weightSum = 0.0
        var matteSum = (0.0, 0.0, 0.0)
        var estimates: [(Double, Double, Double, Double)] = []  // matte estimate and weight, fringe samples only
        raster.bytes.withUnsafeBufferPointer { buffer in
            let p = buffer.baseAddress!
            for index in scan.edgePixels {
                let i = Int(index)
                let x = i % w, y = i / w
                let o = y * stride + x * 4
                let a = p[o + 3]
                guard range.contains(a) else { continue }
                guard let interior = Self.opaqueNeighbourMean(p, x: x, y: y, width: w, height: h, stride: stride) else {
                    continue
                }
                let alpha = Double(a) / 255
                let c = (Double(p[o]) / alpha, Double(p[o + 1]) / alpha, Double(p[o + 2]) / alpha)
                let d = (c.0 - interior.0, c.1 - interior.1, c.2 - interior.2)
                let deviation = max(abs(d.0), abs(d.1), abs(d.2))
                samples += 1
                deviationSum += deviation
                guard deviation >= threshold else { continue }
                fringe += 1
                let k = 1 / (1 - alpha)
                let m = (interior.0 + d.0 * k, interior.1 + d.1 * k, interior.2 + d.2 * k)
                let weight = 1 - alpha
                weightSum += weight
                matteSum = (matteSum.0 + m.0 * weight, matteSum.1 + m.1 * weight, matteSum.2 + m.2 * weight)
                estimates.append((m.0, m.1, m.2, weight))
            }
        }
        let fringeFraction = samples > 0 ? Double(fringe) / Double(samples) : 0
        let meanDeviation = samples > 0 ? deviationSum / Double(samples) : 0
        var matte: RGBColor? = nil
        var spread = 0.0
        if weightSum > 0, fringe >= options.haloMinimumSamples / 2 {
            let mean = (matteSum.0 / weightSum, matteSum.1 / weightSum, matteSum.2 / weightSum)
            var squares = 0.0
            for e in estimates {
                let dr = e.0 - mean.0, dg = e.1 - mean.1, db = e.2 - mean.2
                squares += e.3 * (dr * dr + dg * dg + db * db) / 3
            }
            spread = (squares / weightSum).squareRoot()
            matte = RGBColor(clamping: mean.0, mean.1, mean.2)
        }
        let detected =
            samples >= options.haloMinimumSamples && fringeFraction >= options.haloFringeFraction
            && matte != nil && spread <= options.haloMaximumSpread
        return MatteHalo(
            samples: samples, fringeSamples: fringe, fringeFraction: fringeFraction,
            meanDeviation: meanDeviation, matte: matte, matteSpread: spread, isDetected: detected)
    }

    /// Mean colour of the fully opaque pixels among the 8 neighbours of (`x`, `y`), or, when
    /// there are none, among the 5 x 5 window; `nil` when neither has any.
    static func opaqueNeighbourMean(
        _ p: UnsafePointer<UInt8>, x: Int, y: Int, width: Int, height: Int, stride: Int
    ) -> (Double, Double, Double)? {
        for radius in 1...2 {
            var n = 0, r = 0, g = 0, b = 0
            for dy in -radius...radius {
                let yy = y + dy
                if yy < 0 || yy >= height { continue }
                for dx in -radius...radius {
                    if dx == 0 && dy == 0 { continue }
                    let xx = x + dx
                    if xx < 0 || xx >= width { continue }
                    let o = yy * stride + xx * 4
                    if p[o + 3] == 255 {
                        n += 1
                        r += Int(p[o])
                        g += Int(p[o + 1])
                        b += Int(p[o + 2])
                    }
                }
            }
            if n > 0 { return (Double(r) / Double(n), Double(g) / Double(n), Double(b) / Double(n)) }
        }
        return nil
    }
}
