import RenditionCore

/// Structural similarity (SSIM, Wang et al. 2004) between two premultiplied rasters of the
/// same size, as seen on a page: each is composited over black and over white, reduced to luma
/// (Rec. 601 weights on the 8-bit values), and compared with the standard SSIM (Gaussian
/// window, σ = 1.5, radius 5, edges repeated; C1 = (0.01 · 255)², C2 = (0.03 · 255)²). The
/// SSIM is averaged over the pixels that are not fully transparent in both images (a sticker's
/// empty margin would otherwise dilute it; all pixels when every one is transparent), per
/// background, and the lower of the two returned: 1 for equal images, less the more their
/// local structure differs.
package enum StructuralSimilarity {
    /// The lower of the mean SSIMs over black and over white.
    package static func similarity(_ reference: Raster, _ test: Raster) -> Double {
        precondition(reference.width == test.width && reference.height == test.height, "SSIM needs images of one size")
        let (referenceLuma, referenceAlpha) = lumaAndAlpha(reference)
        let (testLuma, testAlpha) = lumaAndAlpha(test)
        var covered = zip(referenceAlpha, testAlpha).map { $0 > 0 || $1 > 0 }
        if !covered.contains(true) { covered = covered.map { _ in true } }
        let overBlack = meanSSIM(
            referenceLuma, testLuma, width: reference.width, height: reference.height, over: covered)
        // Over white every channel gains 255 - alpha, and so does luma (the weights sum to 1).
        let overWhite = meanSSIM(
            zip(referenceLuma, referenceAlpha).map { $0 + 255 - $1 }, zip(testLuma, testAlpha).map { $0 + 255 - $1 },
            width: reference.width, height: reference.height, over: covered)
        return min(overBlack, overWhite)
    }

    /// Premultiplied luma (luma over black) and alpha, per pixel.
    private static func lumaAndAlpha(_ raster: Raster) -> ([Float], [Float]) {
        var luma = [Float](repeating: 0, count: raster.width * raster.height)
        var alpha = luma
        raster.bytes.withUnsafeBufferPointer { bytes in
            for y in 0..<raster.height {
                for x in 0..<raster.width {
                    let o = y * raster.bytesPerRow + x * 4
                    luma[y * raster.width + x] =
                        0.299 * Float(bytes[o]) + 0.587 * Float(bytes[o + 1]) + 0.114 * Float(bytes[o + 2])
                    alpha[y * raster.width + x] = Float(bytes[o + 3])
                }
            }
        }
        return (luma, alpha)
    }

    /// The Gaussian window's weights, centre first: `exp(-k² / (2 · 1.5²))` for k = 0...5,
    /// normalised so that both sides together sum to 1.
    private static let weights: [Float] = [
        0.266011725, 0.213005538, 0.109360690, 0.036000772, 0.007598758, 0.001028380,
    ]

    /// Mean SSIM of two luma planes over the pixels where `covered` is true.
    private static func meanSSIM(_ x: [Float], _ y: [Float], width: Int, height: Int, over covered: [Bool]) -> Double {
        let count = width * height
        var xx = [Float](repeating: 0, count: count), yy = xx, xy = xx
        for i in 0..<count {
            xx[i] = x[i] * x[i]
            yy[i] = y[i] * y[i]
            xy[i] = x[i] * y[i]
        }
        let meanX = blurred(x, width: width, height: height), meanY = blurred(y, width: width, height: height)
        let meanXX = blurred(xx, width: width, height: height), meanYY = blurred(yy, width: width, height: height)
        let meanXY = blurred(xy, width: width, height: height)
        let c1: Float = (0.01 * 255) * (0.01 * 255), c2: Float = (0.03 * 255) * (0.03 * 255)
        var total = 0.0
        var counted = 0
        for i in 0..<count where covered[i] {
            let mx = meanX[i], my = meanY[i]
            let varianceX = meanXX[i] - mx * mx, varianceY = meanYY[i] - my * my, covariance = meanXY[i] - mx * my
            let ssim =
                (2 * mx * my + c1) * (2 * covariance + c2) / ((mx * mx + my * my + c1) * (varianceX + varianceY + c2))
            total += Double(ssim)
            counted += 1
        }
        return total / Double(counted)
    }

    /// `plane` convolved with the Gaussian window, columns then rows, edge pixels repeated.
    private static func blurred(_ plane: [Float], width: Int, height: Int) -> [Float] {
        let radius = weights.count - 1
        var columns = [Float](repeating: 0, count: plane.count)
        var out = columns
        var padded = [Float](repeating: 0, count: width + 2 * radius)
        weights.withUnsafeBufferPointer { w in
            plane.withUnsafeBufferPointer { source in
                columns.withUnsafeMutableBufferPointer { middle in
                    // Whole rows at a time, so that the inner loop runs along memory.
                    for y in 0..<height {
                        let target = middle.baseAddress! + y * width
                        let centre = source.baseAddress! + y * width
                        for x in 0..<width { target[x] = w[0] * centre[x] }
                        for k in 1...radius {
                            let above = source.baseAddress! + max(0, y - k) * width
                            let below = source.baseAddress! + min(height - 1, y + k) * width
                            let weight = w[k]
                            for x in 0..<width { target[x] += weight * (above[x] + below[x]) }
                        }
                    }
                }
            }
            columns.withUnsafeBufferPointer { middle in
                out.withUnsafeMutableBufferPointer { destination in
                    padded.withUnsafeMutableBufferPointer { row in
                        for y in 0..<height {
                            let source = middle.baseAddress! + y * width
                            for x in 0..<radius {
                                row[x] = source[0]
                                row[radius + width + x] = source[width - 1]
                            }
                            for x in 0..<width { row[radius + x] = source[x] }
                            let target = destination.baseAddress! + y * width
                            let centre = row.baseAddress! + radius
                            for x in 0..<width {
                                var sum = w[0] * centre[x]
                                for k in 1...radius { sum += w[k] * (centre[x - k] + centre[x + k]) }
                                target[x] = sum
                            }
                        }
                    }
                }
            }
        }
        return out
    }
}
