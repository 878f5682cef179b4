/// Lanczos-3 resampling of premultiplied RGBA rasters, separable, on `Float` samples.
///
/// The filter support grows with the downscale factor (3 source pixels per side at unit
/// scale), weights are normalised per output pixel and cached per (source, target) size
/// pair. Each output row is produced by a vertical pass over a small ring of widened
/// source rows followed by a horizontal pass, so no intermediate image is ever held.
/// Output is rounded to nearest (ties to even); ringing is clamped so alpha stays in [0, 255] and no colour
/// channel exceeds its alpha, which makes fully transparent results exactly `(0, 0, 0, 0)`.
public struct LanczosResampler: Sendable {
    /// Creates a resampler.
    public init() {}

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
        let rowFloats = source.width * 4
        let taps = vertical.taps
        workspace.reserve(ringFloats: taps * rowFloats, rowFloats: rowFloats, taps: taps)
        let ring = workspace.ring
        let rowPointers = workspace.rowPointers
        let row = workspace.row
        let sourceStride = source.bytesPerRow
        let targetStride = target.bytesPerRow
        let targetWidth = target.width

        source.bytes.withUnsafeBufferPointer { sourceBuffer in
            target.bytes.withUnsafeMutableBufferPointer { targetBuffer in
                horizontal.starts.withUnsafeBufferPointer { hStarts in
                    horizontal.weights.withUnsafeBufferPointer { hWeights in
                        vertical.weights.withUnsafeBufferPointer { vWeights in
                            let sourceBase = sourceBuffer.baseAddress!
                            let targetBase = targetBuffer.baseAddress!
                            var nextRow = 0
                            for y in 0..<target.height {
                                let start = Int(vertical.starts[y])
                                nextRow = max(nextRow, start)
                                while nextRow < start + taps {
                                    ResampleKernels.widen(
                                        sourceBase + nextRow * sourceStride,
                                        into: ring + (nextRow % taps) * rowFloats, count: rowFloats)
                                    nextRow += 1
                                }
                                for k in 0..<taps {
                                    rowPointers[k] = UnsafePointer(ring + ((start + k) % taps) * rowFloats)
                                }
                                ResampleKernels.vertical(
                                    rows: rowPointers, weights: vWeights.baseAddress! + y * taps, taps: taps,
                                    count: rowFloats, output: row)
                                ResampleKernels.horizontal(
                                    row: row, starts: hStarts.baseAddress!, weights: hWeights.baseAddress!,
                                    taps: horizontal.taps, targetCount: targetWidth,
                                    output: targetBase + y * targetStride)
                            }
                        }
                    }
                }
            }
        }
    }
}
