import RenditionCore

/// Turns premultiplied pixels into what a GIF can show: fully transparent, or opaque.
///
/// A pixel whose alpha is below the threshold (at least 1) becomes transparent, `0`. The
/// others become opaque: fully opaque pixels keep their colour; semi-transparent ones are
/// composited over the matte (`p + matte · (255 - a) / 255`, rounded, on premultiplied `p`) or,
/// without a matte, un-premultiplied. Opaque results are packed as little-endian RGBA
/// `UInt32`s with alpha 255.
struct GIFAlphaResolver {
    let threshold: UInt8
    let matte: (UInt8, UInt8, UInt8)?

    init(threshold: UInt8, matte: GIFEncoder.Matte) {
        self.threshold = max(1, threshold)
        switch matte {
        case .none: self.matte = nil
        case .colour(let r, let g, let b): self.matte = (r, g, b)
        }
    }

    /// The resolved pixels of `raster`, row-major, `width × height` of them.
    func resolve(_ raster: Raster) -> [UInt32] {
        let width = raster.width, height = raster.height, stride = raster.bytesPerRow
        let threshold = self.threshold
        // Every pixel is written (transparent ones as 0), so the array is not zeroed first.
        return [UInt32](unsafeUninitializedCapacity: width * height) { destination, initialized in
            raster.bytes.withUnsafeBufferPointer { source in
                for y in 0..<height {
                    let row = source.baseAddress! + y * stride
                    let target = destination.baseAddress! + y * width
                    for x in 0..<width {
                        let p = row + 4 * x
                        let a = p[3]
                        if a == 255 {
                            target[x] = UInt32(p[0]) | UInt32(p[1]) << 8 | UInt32(p[2]) << 16 | 0xFF00_0000
                        } else if a >= threshold {
                            target[x] = opaque(p[0], p[1], p[2], alpha: a)
                        } else {
                            target[x] = 0
                        }
                    }
                }
            }
            initialized = width * height
        }
    }

    @inline(__always)
    private func opaque(_ r: UInt8, _ g: UInt8, _ b: UInt8, alpha: UInt8) -> UInt32 {
        if let (mr, mg, mb) = matte {
            let inverse = 255 - alpha
            let cr = UInt32(r) + UInt32(AlphaConversion.premultiply(mr, alpha: inverse))
            let cg = UInt32(g) + UInt32(AlphaConversion.premultiply(mg, alpha: inverse))
            let cb = UInt32(b) + UInt32(AlphaConversion.premultiply(mb, alpha: inverse))
            return min(cr, 255) | min(cg, 255) << 8 | min(cb, 255) << 16 | 0xFF00_0000
        }
        let sr = UInt32(AlphaConversion.unpremultiply(r, alpha: alpha))
        let sg = UInt32(AlphaConversion.unpremultiply(g, alpha: alpha))
        let sb = UInt32(AlphaConversion.unpremultiply(b, alpha: alpha))
        return sr | sg << 8 | sb << 16 | 0xFF00_0000
    }
}
