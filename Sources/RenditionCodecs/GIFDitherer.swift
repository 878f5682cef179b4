/// Replaces every opaque pixel of a frame by a palette colour, with the chosen dithering;
/// transparent pixels (`0`) stay transparent and take no part in error diffusion.
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

    /// `pixels` (row-major, `width` per row) with each opaque pixel replaced by its palette colour.
    static func apply(
        _ pixels: [UInt32], width: Int, palette: [UInt32], nearest: inout GIFNearestColour,
        dithering: GIFEncoder.Dithering
    ) -> [UInt32] {
        var out = pixels
        let height = width > 0 ? pixels.count / width : 0
        switch dithering {
        case .none:
            var lastIn: UInt32 = 0, lastOut: UInt32 = 0
            for i in out.indices where out[i] != 0 {
                if out[i] != lastIn {
                    lastIn = out[i]
                    lastOut = palette[nearest.index(of: out[i])]
                }
                out[i] = lastOut
            }
        case .ordered:
            for y in 0..<height {
                for x in 0..<width where out[y * width + x] != 0 {
                    let p = out[y * width + x]
                    // ((bayer + 0.5) / 64 - 0.5) * spread, truncated towards zero.
                    let offset = (bayer[(y & 7) << 3 | (x & 7)] * 4 + 2 - 128) * orderedSpread / 256
                    out[y * width + x] = palette[nearest.index(
                        r: clamp(Int32(p & 0xFF) + offset), g: clamp(Int32((p >> 8) & 0xFF) + offset),
                        b: clamp(Int32((p >> 16) & 0xFF) + offset))]
                }
            }
        case .floydSteinberg:
            // Errors in 1/16 levels for the current and the next row, 3 channels, 1 pixel of margin.
            var current = [Int32](repeating: 0, count: (width + 2) * 3)
            var next = current
            for y in 0..<height {
                for x in 0..<width {
                    let i = y * width + x
                    let p = out[i]
                    guard p != 0 else { continue }
                    let e = (x + 1) * 3
                    let r = clamp(Int32(p & 0xFF) + (current[e] + 8) >> 4)
                    let g = clamp(Int32((p >> 8) & 0xFF) + (current[e + 1] + 8) >> 4)
                    let b = clamp(Int32((p >> 16) & 0xFF) + (current[e + 2] + 8) >> 4)
                    let chosen = palette[nearest.index(r: r, g: g, b: b)]
                    out[i] = chosen
                    let errors = [r - Int32(chosen & 0xFF), g - Int32((chosen >> 8) & 0xFF), b - Int32((chosen >> 16) & 0xFF)]
                    for c in 0..<3 {
                        let err = errors[c]
                        current[e + 3 + c] += err * 7
                        next[e - 3 + c] += err * 3
                        next[e + c] += err * 5
                        next[e + 3 + c] += err
                    }
                }
                swap(&current, &next)
                for k in next.indices { next[k] = 0 }
            }
        }
        return out
    }

    @inline(__always)
    private static func clamp(_ v: Int32) -> Int32 { min(255, max(0, v)) }
}
