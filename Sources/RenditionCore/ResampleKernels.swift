/// The inner loops of the Lanczos resampler, portable Swift SIMD over raw pointers.
///
/// Every output lane is computed as `((0 + w0*x0) + w1*x1) + ...` in `Float`, tap by tap,
/// without fused multiply-add, so any vector width gives the same bits.
enum ResampleKernels {
    /// Converts `count` bytes (a multiple of 4) to floats.
    ///
    /// Uses the exponent trick (`0x4B00_0000 | byte` is the float `2^23 + byte`) so the
    /// conversion stays in vector registers.
    @inline(__always)
    static func widen(_ source: UnsafePointer<UInt8>, into destination: UnsafeMutablePointer<Float>, count: Int) {
        let input = UnsafeRawPointer(source)
        let output = UnsafeMutableRawPointer(destination)
        var i = 0
        while i < count {
            let bytes = input.loadUnaligned(fromByteOffset: i, as: SIMD4<UInt8>.self)
            let bits = SIMD4<UInt32>(truncatingIfNeeded: bytes) | 0x4B00_0000
            output.storeBytes(of: unsafeBitCast(bits, to: SIMD4<Float>.self) - 8_388_608,
                              toByteOffset: i &* 4, as: SIMD4<Float>.self)
            i &+= 4
        }
    }

    /// `output[i] = sum over k of weights[k] * rows[k][i]`, for `count` floats.
    @inline(__always)
    static func vertical(
        rows: UnsafePointer<UnsafePointer<Float>>, weights: UnsafePointer<Float>, taps: Int,
        count: Int, output: UnsafeMutablePointer<Float>
    ) {
        var i = 0
        while i &+ 16 <= count {
            var acc = SIMD16<Float>()
            for k in 0..<taps {
                let w = weights[k]
                if w == 0 { continue }
                acc += UnsafeRawPointer(rows[k] + i).loadUnaligned(as: SIMD16<Float>.self) * w
            }
            UnsafeMutableRawPointer(output + i).storeBytes(of: acc, as: SIMD16<Float>.self)
            i &+= 16
        }
        while i < count {
            var acc = SIMD4<Float>()
            for k in 0..<taps {
                let w = weights[k]
                if w == 0 { continue }
                acc += UnsafeRawPointer(rows[k] + i).loadUnaligned(as: SIMD4<Float>.self) * w
            }
            UnsafeMutableRawPointer(output + i).storeBytes(of: acc, as: SIMD4<Float>.self)
            i &+= 4
        }
    }

    /// Resamples one row of premultiplied float pixels horizontally into 8-bit pixels,
    /// rounding to nearest and clamping alpha to [0, 255] and each colour to [0, alpha].
    @inline(__always)
    static func horizontal(
        row: UnsafePointer<Float>, starts: UnsafePointer<Int32>, weights: UnsafePointer<Float>,
        taps: Int, targetCount: Int, output: UnsafeMutablePointer<UInt8>
    ) {
        let raw = UnsafeRawPointer(row)
        for x in 0..<targetCount {
            let w = weights + x &* taps
            var p = raw + Int(starts[x]) &* 16
            var acc = SIMD4<Float>()
            for k in 0..<taps {
                acc += p.loadUnaligned(as: SIMD4<Float>.self) * w[k]
                p += 16
            }
            UnsafeMutableRawPointer(output + x &* 4).storeBytes(of: quantize(acc), as: SIMD4<UInt8>.self)
        }
    }

    /// Clamps a premultiplied float pixel (alpha to [0, 255], colours to [0, alpha]) and
    /// rounds it to nearest, ties to even.
    ///
    /// Rounding adds 1.5 * 2^23, which leaves the rounded integer in the low mantissa bits
    /// (exact for values in [0, 2^22)); no float-to-integer conversion is needed.
    @inline(__always)
    static func quantize(_ pixel: SIMD4<Float>) -> SIMD4<UInt8> {
        let alpha = min(max(pixel[3], 0), 255)
        let clamped = pixel.replacing(with: 0, where: pixel .< 0).replacing(with: alpha, where: pixel .> alpha)
        let bits = unsafeBitCast(clamped + 12_582_912, to: SIMD4<UInt32>.self) & 0xFF
        return SIMD4<UInt8>(truncatingIfNeeded: bits)
    }
}
