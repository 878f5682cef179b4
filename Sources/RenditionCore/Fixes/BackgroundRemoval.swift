/// Makes a solid background transparent: the region of pixels close to the background colour
/// that is connected to the canvas border becomes transparent, and the band of pixels within
/// two pixels of it is un-blended from the background (anti-aliased edges stay smooth, with
/// no halo of the old background).
///
/// Un-blending a band pixel `C`: its foreground `F` is the nearest opaque pixel beyond the
/// band, its coverage the projection of `C − B` on `F − B`; a band pixel whose coverage is
/// (nearly) full keeps its value. Without such a neighbour, the least coverage that explains
/// `C` over `B` is used (colour to alpha). Pixels farther from the background are unchanged.
public enum BackgroundRemoval {
    /// What the removal did.
    public struct Result: Sendable {
        /// The image with the background removed.
        public let raster: Raster
        /// Pixels made fully transparent.
        public let removedPixels: Int
        /// Pixels in the band around the removed region (un-blended where partly background).
        public let edgePixels: Int
    }

    /// Removes `background` from `raster`; a pixel belongs to the background when every
    /// channel of its straight colour is within `tolerance` of it (or it is already transparent).
    public static func apply(_ raster: Raster, background: RGBColor, tolerance: Int = 24) -> Result {
        let pixels = StraightPixels(raster, background: background, tolerance: Float(tolerance))
        let region = borderRegion(pixels)
        let band = Band(around: region, in: pixels)
        var result = raster
        var removed = 0
        let stride = raster.bytesPerRow
        result.bytes.withUnsafeMutableBufferPointer { p in
            removed = clear(region, in: p, pixels: pixels, stride: stride)
            for i in band.pixels {
                let art = artColour(near: i, pixels: pixels, region: region, band: band)
                unblend(i, art: art, pixels: pixels, into: p, stride: stride)
            }
        }
        return Result(raster: result, removedPixels: removed, edgePixels: band.pixels.count)
    }

    /// The background pixels connected (4-connected) to the canvas border: a flood fill
    /// seeded from every border pixel that is background.
    private static func borderRegion(_ pixels: StraightPixels) -> [Bool] {
        let w = pixels.width, h = pixels.height
        var inRegion = [Bool](repeating: false, count: w * h)
        var stack: [Int] = []
        func seed(_ i: Int) {
            if !inRegion[i] && pixels.isBackground(i) {
                inRegion[i] = true
                stack.append(i)
            }
        }
        for x in 0..<w {
            seed(x)
            seed((h - 1) * w + x)
        }
        for y in 0..<h {
            seed(y * w)
            seed(y * w + w - 1)
        }
        while let i = stack.popLast() {
            let x = i % w, y = i / w
            if x > 0 { seed(i - 1) }
            if x < w - 1 { seed(i + 1) }
            if y > 0 { seed(i - w) }
            if y < h - 1 { seed(i + w) }
        }
        return inRegion
    }

    /// The band: art pixels (not in the region, not transparent) within two pixels (5 x 5)
    /// of the region, in raster order.
    private struct Band {
        static let reach = 2
        var contains: [Bool]
        var pixels: [Int] = []

        init(around region: [Bool], in image: StraightPixels) {
            let w = image.width, h = image.height
            contains = [Bool](repeating: false, count: w * h)
            for y in 0..<h {
                for x in 0..<w {
                    let i = y * w + x
                    guard !region[i], image.alpha[i] > 0, Self.touches(region, x: x, y: y, width: w, height: h) else {
                        continue
                    }
                    contains[i] = true
                    pixels.append(i)
                }
            }
        }

        /// Whether a pixel of `region` is within `reach` of (`x`, `y`).
        private static func touches(_ region: [Bool], x: Int, y: Int, width w: Int, height h: Int) -> Bool {
            for dy in -reach...reach {
                let yy = y + dy
                if yy < 0 || yy >= h { continue }
                for dx in -reach...reach {
                    let xx = x + dx
                    if xx >= 0 && xx < w && region[yy * w + xx] { return true }
                }
            }
            return false
        }
    }

    /// Makes every pixel of the region transparent.
    /// - Returns: how many of them were not transparent already.
    private static func clear(
        _ region: [Bool], in p: UnsafeMutableBufferPointer<UInt8>, pixels: StraightPixels, stride: Int
    ) -> Int {
        let w = pixels.width
        var removed = 0
        for y in 0..<pixels.height {
            for x in 0..<w where region[y * w + x] {
                let o = y * stride + x * 4
                if p[o + 3] != 0 { removed += 1 }
                p[o] = 0
                p[o + 1] = 0
                p[o + 2] = 0
                p[o + 3] = 0
            }
        }
        return removed
    }

