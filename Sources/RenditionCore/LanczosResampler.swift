/// Lanczos-3 resampling of premultiplied RGBA rasters, separable, on `Float` samples.
///
/// The filter support grows with the downscale factor (3 source pixels per side at unit
/// scale), weights are normalised per output pixel and cached per (source, target) size
/// pair. Output rows are made two at a time: the source rows their vertical windows need are
/// widened to floats once into a ring, a vertical pass sums each of the two windows into one
/// interleaved float row (pixel x of both rows side by side), and a horizontal pass turns that
/// row into the two 8-bit output rows. No intermediate image is held.
///
/// Output is rounded to nearest (ties to even); ringing is clamped so alpha stays in
/// [0, 255] and no colour channel exceeds its alpha, which makes fully transparent results
/// exactly `(0, 0, 0, 0)`. Every output lane is summed tap by tap in the same order without
/// fused multiply-add, so the vectorised kernels (AVX2 when the CPU has it) and the portable
/// Swift kernels produce identical bytes.
public struct LanczosResampler: Sendable {
    /// Which inner loops to run.
    public enum Kernels: Sendable, Hashable {
        /// The fastest the CPU supports (AVX2 on x86-64 when available, else portable).
        case automatic
        /// Portable Swift SIMD, on every CPU.
        case portable
    }

    /// The kernels this resampler runs.
    public let kernels: Kernels

    /// Creates a resampler.
    public init(kernels: Kernels = .automatic) {
        self.kernels = kernels
    }

    /// Whether `.automatic` runs vectorised native kernels on this CPU.
    public static var hasNativeKernels: Bool { NativeResampleKernels.isAvailable }

    /// Resamples `source` to `width` x `height` pixels (up or down, any aspect).
    public func resample(_ source: Raster, width: Int, height: Int) -> Raster {
        var target = Raster(width: width, height: height)
        resample(source, into: &target, workspace: ResampleWorkspace())
        return target
    }

    /// Resamples `source` into `target`, whose size selects the output size, using
    /// `workspace` for scratch memory; in a steady state this allocates nothing.
    public func resample(_ source: Raster, into target: inout Raster, workspace: ResampleWorkspace) {
        let horizontal = ResampleWeights.cached(sourceCount: source.width, targetCount: target.width)
        let vertical = ResampleWeights.cached(sourceCount: source.height, targetCount: target.height)
        let native = kernels == .automatic && NativeResampleKernels.isAvailable
        let rowFloats = source.width * 4
        let taps = vertical.taps
        let ringRows = taps + vertical.maxStep
        workspace.reserve(ringFloats: ringRows * rowFloats, pairRowFloats: source.width * 8, taps: taps)
        let ring = workspace.ring.pointer
        let rowsA = workspace.rowsA.pointer
        let rowsB = workspace.rowsB.pointer
        let pairRow = workspace.pairRow.pointer
        let sourceStride = source.bytesPerRow
        let targetStride = target.bytesPerRow
        let targetWidth = target.width
        let targetHeight = target.height

        source.bytes.withUnsafeBufferPointer { sourceBuffer in
            target.bytes.withUnsafeMutableBufferPointer { targetBuffer in
                horizontal.starts.withUnsafeBufferPointer { hStarts in
                    horizontal.weights.withUnsafeBufferPointer { hWeights in
                        vertical.weights.withUnsafeBufferPointer { vWeights in
                            let sourceBase = sourceBuffer.baseAddress!
                            let targetBase = targetBuffer.baseAddress!
                            var nextRow = 0
                            var y = 0
                            while y < targetHeight {
                                let yB = min(y + 1, targetHeight - 1)
                                let startA = Int(vertical.starts[y])
                                let startB = Int(vertical.starts[yB])
                                nextRow = max(nextRow, startA)
                                while nextRow < startB + taps {
                                    let slot = ring + (nextRow % ringRows) * rowFloats
                                    if native {
                                        NativeResampleKernels.widen(sourceBase + nextRow * sourceStride, into: slot, count: rowFloats)
                                    } else {
                                        ResampleKernels.widen(sourceBase + nextRow * sourceStride, into: slot, count: rowFloats)
                                    }
                                    nextRow += 1
                                }
                                for k in 0..<taps {
                                    rowsA[k] = UnsafePointer(ring + ((startA + k) % ringRows) * rowFloats)
                                    rowsB[k] = UnsafePointer(ring + ((startB + k) % ringRows) * rowFloats)
                                }
                                let weightsA = vWeights.baseAddress! + y * taps
                                let weightsB = vWeights.baseAddress! + yB * taps
                                let outA = targetBase + y * targetStride
                                let outB = targetBase + yB * targetStride
                                if native {
                                    NativeResampleKernels.verticalPair(
                                        rowsA: rowsA, weightsA: weightsA, rowsB: rowsB, weightsB: weightsB,
                                        taps: taps, pixels: source.width, output: pairRow)
                                    NativeResampleKernels.horizontalPair(
                                        row: pairRow, starts: hStarts.baseAddress!, weights: hWeights.baseAddress!,
                                        taps: horizontal.taps, targetCount: targetWidth, outputA: outA, outputB: outB)
                                } else {
                                    ResampleKernels.verticalPair(
                                        rowsA: rowsA, weightsA: weightsA, rowsB: rowsB, weightsB: weightsB,
                                        taps: taps, pixels: source.width, output: pairRow)
                                    ResampleKernels.horizontalPair(
                                        row: pairRow, starts: hStarts.baseAddress!, weights: hWeights.baseAddress!,
                                        taps: horizontal.taps, targetCount: targetWidth, outputA: outA, outputB: outB)
                                }
                                y += 2
                            }
                        }
                    }
                }
            }
        }
    }
}
