/// How much Lanczos ringing the resampler's clamp removes when an image is downscaled.
///
/// Lanczos-3 overshoots at sharp edges: filtered values fall below 0, above 255 or (in
/// premultiplied colour) above their own alpha. `LanczosResampler` clamps them, so ringing
/// never wraps; this measurement runs the same filter without the clamp and reports how far
/// the unclamped values went. Large numbers mean hard, high-contrast edges whose renditions
/// lose the overshoot (a flattened edge rather than a halo).
public struct RingingMeasurement: Sendable, Equatable {
    /// Width of the simulated rendition.
    public let width: Int
    /// Height of the simulated rendition.
    public let height: Int
    /// Output pixels measured (every `rowStep`-th row).
    public let measuredPixels: Int
    /// Measured pixels where the clamp moved some channel by half a level or more (so it
    /// changed the rounded result).
    public let clampedPixels: Int
    /// The largest overshoot clamped, in 8-bit levels.
    public let maxOvershoot: Double
    /// The mean overshoot over the clamped pixels, in levels.
    public let meanOvershoot: Double

    /// `clampedPixels / measuredPixels`.
    public var clampedFraction: Double { measuredPixels > 0 ? Double(clampedPixels) / Double(measuredPixels) : 0 }
}

/// Measures clamped ringing with a clamp-free Lanczos-3 pass that uses the resampler's
/// weight tables (same filter, same support) but its own loops, so the resampler itself is
/// untouched.
public enum RingingAnalysis {
    /// Simulates resampling `source` to `width` x `height` and measures the overshoot the
    /// clamp would remove, on every `rowStep`-th output row (1 = all rows).
    public static func measure(_ source: Raster, width: Int, height: Int, rowStep: Int = 1) -> RingingMeasurement {
        precondition(width > 0 && height > 0 && rowStep > 0, "invalid ringing measurement size")
        let horizontal = ResampleWeights.cached(sourceCount: source.width, targetCount: width)
        let vertical = ResampleWeights.cached(sourceCount: source.height, targetCount: height)
        let rowFloats = source.width * 4
        let taps = vertical.taps
        let ringRows = min(source.height, taps + vertical.maxStep * rowStep)
        let ring = UnsafeMutablePointer<Float>.allocate(capacity: ringRows * rowFloats)
        let column = UnsafeMutablePointer<Float>.allocate(capacity: rowFloats + 16)
        let rows = UnsafeMutablePointer<UnsafePointer<Float>>.allocate(capacity: taps)
        let weights = UnsafeMutablePointer<Float>.allocate(capacity: taps)
        defer {
            ring.deallocate()
            column.deallocate()
            rows.deallocate()
            weights.deallocate()
        }
        var slotRow = [Int](repeating: -1, count: ringRows)
        var measured = 0, clamped = 0
        var maxOvershoot: Float = 0
        var overshootSum: Double = 0
        let hTaps = horizontal.taps

        source.bytes.withUnsafeBufferPointer { sourceBuffer in
            horizontal.starts.withUnsafeBufferPointer { hStarts in
                horizontal.weights.withUnsafeBufferPointer { hWeights in
                    vertical.weights.withUnsafeBufferPointer { vWeights in
                        let src = sourceBuffer.baseAddress!
                        var y = 0
                        while y < height {
                            let start = Int(vertical.starts[y])
                            // Vertical pass into `column`, widening source rows into the ring on demand.
                            var used = 0
                            for k in 0..<taps {
                                let weight = vWeights[y * taps + k]
                                if weight == 0 { continue }
                                let row = start + k
                                let slot = row % ringRows
                                let floats = ring + slot * rowFloats
                                if slotRow[slot] != row {
                                    widen(src + row * source.bytesPerRow, into: floats, count: rowFloats)
                                    slotRow[slot] = row
                                }
                                rows[used] = UnsafePointer(floats)
                                weights[used] = weight
                                used += 1
                            }
                            verticalSum(rows: rows, weights: weights, count: used, floats: rowFloats, into: column)
                            // Horizontal pass without the clamp.
                            let input = UnsafeRawPointer(column)
                            for x in 0..<width {
                                let base = Int(hStarts[x]) * 16
                                var acc = SIMD4<Float>()
                                for k in 0..<hTaps {
                                    acc +=
                                        input.loadUnaligned(fromByteOffset: base + k * 16, as: SIMD4<Float>.self)
                                        * hWeights[x * hTaps + k]
                                }
                                let overshoot = Self.overshoot(acc)
                                measured += 1
                                if overshoot >= 0.5 {
                                    clamped += 1
                                    overshootSum += Double(overshoot)
                                    maxOvershoot = max(maxOvershoot, overshoot)
                                }
                            }
                            y += rowStep
                        }
                    }
                }
            }
        }
        return RingingMeasurement(
            width: width, height: height, measuredPixels: measured, clampedPixels: clamped,
            maxOvershoot: Double(maxOvershoot),
            meanOvershoot: clamped > 0 ? overshootSum / Double(clamped) : 0)
    }

    /// How far the resampler's clamp moves a premultiplied float pixel, in levels (the
    /// largest channel change: alpha to [0, 255], colours to [0, clamped alpha]).
    @inline(__always)
    static func overshoot(_ pixel: SIMD4<Float>) -> Float {
        let alpha = min(max(pixel[3], 0), 255)
        let limit = SIMD4<Float>(alpha, alpha, alpha, 255)
        let over = pixel - limit
        let under = -pixel
        let zero = SIMD4<Float>()
        return max(
            over.replacing(with: zero, where: over .< 0).max(), under.replacing(with: zero, where: under .< 0).max())
    }

    @inline(__always)
    static func widen(_ source: UnsafePointer<UInt8>, into destination: UnsafeMutablePointer<Float>, count: Int) {
        let input = UnsafeRawPointer(source)
        let output = UnsafeMutableRawPointer(destination)
        var i = 0
        while i + 16 <= count {
            // 0x4B00_0000 | byte is the float 2^23 + byte: no integer-to-float conversion needed.
            let bytes = input.loadUnaligned(fromByteOffset: i, as: SIMD16<UInt8>.self)
            let bits = SIMD16<UInt32>(truncatingIfNeeded: bytes) | 0x4B00_0000
            output.storeBytes(
                of: unsafeBitCast(bits, to: SIMD16<Float>.self) - 8_388_608, toByteOffset: i * 4, as: SIMD16<Float>.self
            )
            i += 16
        }
        while i < count {
            destination[i] = Float(source[i])
            i += 1
        }
    }

    /// `into[i] = sum_k weights[k] * rows[k][i]` for `floats` values, 16 lanes at a time.
    @inline(__always)
    static func verticalSum(
        rows: UnsafePointer<UnsafePointer<Float>>, weights: UnsafePointer<Float>, count: Int, floats: Int,
        into sum: UnsafeMutablePointer<Float>
    ) {
        let output = UnsafeMutableRawPointer(sum)
        var i = 0
        while i + 16 <= floats {
            var acc = SIMD16<Float>()
            for k in 0..<count {
                acc +=
                    UnsafeRawPointer(rows[k]).loadUnaligned(fromByteOffset: i * 4, as: SIMD16<Float>.self) * weights[k]
            }
            output.storeBytes(of: acc, toByteOffset: i * 4, as: SIMD16<Float>.self)
            i += 16
        }
        while i < floats {
            var acc: Float = 0
            for k in 0..<count { acc += rows[k][i] * weights[k] }
            sum[i] = acc
            i += 1
        }
    }
}
