import CRenditionKernels

/// The portable inner loops of the Lanczos resampler: Swift SIMD over raw pointers.
///
/// Every output lane is computed as `((0 + w0*x0) + w1*x1) + ...` in `Float`, tap by tap,
/// over the vertical windows' non-zero weights, without fused multiply-add, so any vector
/// width gives the same bits. The native kernels in `CRenditionKernels` start each sum from
/// `w0*x0` instead of `0 + w0*x0`: the two differ at most in the sign of a zero, which the
/// rounding to bytes does not see, so they give the same bytes.
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
            output.storeBytes(
                of: unsafeBitCast(bits, to: SIMD4<Float>.self) - 8_388_608,
                toByteOffset: i &* 4, as: SIMD4<Float>.self)
            i &+= 4
        }
    }

    /// The vertical pass of four output rows: windows A and B into `outputAB`, C and D into
    /// `outputCD`.
    @inline(__always)
    static func verticalQuad(
        windows: UnsafePointer<rdn_window>, pixels: Int,
        outputAB: UnsafeMutablePointer<Float>, outputCD: UnsafeMutablePointer<Float>
    ) {
        verticalPair(windows[0], windows[1], pixels: pixels, output: outputAB)
        verticalPair(windows[2], windows[3], pixels: pixels, output: outputCD)
    }

    /// The horizontal pass of four output rows from the two pair rows `verticalQuad` wrote.
    @inline(__always)
    static func horizontalQuad(
        rowAB: UnsafePointer<Float>, rowCD: UnsafePointer<Float>, starts: UnsafePointer<Int32>,
        weights: UnsafePointer<Float>, taps: Int, targetCount: Int,
        outputs: UnsafePointer<UnsafeMutablePointer<UInt8>>
    ) {
        horizontalPair(
            row: rowAB, starts: starts, weights: weights, taps: taps, targetCount: targetCount,
            outputA: outputs[0], outputB: outputs[1])
        horizontalPair(
            row: rowCD, starts: starts, weights: weights, taps: taps, targetCount: targetCount,
            outputA: outputs[2], outputB: outputs[3])
    }

    /// Vertical pass for two output rows at once. For every source pixel x, writes 8 floats:
    /// row A's RGBA (`sum_k a.weights[k] * a.rows[k][x]`) then row B's.
    @inline(__always)
    static func verticalPair(_ a: rdn_window, _ b: rdn_window, pixels: Int, output: UnsafeMutablePointer<Float>) {
        let out = UnsafeMutableRawPointer(output)
        let (countA, countB) = (Int(a.count), Int(b.count))
        var p = 0
        while p &+ 4 <= pixels {
            var sumA = SIMD16<Float>()
            var sumB = SIMD16<Float>()
            let offset = p &* 16
            for k in 0..<countA {
                sumA +=
                    UnsafeRawPointer(a.rows[k]!).loadUnaligned(fromByteOffset: offset, as: SIMD16<Float>.self)
                    * a.weights[k]
            }
            for k in 0..<countB {
                sumB +=
                    UnsafeRawPointer(b.rows[k]!).loadUnaligned(fromByteOffset: offset, as: SIMD16<Float>.self)
                    * b.weights[k]
            }
            let base = p &* 32
            out.storeBytes(
                of: SIMD8(lowHalf: sumA.lowHalf.lowHalf, highHalf: sumB.lowHalf.lowHalf), toByteOffset: base,
                as: SIMD8<Float>.self)
            out.storeBytes(
                of: SIMD8(lowHalf: sumA.lowHalf.highHalf, highHalf: sumB.lowHalf.highHalf), toByteOffset: base &+ 32,
                as: SIMD8<Float>.self)
            out.storeBytes(
                of: SIMD8(lowHalf: sumA.highHalf.lowHalf, highHalf: sumB.highHalf.lowHalf), toByteOffset: base &+ 64,
                as: SIMD8<Float>.self)
            out.storeBytes(
                of: SIMD8(lowHalf: sumA.highHalf.highHalf, highHalf: sumB.highHalf.highHalf), toByteOffset: base &+ 96,
                as: SIMD8<Float>.self)
            p &+= 4
        }
        while p < pixels {
            var sumA = SIMD4<Float>()
            var sumB = SIMD4<Float>()
            let offset = p &* 16
            for k in 0..<countA {
                sumA +=
                    UnsafeRawPointer(a.rows[k]!).loadUnaligned(fromByteOffset: offset, as: SIMD4<Float>.self)
                    * a.weights[k]
            }
            for k in 0..<countB {
                sumB +=
                    UnsafeRawPointer(b.rows[k]!).loadUnaligned(fromByteOffset: offset, as: SIMD4<Float>.self)
                    * b.weights[k]
            }
            out.storeBytes(of: SIMD8(lowHalf: sumA, highHalf: sumB), toByteOffset: p &* 32, as: SIMD8<Float>.self)
            p &+= 1
        }
    }

    /// Horizontal pass for two rows at once, from the interleaved row `verticalPair` wrote,
    /// into 8-bit output rows A and B (which may be the same row).
    @inline(__always)
    static func horizontalPair(
        row: UnsafePointer<Float>, starts: UnsafePointer<Int32>, weights: UnsafePointer<Float>,
        taps: Int, targetCount: Int, outputA: UnsafeMutablePointer<UInt8>, outputB: UnsafeMutablePointer<UInt8>
    ) {
        let input = UnsafeRawPointer(row)
        let outA = UnsafeMutableRawPointer(outputA)
        let outB = UnsafeMutableRawPointer(outputB)
        var x = 0
        // Two output pixels per step: two independent accumulation chains.
        while x &+ 2 <= targetCount {
            let w0 = weights + x &* taps
            let w1 = w0 + taps
            let p0 = input + Int(starts[x]) &* 32
            let p1 = input + Int(starts[x &+ 1]) &* 32
            var acc0 = SIMD8<Float>()
            var acc1 = SIMD8<Float>()
            for k in 0..<taps {
                acc0 += p0.loadUnaligned(fromByteOffset: k &* 32, as: SIMD8<Float>.self) * w0[k]
                acc1 += p1.loadUnaligned(fromByteOffset: k &* 32, as: SIMD8<Float>.self) * w1[k]
            }
            outA.storeBytes(of: quantize(acc0.lowHalf), toByteOffset: x &* 4, as: SIMD4<UInt8>.self)
            outB.storeBytes(of: quantize(acc0.highHalf), toByteOffset: x &* 4, as: SIMD4<UInt8>.self)
            outA.storeBytes(of: quantize(acc1.lowHalf), toByteOffset: x &* 4 &+ 4, as: SIMD4<UInt8>.self)
            outB.storeBytes(of: quantize(acc1.highHalf), toByteOffset: x &* 4 &+ 4, as: SIMD4<UInt8>.self)
            x &+= 2
        }
        if x < targetCount {
            let w = weights + x &* taps
            let p = input + Int(starts[x]) &* 32
            var acc = SIMD8<Float>()
            for k in 0..<taps { acc += p.loadUnaligned(fromByteOffset: k &* 32, as: SIMD8<Float>.self) * w[k] }
            outA.storeBytes(of: quantize(acc.lowHalf), toByteOffset: x &* 4, as: SIMD4<UInt8>.self)
            outB.storeBytes(of: quantize(acc.highHalf), toByteOffset: x &* 4, as: SIMD4<UInt8>.self)
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
