import RenditionCore

/// Synthetic images for the edge-analysis tests, drawn with 4 x 4 supersampled coverage.
enum EdgeTestImages {
    /// Coverage (0...1) of a disc of radius `r` centred at (`cx`, `cy`) over pixel (`x`, `y`).
    static func discCoverage(x: Int, y: Int, cx: Double, cy: Double, r: Double) -> Double {
        var covered = 0
        for sy in 0..<4 {
            for sx in 0..<4 {
                let dx = Double(x) + (Double(sx) + 0.5) / 4 - cx
                let dy = Double(y) + (Double(sy) + 0.5) / 4 - cy
                if dx * dx + dy * dy <= r * r { covered += 1 }
            }
        }
        return Double(covered) / 16
    }

    /// A disc of straight colour `color` on transparency; `matte` blends edge colours over it
    /// (`C = a·F + (1 − a)·M`) the way art exported over a solid background does; `hard` makes
    /// the alpha 1-bit.
    static func disc(
        side: Int, radius: Double, center: (Double, Double)? = nil, color: RGBColor,
        matte: RGBColor? = nil, hard: Bool = false
    ) -> Raster {
        let c = center ?? (Double(side) / 2, Double(side) / 2)
        var straight = [UInt8](repeating: 0, count: side * side * 4)
        for y in 0..<side {
            for x in 0..<side {
                var a = discCoverage(x: x, y: y, cx: c.0, cy: c.1, r: radius)
                if hard { a = a >= 0.5 ? 1 : 0 }
                guard a > 0 else { continue }
                let o = (y * side + x) * 4
                func channel(_ f: UInt8, _ m: UInt8?) -> UInt8 {
                    guard let m else { return f }
                    return UInt8((a * Double(f) + (1 - a) * Double(m)).rounded())
                }
                straight[o] = channel(color.r, matte?.r)
                straight[o + 1] = channel(color.g, matte?.g)
                straight[o + 2] = channel(color.b, matte?.b)
                straight[o + 3] = UInt8((a * 255).rounded())
            }
        }
        return Raster(width: side, height: side, straightRGBA: straight)
    }

    /// An opaque raster of one colour.
    static func solid(width: Int, height: Int, color: RGBColor) -> Raster {
        var raster = Raster(width: width, height: height)
        for i in 0..<(width * height) {
            raster.bytes[i * 4] = color.r
            raster.bytes[i * 4 + 1] = color.g
            raster.bytes[i * 4 + 2] = color.b
            raster.bytes[i * 4 + 3] = 255
        }
        return raster
    }

    /// `top` drawn over `bottom` (premultiplied OVER), same size.
    static func over(_ top: Raster, _ bottom: Raster) -> Raster {
        var out = bottom
        for i in stride(from: 0, to: top.bytes.count, by: 4) {
            let a = Int(top.bytes[i + 3])
            for c in 0..<4 {
                out.bytes[i + c] = UInt8(Int(top.bytes[i + c]) + (Int(bottom.bytes[i + c]) * (255 - a) + 127) / 255)
            }
        }
        return out
    }
}
