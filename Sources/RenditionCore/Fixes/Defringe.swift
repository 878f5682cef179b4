/// Replaces the colour of partially transparent edge pixels with the colour of the opaque
/// art next to them, keeping their alpha: whatever the edge was blended against (a matte,
/// a background that bled in) disappears.
///
/// Colour spreads outward from the opaque pixels one ring per pass: a partial pixel takes the
/// mean straight colour of its 8-neighbours that already have one. Pixels farther than
/// `radius` from any opaque pixel keep their colour; opaque and transparent pixels and every
/// alpha value are unchanged.
public enum Defringe {
    /// Returns `raster` with its partially transparent pixels recoloured.
    public static func apply(_ raster: Raster, radius: Int = 3) -> Raster {
        let w = raster.width, h = raster.height, stride = raster.bytesPerRow
        // Known straight colours (r, g, b) per pixel, -1 where unknown.
        var known = [Float](repeating: -1, count: w * h * 3)
        var pending: [Int] = []
        raster.bytes.withUnsafeBufferPointer { p in
            for y in 0..<h {
                for x in 0..<w {
                    let o = y * stride + x * 4
                    let a = p[o + 3]
                    if a == 255 {
                        let k = (y * w + x) * 3
                        known[k] = Float(p[o])
                        known[k + 1] = Float(p[o + 1])
                        known[k + 2] = Float(p[o + 2])
                    } else if a > 0 {
                        pending.append(y * w + x)
                    }
                }
            }
        }
        var result = raster
        for _ in 0..<max(1, radius) {
            var assigned: [(Int, Float, Float, Float)] = []
            var still: [Int] = []
            for i in pending {
                let x = i % w, y = i / w
                var n: Float = 0, r: Float = 0, g: Float = 0, b: Float = 0
                for dy in -1...1 {
                    let yy = y + dy
                    if yy < 0 || yy >= h { continue }
                    for dx in -1...1 where dx != 0 || dy != 0 {
                        let xx = x + dx
                        if xx < 0 || xx >= w { continue }
                        let k = (yy * w + xx) * 3
                        if known[k] >= 0 {
                            n += 1
                            r += known[k]
                            g += known[k + 1]
                            b += known[k + 2]
                        }
                    }
                }
                if n > 0 { assigned.append((i, r / n, g / n, b / n)) } else { still.append(i) }
            }
            if assigned.isEmpty { break }
            for (i, r, g, b) in assigned {
                known[i * 3] = r
                known[i * 3 + 1] = g
                known[i * 3 + 2] = b
                let o = (i / w) * stride + (i % w) * 4
                let a = Float(result.bytes[o + 3]) / 255
                result.bytes[o] = UInt8((r * a).rounded())
                result.bytes[o + 1] = UInt8((g * a).rounded())
                result.bytes[o + 2] = UInt8((b * a).rounded())
            }
            pending = still
        }
        return result
    }
}
