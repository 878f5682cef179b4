/// Removes a matte colour from partially transparent pixels.
///
/// An edge pixel exported over a solid matte `M` stores `C = a·F + (1 − a)·M` (straight), so
/// the foreground is `F = (C − (1 − a)·M) / a`. In premultiplied terms the new pixel is
/// `a·F = C − (1 − a)·M`, clamped to `[0, a]` per channel. Opaque and transparent pixels are
/// unchanged, and alpha is never changed.
public enum Unmatte {
    /// Returns `raster` with `matte` taken out of every partially transparent pixel.
    public static func apply(_ raster: Raster, matte: RGBColor) -> Raster {
        var result = raster
        let m = (Float(matte.r), Float(matte.g), Float(matte.b))
        let w = raster.width, stride = raster.bytesPerRow
        result.bytes.withUnsafeMutableBufferPointer { p in
            for y in 0..<raster.height {
                for x in 0..<w {
                    let o = y * stride + x * 4
                    let a8 = p[o + 3]
                    guard a8 > 0 && a8 < 255 else { continue }
                    let a = Float(a8) / 255
                    let limit = Float(a8)
                    func channel(_ value: UInt8, _ matte: Float) -> UInt8 {
                        let straight = Float(value) / a
                        let premultiplied = straight - (1 - a) * matte
                        return UInt8(min(max(premultiplied, 0), limit).rounded())
                    }
                    p[o] = channel(p[o], m.0)
                    p[o + 1] = channel(p[o + 1], m.1)
                    p[o + 2] = channel(p[o + 2], m.2)
                }
            }
        }
        return result
    }
}
