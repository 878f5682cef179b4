import CRenditionKernels

/// Lanczos-3 resampling of premultiplied RGBA rasters, separable, on `Float` samples.
///
/// The filter support grows with the downscale factor (3 source pixels per side at unit
/// scale), weights are normalised per output pixel and cached per (source, target) size
/// pair. Output rows are made four at a time: the source rows their vertical windows need are
/// widened to floats once into a ring (once for all targets when several sizes are made in one
/// call), a vertical pass sums the four windows into two interleaved float rows (pixel x of
/// rows A and B side by side, and of C and D), and a horizontal pass turns those into the four
/// 8-bit output rows, each weight serving all four. No intermediate image is held.
///
/// Output is rounded to nearest (ties to even); ringing is clamped so alpha stays in
/// [0, 255] and no colour channel exceeds its alpha, which makes fully transparent results
/// exactly `(0, 0, 0, 0)`. Every output lane is summed tap by tap in the same order without
/// fused multiply-add, so the vectorised kernels (AVX2 when the CPU has it) and the portable
/// Swift kernels produce identical bytes.
public struct LanczosResampler: Sendable {
    /// Which inner loops to run.
    public enum Kernels: Sendable, Hashable, CustomStringConvertible {
        /// The fastest the CPU supports (AVX2 on x86-64 when available, else portable).
        case automatic
        /// Portable Swift SIMD, on every CPU.
        case portable
        /// The AVX2 kernels; only in `availableKernels` when the CPU has AVX2 (on a CPU
        /// without it, the portable kernels run instead).
        case avx2

        /// The name of the kernel set.
        public var description: String {
            switch self {
            case .automatic: "automatic"
            case .portable: "portable"
            case .avx2: "avx2"
            }
        }
    }

