/// Replaces every opaque pixel of a frame by a palette colour, with the chosen dithering;
/// transparent pixels (`0`) stay transparent and take no part in error diffusion (which is
/// `ErrorDiffusionDitherer`'s, over red, green and blue).
enum GIFDitherer {
    /// The 8×8 Bayer matrix, values 0–63.
    static let bayer: [Int32] = [
        0, 32, 8, 40, 2, 34, 10, 42, 48, 16, 56, 24, 50, 18, 58, 26,
        12, 44, 4, 36, 14, 46, 6, 38, 60, 28, 52, 20, 62, 30, 54, 22,
        3, 35, 11, 43, 1, 33, 9, 41, 51, 19, 59, 27, 49, 17, 57, 25,
        15, 47, 7, 39, 13, 45, 5, 37, 63, 31, 55, 23, 61, 29, 53, 21,
    ]

    /// Total spread of the ordered pattern, in 8-bit levels: a pixel is offset by
    /// `((bayer + 0.5) / 64 - 0.5) · spread`, from -7.875 to +7.875 levels on every channel.
    static let orderedSpread: Int32 = 16

    /// `pixels` (row-major, `width` per row) with each opaque pixel replaced by its palette
    /// colour, and the squared RGB error this makes over the opaque pixels (with their count).
    /// Without dithering the error comes with the mapping, pixel runs reusing the last one's.
    static func apply(
        _ pixels: [UInt32], width: Int, palette: [UInt32], nearest: NearestPaletteColor, dithering: GIFEncoder.Dithering
    ) -> (pixels: [UInt32], error: (sum: Double, count: Int)) {
        if dithering == .none { return nearestColors(pixels, palette: palette, nearest: nearest) }
        var out = pixels
        let height = width > 0 ? pixels.count / width : 0
        palette.withUnsafeBufferPointer { palette in
            out.withUnsafeMutableBufferPointer { out in
                switch dithering {
                case .none:
                    break  // handled above
                case .ordered:
                    for y in 0..<height {
                        for x in 0..<width {
                            let p = out[y * width + x]
                            if p == 0 { continue }
                            // ((bayer + 0.5) / 64 - 0.5) * spread, truncated towards zero.
                            let offset = (bayer[(y & 7) << 3 | (x & 7)] * 4 + 2 - 128) * orderedSpread / 256
                            out[y * width + x] =
                                palette[
                                    nearest.index(
                                        r: clamp(Int32(p & 0xFF) + offset), g: clamp(Int32((p >> 8) & 0xFF) + offset),
                                        b: clamp(Int32((p >> 16) & 0xFF) + offset))]
                        }
                    }
                case .floydSteinberg:
                    ErrorDiffusionDitherer.floydSteinberg(
                        out, width: width, height: height, palette: palette, nearest: nearest)
                }
            }
        }
        return (out, squaredError(pixels, out))
    }

    /// Like `apply`, but for a frame held as runs, and the result is each pixel's palette index
    /// (`transparent` for transparent pixels): a quarter of the memory of the colours, and what
    /// the LZW encoder takes. Without dithering each run is mapped once, and its error counted
    /// once times its length. The palette's colours must be distinct (as
    /// `GIFPaletteSelection.quantizedPalette` makes them), so an index stands for exactly one colour.
    static func applyIndices(
        _ frame: GIFResolvedFrame, width: Int, palette: [UInt32], nearest: NearestPaletteColor,
        dithering: GIFEncoder.Dithering,
        transparent: UInt8
    ) -> (indices: [UInt8], error: (sum: Double, count: Int)) {
        guard dithering == .none else {
            let (colors, error) = apply(
                frame.expanded(), width: width, palette: palette, nearest: nearest, dithering: dithering)
            return (ColorIndexTable(colors: palette).indices(of: colors, transparent: transparent), error)
        }
        var sum = 0, count = 0
        let indices = [UInt8](unsafeUninitializedCapacity: frame.pixelCount) { out, initialized in
            palette.withUnsafeBufferPointer { palette in
                frame.runs.withUnsafeBufferPointer { runs in
                    var at = 0
                    for run in runs {
                        let pixel = GIFResolvedFrame.pixel(run), n = GIFResolvedFrame.length(run)
                        var value = transparent
                        if pixel != 0 {
                            let index = nearest.index(of: pixel)
                            value = UInt8(truncatingIfNeeded: index)
                            sum += squaredRGBDistance(pixel, palette[index]) * n
                            count += n
                        }
                        (out.baseAddress! + at).initialize(repeating: value, count: n)
                        at += n
                    }
                    initialized = at
                }
            }
        }
        return (indices, (Double(sum), count))
    }

    /// Every opaque pixel replaced by its nearest palette colour (runs of one colour reuse the
    /// last lookup), written straight into a new array, with the squared error.
    private static func nearestColors(
        _ pixels: [UInt32], palette: [UInt32], nearest: NearestPaletteColor
    ) -> (pixels: [UInt32], error: (sum: Double, count: Int)) {
        var sum = 0, count = 0
        let out = [UInt32](unsafeUninitializedCapacity: pixels.count) { out, initialized in
            pixels.withUnsafeBufferPointer { pixels in
                palette.withUnsafeBufferPointer { palette in
                    var lastIn: UInt32 = 0, lastOut: UInt32 = 0, lastError = 0
                    for i in 0..<pixels.count {
                        let p = pixels[i]
                        if p == 0 {
                            out[i] = 0
                            continue
                        }
                        if p != lastIn {
                            lastIn = p
                            lastOut = palette[nearest.index(of: p)]
                            lastError = squaredRGBDistance(p, lastOut)
                        }
                        out[i] = lastOut
                        sum += lastError
                        count += 1
                    }
                }
            }
            initialized = pixels.count
        }
        return (out, (Double(sum), count))
    }

    /// Sum of squared RGB differences between `a` and `b` over `a`'s opaque pixels, and their count.
    private static func squaredError(_ a: [UInt32], _ b: [UInt32]) -> (sum: Double, count: Int) {
        var sum = 0, count = 0
        a.withUnsafeBufferPointer { a in
            b.withUnsafeBufferPointer { b in
                for i in 0..<min(a.count, b.count) where a[i] != 0 {
                    count += 1
                    sum += squaredRGBDistance(a[i], b[i])
                }
            }
        }
        return (Double(sum), count)
    }

    @inline(__always)
    private static func clamp(_ v: Int32) -> Int32 { min(255, max(0, v)) }
}
