import CRenditionKernels
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
        case .color(let r, let g, let b): self.matte = (r, g, b)
        }
    }

    /// `raster` resolved, as runs of equal pixels, with its opaque colours added to `histogram`
    /// in the same pass (the C kernel `rdn_gif_resolve_runs`; four pixels at a time where each
    /// is opaque or clear). `scratch` is reused between frames for the runs as they are found.
    /// The same pixels and counts as `resolve` followed by `GIFColorHistogram.add`, which stay
    /// as the reference it is tested against.
    func resolve(_ raster: Raster, counting histogram: inout GIFColorHistogram, scratch: inout [UInt64])
        -> GIFResolvedFrame
    {
        let width = raster.width, height = raster.height, pixelCount = width * height
        if scratch.count < pixelCount { scratch = [UInt64](repeating: 0, count: pixelCount) }
        var alpha = rdn_gif_alpha(
            threshold: threshold, has_matte: matte == nil ? 0 : 1,
            matte_r: matte?.0 ?? 0, matte_g: matte?.1 ?? 0, matte_b: matte?.2 ?? 0,
            unpremultiply: nil)
        var runCount = 0
        AlphaConversion.unpremultiplyTable.withUnsafeBufferPointer { table in
            alpha.unpremultiply = table.baseAddress
            raster.bytes.withUnsafeBufferPointer { source in
                scratch.withUnsafeMutableBufferPointer { runs in
                    histogram.withCells { cells in
                        rdn_gif_resolve_runs(
                            source.baseAddress, raster.bytesPerRow, width, height, &alpha, runs.baseAddress, &runCount,
                            UnsafeMutableRawPointer(cells).assumingMemoryBound(to: Int64.self)) != 0
                    }
                }
            }
        }
        return GIFResolvedFrame(runs: Array(scratch[0..<runCount]), pixelCount: pixelCount)
    }

    /// The resolved pixels of `raster`, row-major, `width × height` of them.
    ///
    /// A pixel with alpha 255 is already what it resolves to (the opaque colour with alpha 255)
    /// and one with alpha 0 becomes `0`, so two such pixels are resolved at once as one word; only
    /// pairs with a semi-transparent pixel (the art's edges) are resolved one pixel at a time.
    func resolve(_ raster: Raster) -> [UInt32] {
        let width = raster.width, height = raster.height, stride = raster.bytesPerRow
        // Every pixel is written (transparent ones as 0), so the array is not zeroed first.
        return [UInt32](unsafeUninitializedCapacity: width * height) { destination, initialized in
            raster.bytes.withUnsafeBufferPointer { source in
                for y in 0..<height {
                    let row = UnsafeRawPointer(source.baseAddress! + y * stride)
                    let target = destination.baseAddress! + y * width
                    var x = 0
                    while x + 2 <= width {
                        // Two pixels as one word: both alphas 0 or 255 when no alpha bit differs
                        // from the bit below it; alpha-0 pixels are cleared through their top bit.
                        let word = UInt64(littleEndian: row.loadUnaligned(fromByteOffset: 4 * x, as: UInt64.self))
                        let alpha = word & 0xFF00_0000_FF00_0000
                        if (alpha ^ alpha << 1) & 0xFE00_0000_FE00_0000 == 0 {
                            let kept = ((word & 0x8000_0000_8000_0000) >> 31) &* 0xFFFF_FFFF
                            let resolved = word & kept
                            target[x] = UInt32(truncatingIfNeeded: resolved)
                            target[x + 1] = UInt32(truncatingIfNeeded: resolved >> 32)
                        } else {
                            target[x] = pixel(row, x)
                            target[x + 1] = pixel(row, x + 1)
                        }
                        x += 2
                    }
                    while x < width {
                        target[x] = pixel(row, x)
                        x += 1
                    }
                }
            }
            initialized = width * height
        }
    }

    /// Pixel `x` of a premultiplied row, resolved.
    @inline(__always)
    private func pixel(_ row: UnsafeRawPointer, _ x: Int) -> UInt32 {
        let p = row.assumingMemoryBound(to: UInt8.self) + 4 * x
        let a = p[3]
        if a == 255 { return UInt32(p[0]) | UInt32(p[1]) << 8 | UInt32(p[2]) << 16 | 0xFF00_0000 }
        if a >= threshold { return opaque(p[0], p[1], p[2], alpha: a) }
        return 0
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