    /// Every kernel set this CPU can run, forced one by one (`.automatic` excluded): all give
    /// the same bytes.
    public static var availableKernels: [Kernels] {
        NativeResampleKernels.isAvailable ? [.portable, .avx2] : [.portable]
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

    private func resample(
        _ source: Raster, into targets: UnsafeMutableBufferPointer<Raster>, workspace: ResampleWorkspace
    ) {
        guard !targets.isEmpty else { return }
        workspace.passes.reserve(targets.count)
        let passes = workspace.passes.pointer
        source.bytes.withUnsafeBufferPointer { sourceBuffer in
            withPasses(source: source, targets: targets, from: 0, into: passes) {
                // The ring holds the largest window plus three steps of every target.
                var ringRows = 1
                var maxTaps = 1
                for t in 0..<targets.count {
                    ringRows = max(ringRows, passes[t].vTaps + 3 * passes[t].vMaxStep)
                    maxTaps = max(maxTaps, passes[t].vTaps)
                }
                workspace.reserve(
                    ringRows: ringRows, rowFloats: Self.ringStride(width: source.width),
                    pairRowFloats: source.width * 8, taps: maxTaps)
                let (base, stride) = (sourceBuffer.baseAddress!, source.bytesPerRow)
                if kernels != .portable && NativeResampleKernels.isAvailable {
                    run(
                        NativeResampleKernels.self, source: base, sourceStride: stride, width: source.width,
                        height: source.height, passes: passes, count: targets.count, ringRows: ringRows,
                        workspace: workspace)
                } else {
                    run(
                        ResampleKernels.self, source: base, sourceStride: stride, width: source.width,
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
    /// makes every quad of output rows (of any target) whose four windows are complete.
    ///
    /// A ring of `ringRows` ≥ taps + 3 maxStep rows (for every target) is enough: a quad that
    /// is still waiting needs no row older than its first window's start, which is at most
    /// taps + 3 maxStep - 1 rows behind the row being widened.
    ///
    /// Stickers are mostly transparent around the art, so each source row is widened only
    /// over the span of its pixels that are not all zero, and the ring slot keeps that span;
    /// the rest of the slot is zero (what an earlier row left there is cleared). A quad is
    /// summed only over the union of its window rows' spans, and only the output pixels whose
    /// horizontal windows reach that union are made; the rest are zero, exactly what summing
    /// zeros gives. The bytes do not change.
    private func run<K: ResampleKernelSet>(
        _ kernelSet: K.Type, source: UnsafePointer<UInt8>, sourceStride: Int, width: Int, height: Int,
        passes: UnsafeMutablePointer<ResamplePass>, count: Int, ringRows: Int, workspace: ResampleWorkspace
    ) {
        let rowFloats = Self.ringStride(width: width)
        let ring = workspace.ring.pointer
        let spans = workspace.ringSpans.pointer
        let windows = workspace.windows.pointer
        let windowRows = workspace.windowRows.pointer
        let windowWeights = workspace.windowWeights.pointer
        let outputs = workspace.outputRows.pointer
        let pairAB = workspace.pairRowAB.pointer
        let pairCD = workspace.pairRowCD.pointer
        // Until a slot is first written it may hold anything from an earlier call.
        for slot in 0..<ringRows { spans[slot] = (0, width) }
        var widened = 0  // source rows [0, widened) have been widened
        while true {
            var pending = false
            for t in 0..<count {
                let pass = passes + t
                let taps = pass.pointee.vTaps
                let targetHeight = pass.pointee.height
                while pass.pointee.nextRow < targetHeight {
                    let y = pass.pointee.nextRow
                    let lastRow = min(y + 3, targetHeight - 1)
                    let firstStart = Int(pass.pointee.vStarts[y])
                    let lastStart = Int(pass.pointee.vStarts[lastRow])
                    guard lastStart + taps <= widened else {
                        pending = true
                        break
                    }
                    pass.pointee.nextRow += 4
                    let targetWidth = pass.pointee.width
                    for i in 0..<4 {
                        outputs[i] = pass.pointee.output + min(y + i, targetHeight - 1) * pass.pointee.stride
                    }
                    var first = width, end = 0
                    for r in firstStart..<(lastStart + taps) {
                        let span = spans[r % ringRows]
                        if span.first < span.end {
                            first = min(first, span.first)
                            end = max(end, span.end)
                        }
                    }
                    guard first < end else {
                        for i in 0..<4 { outputs[i].update(repeating: 0, count: targetWidth * 4) }
                        continue
                    }
                    // Start on a cache line of the ring (the pixels before the span are zeros).
                    first &= ~3
                    // Each window lists its taps with non-zero weights (at least one).
                    for i in 0..<4 {
                        let row = min(y + i, targetHeight - 1)
                        let start = Int(pass.pointee.vStarts[row])
                        let weights = pass.pointee.vWeights + row * taps
                        let rows = windowRows + i * taps
                        let kept = windowWeights + i * taps
                        var n = 0
                        for k in 0..<taps where weights[k] != 0 {
                            rows[n] = UnsafePointer(ring + ((start + k) % ringRows) * rowFloats + first * 4)
                            kept[n] = weights[k]
                            n += 1
                        }
                        if n == 0 {
                            rows[0] = UnsafePointer(ring + (start % ringRows) * rowFloats + first * 4)
                            kept[0] = 0
                            n = 1
                        }
                        windows[i] = rdn_window(
                            rows: UnsafePointer(rows), weights: UnsafePointer(kept), count: Int32(n))
                    }
                    K.verticalQuad(
                        windows: windows, pixels: end - first,
                        outputAB: pairAB + first * 8, outputCD: pairCD + first * 8)
                    // Output pixels [x0, x1) have windows that reach [first, end); the windows
                    // of those also read up to `hTaps` pixels either side, which must be zeros.
                    let hStarts = pass.pointee.hStarts
                    let hTaps = pass.pointee.hTaps
                    let x0 = Self.firstIndex(in: hStarts, count: targetWidth) { Int($0) + hTaps > first }
                    let x1 = Self.firstIndex(in: hStarts, count: targetWidth) { Int($0) >= end }
                    let padLow = max(0, first - hTaps)
                    let padHigh = min(width, end + hTaps)
                    (pairAB + padLow * 8).update(repeating: 0, count: (first - padLow) * 8)
                    (pairCD + padLow * 8).update(repeating: 0, count: (first - padLow) * 8)
                    (pairAB + end * 8).update(repeating: 0, count: (padHigh - end) * 8)
                    (pairCD + end * 8).update(repeating: 0, count: (padHigh - end) * 8)
                    for i in 0..<4 { outputs[i].update(repeating: 0, count: x0 * 4) }
                    if x0 < x1 {
                        for i in 0..<4 { outputs[i] += x0 * 4 }
                        K.horizontalQuad(
                            rowAB: pairAB, rowCD: pairCD, starts: hStarts + x0,
                            weights: pass.pointee.hWeights + x0 * hTaps,
                            taps: hTaps, targetCount: x1 - x0, outputs: outputs)
                        for i in 0..<4 { outputs[i] -= x0 * 4 }
                    }
                    for i in 0..<4 { (outputs[i] + x1 * 4).update(repeating: 0, count: (targetWidth - x1) * 4) }
                }
            }
            // Every window lies inside the source, so a waiting quad means a row is left.
            guard pending, widened < height else { return }
            let slot = widened % ringRows
            let row = source + widened * sourceStride
            let destination = ring + slot * rowFloats
            var first = 0, end = 0
            rdn_rgba_nonzero_span(row, width, &first, &end)
            let stale = spans[slot]
            if first < end {
                K.widen(row + first * 4, into: destination + first * 4, count: (end - first) * 4)
                Self.zero(destination, from: stale.first, to: min(stale.end, first))
                Self.zero(destination, from: max(stale.first, end), to: stale.end)
            } else {
                Self.zero(destination, from: stale.first, to: stale.end)
            }
            spans[slot] = (first, end)
            widened += 1
        }
    }

    /// Floats from one ring row to the next: whole cache lines, so that a row's pixel 4i
    /// starts a line (the ring is 64-byte aligned) and the vertical pass never splits a load.
    @inline(__always)
    private static func ringStride(width: Int) -> Int { (width * 4 + 15) & ~15 }

    /// Zeroes pixels `[from, to)` (4 floats each) of a ring row; nothing when the range is empty.
    @inline(__always)
    private static func zero(_ row: UnsafeMutablePointer<Float>, from: Int, to: Int) {
        if from < to { (row + from * 4).update(repeating: 0, count: (to - from) * 4) }
    }

    /// The first index in `0..<count` whose start satisfies `predicate` (which must be false
    /// then true along the non-decreasing starts), or `count`.
    @inline(__always)
    private static func firstIndex(in starts: UnsafePointer<Int32>, count: Int, where predicate: (Int32) -> Bool) -> Int
    {
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
    /// The next output row to make (rows are made four at a time).
    var nextRow: Int
}