    /// The art colour behind band pixel `i`: the nearest opaque pixel beyond the band (7 x 7)
    /// that is not background, the one farthest from the background among equally near ones.
    private static func artColour(near i: Int, pixels: StraightPixels, region: [Bool], band: Band) -> StraightColour? {
        let w = pixels.width, h = pixels.height
        let x = i % w, y = i / w
        var best: StraightColour? = nil
        var bestRank = (Int.max, Float(0))
        for dy in -3...3 {
            let yy = y + dy
            if yy < 0 || yy >= h { continue }
            for dx in -3...3 {
                let xx = x + dx
                if xx < 0 || xx >= w { continue }
                let j = yy * w + xx
                if region[j] || band.contains[j] || pixels.alpha[j] < 255 { continue }
                let d = pixels.distance(j)
                if d <= pixels.tolerance { continue }
                let near = max(abs(dx), abs(dy))
                if near < bestRank.0 || (near == bestRank.0 && d > bestRank.1) {
                    bestRank = (near, d)
                    best = pixels.colour(j)
                }
            }
        }
        return best
    }

    /// Un-blends band pixel `i` from the background: its coverage and foreground from `art`
    /// (or colour to alpha without it); a pixel whose coverage is nearly full is kept.
    private static func unblend(
        _ i: Int, art: StraightColour?, pixels: StraightPixels, into p: UnsafeMutableBufferPointer<UInt8>, stride: Int
    ) {
        let c = pixels.colour(i), b = pixels.background
        let (coverage, f) =
            art.map { (projectedCoverage(c, art: $0, background: b), $0) } ?? colourToAlpha(c, background: b)
        if coverage >= 0.97 { return }  // fully art: keep the pixel as it is
        let o = (i / pixels.width) * stride + (i % pixels.width) * 4
        let newAlpha = (Float(pixels.alpha[i]) * coverage).rounded()
        if newAlpha <= 0 {
            p[o] = 0
            p[o + 1] = 0
            p[o + 2] = 0
            p[o + 3] = 0
            return
        }
        let a = newAlpha / 255
        func premultiplied(_ v: Float) -> UInt8 { UInt8(min(max(v * a, 0), newAlpha).rounded()) }
        p[o] = premultiplied(f.0)
        p[o + 1] = premultiplied(f.1)
        p[o + 2] = premultiplied(f.2)
        p[o + 3] = UInt8(newAlpha)
    }

    /// The coverage of `art` over the background that explains `c`: the projection of
    /// `c − b` on `art − b`, clamped to 0...1.
    private static func projectedCoverage(_ c: StraightColour, art: StraightColour, background b: StraightColour)
        -> Float
    {
        let fb = (art.0 - b.0, art.1 - b.1, art.2 - b.2)
        let cb = (c.0 - b.0, c.1 - b.1, c.2 - b.2)
        let norm = fb.0 * fb.0 + fb.1 * fb.1 + fb.2 * fb.2
        return min(max((cb.0 * fb.0 + cb.1 * fb.1 + cb.2 * fb.2) / norm, 0), 1)
    }

    /// Colour to alpha: the least coverage that explains `c` over the background, and the
    /// foreground colour at that coverage.
    private static func colourToAlpha(
        _ c: StraightColour, background b: StraightColour
    ) -> (coverage: Float, foreground: StraightColour) {
        func need(_ value: Float, _ bg: Float) -> Float {
            value > bg ? (value - bg) / max(1, 255 - bg) : (bg - value) / max(1, bg)
        }
        let coverage = min(1, max(need(c.0, b.0), need(c.1, b.1), need(c.2, b.2)))
        let f =
            coverage > 0
            ? (b.0 + (c.0 - b.0) / coverage, b.1 + (c.1 - b.1) / coverage, b.2 + (c.2 - b.2) / coverage) : c
        return (coverage, f)
    }
}

/// A straight (not premultiplied) colour, as floats 0–255.
private typealias StraightColour = (Float, Float, Float)

/// A raster's straight colours and alpha, and each pixel's distance from the background.
private struct StraightPixels {
    let width: Int
    let height: Int
    /// Three floats per pixel (0 for transparent pixels).
    let colours: [Float]
    let alpha: [UInt8]
    let background: StraightColour
    let tolerance: Float

    init(_ raster: Raster, background: RGBColor, tolerance: Float) {
        let w = raster.width, h = raster.height, stride = raster.bytesPerRow
        var colours = [Float](repeating: 0, count: w * h * 3)
        var alpha = [UInt8](repeating: 0, count: w * h)
        raster.bytes.withUnsafeBufferPointer { p in
            for y in 0..<h {
                for x in 0..<w {
                    let o = y * stride + x * 4
                    let a = p[o + 3]
                    let i = y * w + x
                    alpha[i] = a
                    guard a > 0 else { continue }
                    let s = 255 / Float(a)
                    colours[i * 3] = Float(p[o]) * s
                    colours[i * 3 + 1] = Float(p[o + 1]) * s
                    colours[i * 3 + 2] = Float(p[o + 2]) * s
                }
            }
        }
        self.width = w
        self.height = h
        self.colours = colours
        self.alpha = alpha
        self.background = (Float(background.r), Float(background.g), Float(background.b))
        self.tolerance = tolerance
    }

    func colour(_ i: Int) -> StraightColour { (colours[i * 3], colours[i * 3 + 1], colours[i * 3 + 2]) }

    /// The largest channel difference from the background.
    func distance(_ i: Int) -> Float {
        let b = background
        return max(abs(colours[i * 3] - b.0), abs(colours[i * 3 + 1] - b.1), abs(colours[i * 3 + 2] - b.2))
    }

    func isBackground(_ i: Int) -> Bool { alpha[i] == 0 || distance(i) <= tolerance }
}
