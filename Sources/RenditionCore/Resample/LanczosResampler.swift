import CRenditionKernels

/// Lanczos-3 resampling of premultiplied RGBA rasters, separable, on `Float` samples.
///
/// The filter support grows with the downscale factor (3 source pixels per side at unit
/// scale), weights are normalised per output pixel and cached per (source, target) size
/// pair. Output rows are made two at a time: the source rows their vertical windows need are
/// widened to floats once into a ring (once for all targets when several sizes are made in one
/// call), a vertical pass sums each of the two windows into one
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
        var target = Raster.uninitialized(width: width, height: height)
        resample(source, into: &target, workspace: ResampleWorkspace())
        return target
    }

    /// Resamples `source` into `target`, whose size selects the output size, using
    /// `workspace` for scratch memory; in a steady state this allocates nothing.
    public func resample(_ source: Raster, into target: inout Raster, workspace: ResampleWorkspace) {
        withUnsafeMutablePointer(to: &target) { pointer in
            resample(source, into: UnsafeMutableBufferPointer(start: pointer, count: 1), workspace: workspace)
        }
    }

    /// Resamples `source` into every raster of `targets` (their sizes select the output
    /// sizes) in one pass over the source: each source row is widened to floats once for all
    /// of them. The bytes are those of resampling into each target on its own.
    public func resample(_ source: Raster, into targets: inout [Raster], workspace: ResampleWorkspace) {
        targets.withUnsafeMutableBufferPointer { buffer in
            resample(source, into: buffer, workspace: workspace)
        }
    }

    private func resample(_ source: Raster, into targets: UnsafeMutableBufferPointer<Raster>, workspace: ResampleWorkspace) {
        guard !targets.isEmpty else { return }
        workspace.passes.reserve(targets.count)
        let passes = workspace.passes.pointer
        source.bytes.withUnsafeBufferPointer { sourceBuffer in
            withPasses(source: source, targets: targets, from: 0, into: passes) {
                // The ring holds the largest window plus one step of every target.
                var ringRows = 1
                var maxTaps = 1
                for t in 0..<targets.count {
                    ringRows = max(ringRows, passes[t].vTaps + passes[t].vMaxStep)
                    maxTaps = max(maxTaps, passes[t].vTaps)
                }
                workspace.reserve(ringRows: ringRows, rowFloats: source.width * 4, pairRowFloats: source.width * 8, taps: maxTaps)
                let (base, stride) = (sourceBuffer.baseAddress!, source.bytesPerRow)
                if kernels == .automatic && NativeResampleKernels.isAvailable {
                    run(NativeResampleKernels.self, source: base, sourceStride: stride, width: source.width,
                        height: source.height, passes: passes, count: targets.count, ringRows: ringRows,
                        workspace: workspace)
                } else {
                    run(ResampleKernels.self, source: base, sourceStride: stride, width: source.width,
                        height: source.height, passes: passes, count: targets.count, ringRows: ringRows,
                        workspace: workspace)
                }
            }
        }
    }

    /// Fills `passes[index...]` with each target's output pointer and weight tables, inside
    /// the scopes that keep those pointers valid, then runs `body`.
    private func withPasses(
        source: Raster, targets: UnsafeMutableBufferPointer<Raster>, from index: Int,
        into passes: UnsafeMutablePointer<ResamplePass>, _ body: () -> Void
    ) {
        guard index < targets.count else { return body() }
        let horizontal = ResampleWeights.cached(sourceCount: source.width, targetCount: targets[index].width)
        let vertical = ResampleWeights.cached(sourceCount: source.height, targetCount: targets[index].height)
        let (width, height, stride) = (targets[index].width, targets[index].height, targets[index].bytesPerRow)
        targets[index].bytes.withUnsafeMutableBufferPointer { output in
            horizontal.starts.withUnsafeBufferPointer { hStarts in
                horizontal.weights.withUnsafeBufferPointer { hWeights in
                    vertical.starts.withUnsafeBufferPointer { vStarts in
                        vertical.weights.withUnsafeBufferPointer { vWeights in
                            passes[index] = ResamplePass(
                                output: output.baseAddress!, stride: stride, width: width, height: height,
                                hStarts: hStarts.baseAddress!, hWeights: hWeights.baseAddress!, hTaps: horizontal.taps,
                                vStarts: vStarts.baseAddress!, vWeights: vWeights.baseAddress!, vTaps: vertical.taps,
                                vMaxStep: vertical.maxStep, nextRow: 0)
                            withPasses(source: source, targets: targets, from: index + 1, into: passes, body)
                        }
                    }
                }
            }
        }
    }

    /// The row loop: widens source rows into the ring in order and, before each new row,
    /// makes every output row pair (of any target) whose two windows are complete.
    ///
    /// A ring of `ringRows` ≥ taps + maxStep rows (for every target) is enough: a pair that
    /// is still waiting needs no row older than its first window's start, which is at most
    /// taps + maxStep - 1 rows behind the row being widened.
    ///
    /// Stickers are mostly transparent around the art, so each ring row carries the span of
    /// its pixels that are not all zero. A pair is summed only over the union of its window
    /// rows' spans, and only the output pixels whose horizontal windows reach that union are
    /// made; the rest are zero, exactly what summing zeros gives. The bytes do not change.
    private func run<K: ResampleKernelSet>(
        _ kernelSet: K.Type, source: UnsafePointer<UInt8>, sourceStride: Int, width: Int, height: Int,
        passes: UnsafeMutablePointer<ResamplePass>, count: Int, ringRows: Int, workspace: ResampleWorkspace
    ) {
        let rowFloats = width * 4
        let ring = workspace.ring.pointer
        let spans = workspace.ringSpans.pointer
        let rowsA = workspace.rowsA.pointer
        let rowsB = workspace.rowsB.pointer
        let pairRow = workspace.pairRow.pointer
        var widened = 0  // source rows [0, widened) have been widened
        while true {
            var pending = false
            for t in 0..<count {
                let pass = passes + t
                let taps = pass.pointee.vTaps
                while pass.pointee.nextRow < pass.pointee.height {
                    let y = pass.pointee.nextRow
                    let yB = min(y + 1, pass.pointee.height - 1)
                    let startA = Int(pass.pointee.vStarts[y])
                    let startB = Int(pass.pointee.vStarts[yB])
                    guard startB + taps <= widened else { pending = true; break }
                    let outA = pass.pointee.output + y * pass.pointee.stride
                    let outB = pass.pointee.output + yB * pass.pointee.stride
                    let targetWidth = pass.pointee.width
                    pass.pointee.nextRow += 2
                    var first = width, end = 0
                    for k in 0..<taps {
                        let a = spans[(startA + k) % ringRows], b = spans[(startB + k) % ringRows]
                        if a.first < a.end { first = min(first, a.first); end = max(end, a.end) }
                        if b.first < b.end { first = min(first, b.first); end = max(end, b.end) }
                    }
                    guard first < end else {
                        outA.update(repeating: 0, count: targetWidth * 4)
                        outB.update(repeating: 0, count: targetWidth * 4)
                        continue
                    }
                    for k in 0..<taps {
                        rowsA[k] = UnsafePointer(ring + ((startA + k) % ringRows) * rowFloats + first * 4)
                        rowsB[k] = UnsafePointer(ring + ((startB + k) % ringRows) * rowFloats + first * 4)
                    }
                    K.verticalPair(
                        rowsA: rowsA, weightsA: pass.pointee.vWeights + y * taps,
                        rowsB: rowsB, weightsB: pass.pointee.vWeights + yB * taps,
                        taps: taps, pixels: end - first, output: pairRow + first * 8)
                    // Output pixels [x0, x1) have windows that reach [first, end); the windows
                    // of those also read up to `hTaps` pixels either side, which must be zeros.
                    let hStarts = pass.pointee.hStarts
                    let hTaps = pass.pointee.hTaps
                    let x0 = Self.firstIndex(in: hStarts, count: targetWidth) { Int($0) + hTaps > first }
                    let x1 = Self.firstIndex(in: hStarts, count: targetWidth) { Int($0) >= end }
                    let padLow = max(0, first - hTaps)
                    (pairRow + padLow * 8).update(repeating: 0, count: (first - padLow) * 8)
                    let padHigh = min(width, end + hTaps)
                    (pairRow + end * 8).update(repeating: 0, count: (padHigh - end) * 8)
                    outA.update(repeating: 0, count: x0 * 4)
                    outB.update(repeating: 0, count: x0 * 4)
                    if x0 < x1 {
                        K.horizontalPair(
                            row: pairRow, starts: hStarts + x0, weights: pass.pointee.hWeights + x0 * hTaps,
                            taps: hTaps, targetCount: x1 - x0, outputA: outA + x0 * 4, outputB: outB + x0 * 4)
                    }
                    (outA + x1 * 4).update(repeating: 0, count: (targetWidth - x1) * 4)
                    (outB + x1 * 4).update(repeating: 0, count: (targetWidth - x1) * 4)
                }
            }
            // Every window lies inside the source, so a waiting pair means a row is left.
            guard pending, widened < height else { return }
            let slot = widened % ringRows
            let row = source + widened * sourceStride
            K.widen(row, into: ring + slot * rowFloats, count: rowFloats)
            var first = 0, end = 0
            rdn_rgba_nonzero_span(row, width, &first, &end)
            spans[slot] = (first, end)
            widened += 1
        }
    }

    /// The first index in `0..<count` whose start satisfies `predicate` (which must be false
    /// then true along the non-decreasing starts), or `count`.
    @inline(__always)
    private static func firstIndex(in starts: UnsafePointer<Int32>, count: Int, where predicate: (Int32) -> Bool) -> Int {
        var low = 0, high = count
        while low < high {
            let mid = (low + high) / 2
            if predicate(starts[mid]) { high = mid } else { low = mid + 1 }
        }
        return low
    }
}

/// One target of a resampling pass: where its rows go, its weight tables and its progress.
struct ResamplePass {
    var output: UnsafeMutablePointer<UInt8>
    var stride: Int
    var width: Int
    var height: Int
    var hStarts: UnsafePointer<Int32>
    var hWeights: UnsafePointer<Float>
    var hTaps: Int
    var vStarts: UnsafePointer<Int32>
    var vWeights: UnsafePointer<Float>
    var vTaps: Int
    /// The largest step between consecutive vertical window starts.
    var vMaxStep: Int
    /// The next output row to make (rows are made in pairs).
    var nextRow: Int
}
