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
        let w = raster.width, h = raster.height, stride = raster.bytesPerRow
        let b = (Float(background.r), Float(background.g), Float(background.b))
        let tol = Float(tolerance)
        var straight = [Float](repeating: 0, count: w * h * 3)
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
                    straight[i * 3] = Float(p[o]) * s
                    straight[i * 3 + 1] = Float(p[o + 1]) * s
                    straight[i * 3 + 2] = Float(p[o + 2]) * s
                }
            }
        }
        func distance(_ i: Int) -> Float {
            max(abs(straight[i * 3] - b.0), abs(straight[i * 3 + 1] - b.1), abs(straight[i * 3 + 2] - b.2))
        }
        func isBackground(_ i: Int) -> Bool { alpha[i] == 0 || distance(i) <= tol }

        // Flood fill (4-connected) from the border.
        var inRegion = [Bool](repeating: false, count: w * h)
        var stack: [Int] = []
        func seed(_ i: Int) {
            if !inRegion[i] && isBackground(i) {
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

        // The band: art pixels within two pixels (5 x 5) of the region.
        let reach = 2
        var isRing = [Bool](repeating: false, count: w * h)
        var ring: [Int] = []
        for y in 0..<h {
            for x in 0..<w {
                let i = y * w + x
                guard !inRegion[i], alpha[i] > 0 else { continue }
                var touches = false
                for dy in -reach...reach where !touches {
                    let yy = y + dy
                    if yy < 0 || yy >= h { continue }
                    for dx in -reach...reach {
                        let xx = x + dx
                        if xx >= 0 && xx < w && inRegion[yy * w + xx] { touches = true; break }
                    }
                }
                if touches {
                    isRing[i] = true
                    ring.append(i)
                }
            }
        }

        var result = raster
        var removed = 0
        result.bytes.withUnsafeMutableBufferPointer { p in
            for y in 0..<h {
                for x in 0..<w where inRegion[y * w + x] {
                    let o = y * stride + x * 4
                    if p[o + 3] != 0 { removed += 1 }
                    p[o] = 0; p[o + 1] = 0; p[o + 2] = 0; p[o + 3] = 0
                }
            }
            for i in ring {
                let x = i % w, y = i / w
                let c = (straight[i * 3], straight[i * 3 + 1], straight[i * 3 + 2])
                // The art colour: the nearest opaque pixel beyond the band (7 x 7), the one farthest
                // from the background among equally near ones.
                var best: (Float, Float, Float)? = nil
                var bestRank = (Int.max, Float(0))
                for dy in -3...3 {
                    let yy = y + dy
                    if yy < 0 || yy >= h { continue }
                    for dx in -3...3 {
                        let xx = x + dx
                        if xx < 0 || xx >= w { continue }
                        let j = yy * w + xx
                        if inRegion[j] || isRing[j] || alpha[j] < 255 { continue }
                        let d = distance(j)
                        if d <= tol { continue }
                        let near = max(abs(dx), abs(dy))
                        if near < bestRank.0 || (near == bestRank.0 && d > bestRank.1) {
                            bestRank = (near, d)
                            best = (straight[j * 3], straight[j * 3 + 1], straight[j * 3 + 2])
                        }
                    }
                }
                var coverage: Float
                var f: (Float, Float, Float)
                if let best {
                    let fb = (best.0 - b.0, best.1 - b.1, best.2 - b.2)
                    let cb = (c.0 - b.0, c.1 - b.1, c.2 - b.2)
                    let norm = fb.0 * fb.0 + fb.1 * fb.1 + fb.2 * fb.2
                    coverage = min(max((cb.0 * fb.0 + cb.1 * fb.1 + cb.2 * fb.2) / norm, 0), 1)
                    f = best
                } else {
                    // Colour to alpha: the least coverage that explains the colour.
                    func need(_ value: Float, _ bg: Float) -> Float {
                        value > bg ? (value - bg) / max(1, 255 - bg) : (bg - value) / max(1, bg)
                    }
                    coverage = min(1, max(need(c.0, b.0), need(c.1, b.1), need(c.2, b.2)))
                    f = coverage > 0
                        ? (b.0 + (c.0 - b.0) / coverage, b.1 + (c.1 - b.1) / coverage, b.2 + (c.2 - b.2) / coverage) : c
                }
                let o = y * stride + x * 4
                if coverage >= 0.97 { continue }  // fully art: keep the pixel as it is
                let newAlpha = (Float(alpha[i]) * coverage).rounded()
                if newAlpha <= 0 {
                    p[o] = 0; p[o + 1] = 0; p[o + 2] = 0; p[o + 3] = 0
                    continue
                }
                let a = newAlpha / 255
                func premultiplied(_ v: Float) -> UInt8 { UInt8(min(max(v * a, 0), newAlpha).rounded()) }
                p[o] = premultiplied(f.0)
                p[o + 1] = premultiplied(f.1)
                p[o + 2] = premultiplied(f.2)
                p[o + 3] = UInt8(newAlpha)
            }
        }
        return Result(raster: result, removedPixels: removed, edgePixels: ring.count)
    }
}
