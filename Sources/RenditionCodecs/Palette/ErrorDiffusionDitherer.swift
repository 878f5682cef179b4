/// Floyd-Steinberg error diffusion onto a palette, the one ditherer of the palette encoders:
/// GIF (red, green and blue; its pixels are opaque) and palette PNG/APNG (premultiplied red,
/// green, blue and alpha, so the error diffused is the error seen over any background, and
/// translucent edges are dithered like the rest).
///
/// Pixels equal to `0` (transparent) keep that value and take no part: they receive no colour,
/// and the error that would reach them is dropped. Rows run left to right; integer arithmetic
/// (errors in 1/16 levels), so the result is the same on every machine and run.
///
/// For a frame of an animation, the previous frame (its input and its dithered output) may be
/// given: a pixel whose input did not change takes the previous output again and diffuses no
/// error, so still areas stay the same from frame to frame (which inter-frame differencing
/// needs) instead of shimmering with error from the moving parts.
enum ErrorDiffusionDitherer {
    /// Replaces every pixel of `pixels` other than `0` (row-major, `width` per row) with a
    /// colour of `palette`, in place: the pixel plus the error diffused into it (7/16 right,
    /// 3/16 below left, 5/16 below, 1/16 below right), clamped to 0...255, is looked up in
    /// `nearest` (built on `palette`), whose channels are the ones dithered.
    static func floydSteinberg(
        _ pixels: UnsafeMutableBufferPointer<UInt32>, width: Int, height: Int, palette: UnsafeBufferPointer<UInt32>,
        nearest: NearestPaletteColor,
        previous: (input: UnsafeBufferPointer<UInt32>, output: UnsafeBufferPointer<UInt32>)? = nil
    ) {
        let withAlpha = nearest.channelCount == 4
        // Errors for the current and the next row, 4 channels, 1 pixel of margin each side.
        var current = [Int32](repeating: 0, count: (width + 2) * 4)
        var next = current
        for y in 0..<height {
            current.withUnsafeMutableBufferPointer { current in
                next.withUnsafeMutableBufferPointer { next in
                    for x in 0..<width {
                        let i = y * width + x
                        let p = pixels[i]
                        if p == 0 { continue }
                        if let previous, previous.input[i] == p {
                            pixels[i] = previous.output[i]
                            continue
                        }
                        let e = (x + 1) * 4
                        let r = clamp(Int32(p & 0xFF) + (current[e] + 8) >> 4)
                        let g = clamp(Int32((p >> 8) & 0xFF) + (current[e + 1] + 8) >> 4)
                        let b = clamp(Int32((p >> 16) & 0xFF) + (current[e + 2] + 8) >> 4)
                        let a = withAlpha ? clamp(Int32(p >> 24) + (current[e + 3] + 8) >> 4) : 0
                        let chosen = palette[nearest.index(r: r, g: g, b: b, a: a)]
                        pixels[i] = chosen
                        spread(r - Int32(chosen & 0xFF), at: e, current, next)
                        spread(g - Int32((chosen >> 8) & 0xFF), at: e + 1, current, next)
                        spread(b - Int32((chosen >> 16) & 0xFF), at: e + 2, current, next)
                        if withAlpha { spread(a - Int32(chosen >> 24), at: e + 3, current, next) }
                    }
                }
            }
            swap(&current, &next)
            for k in next.indices { next[k] = 0 }
        }
    }

    @inline(__always)
    private static func spread(
        _ error: Int32, at e: Int, _ current: UnsafeMutableBufferPointer<Int32>,
        _ next: UnsafeMutableBufferPointer<Int32>
    ) {
        current[e + 4] += error * 7
        next[e - 4] += error * 3
        next[e] += error * 5
        next[e + 4] += error
    }

    @inline(__always)
    static func clamp(_ v: Int32) -> Int32 { min(255, max(0, v)) }
}
