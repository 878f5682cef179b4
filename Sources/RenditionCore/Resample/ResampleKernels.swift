/// The portable inner loops of the Lanczos resampler: Swift SIMD over raw pointers.
///
/// Every output lane is computed as `((0 + w0*x0) + w1*x1) + ...` in `Float`, tap by tap,
/// skipping zero vertical weights, without fused multiply-add, so any vector width (and the
/// native kernels in `CRenditionKernels`) gives the same bits.
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

    /// Vertical pass for two output rows at once. For every source pixel x, writes 8 floats:
    /// row A's RGBA (`sum_k weightsA[k] * rowsA[k][x]`) then row B's.
    @inline(__always)
    static func verticalPair(
        rowsA: UnsafePointer<UnsafePointer<Float>>, weightsA: UnsafePointer<Float>,
        rowsB: UnsafePointer<UnsafePointer<Float>>, weightsB: UnsafePointer<Float>,
        taps: Int, pixels: Int, output: UnsafeMutablePointer<Float>
    ) {
        let out = UnsafeMutableRawPointer(output)
        var p = 0
        while p &+ 4 <= pixels {
            var a = SIMD16<Float>()
            var b = SIMD16<Float>()
            let offset = p &* 16
            for k in 0..<taps {
                let wa = weightsA[k]
                if wa != 0 { a += UnsafeRawPointer(rowsA[k]).loadUnaligned(fromByteOffset: offset, as: SIMD16<Float>.self) * wa }
                let wb = weightsB[k]
                if wb != 0 { b += UnsafeRawPointer(rowsB[k]).loadUnaligned(fromByteOffset: offset, as: SIMD16<Float>.self) * wb }
            }
            let base = p &* 32
            out.storeBytes(of: SIMD8(lowHalf: a.lowHalf.lowHalf, highHalf: b.lowHalf.lowHalf), toByteOffset: base, as: SIMD8<Float>.self)
            out.storeBytes(of: SIMD8(lowHalf: a.lowHalf.highHalf, highHalf: b.lowHalf.highHalf), toByteOffset: base &+ 32, as: SIMD8<Float>.self)
            out.storeBytes(of: SIMD8(lowHalf: a.highHalf.lowHalf, highHalf: b.highHalf.lowHalf), toByteOffset: base &+ 64, as: SIMD8<Float>.self)
            out.storeBytes(of: SIMD8(lowHalf: a.highHalf.highHalf, highHalf: b.highHalf.highHalf), toByteOffset: base &+ 96, as: SIMD8<Float>.self)
            p &+= 4
        }
        while p < pixels {
            var a = SIMD4<Float>()
            var b = SIMD4<Float>()
            let offset = p &* 16
            for k in 0..<taps {
                let wa = weightsA[k]
                if wa != 0 { a += UnsafeRawPointer(rowsA[k]).loadUnaligned(fromByteOffset: offset, as: SIMD4<Float>.self) * wa }
                let wb = weightsB[k]
                if wb != 0 { b += UnsafeRawPointer(rowsB[k]).loadUnaligned(fromByteOffset: offset, as: SIMD4<Float>.self) * wb }
            }
            out.storeBytes(of: SIMD8(lowHalf: a, highHalf: b), toByteOffset: p &* 32, as: SIMD8<Float>.self)
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
