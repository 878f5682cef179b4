import RenditionCore

/// One frame as it will be written: its region, blend and disposal, delay and data.
struct APNGPlannedFrame {
    /// The frame's region on the canvas.
    var rect: PixelRect
    /// How the frame combines with the canvas.
    var blend: FrameBlend
    /// What happens to the region after the frame (chosen while planning the next frame).
    var disposal: FrameDisposal
    /// Display time.
    var delay: FrameDelay
    /// The zlib stream of the frame's filtered scanlines.
    var data: [UInt8]
}

/// A frame whose region is chosen but whose final compression is still to do.
private struct PendingPatch {
    let index: Int
    let patch: [UInt8]
    let width: Int
    let height: Int
}

/// Chooses how each frame is stored so that the file is small and every frame decodes to
/// exactly the animation's pixels.
///
/// The first frame is the whole canvas (it is also the default image). For each later
/// frame the planner tries every way to dispose of the previous frame — NONE (keep it),
/// BACKGROUND (clear its region), PREVIOUS (restore what was under it) — and for each,
/// the region that differs from the canvas the decoder will then hold, stored with blend
/// SOURCE, or with blend OVER and its unchanged pixels made transparent (when exact).
/// It keeps the smallest compressed candidate (the first on a tie, so output is
/// deterministic), judging size with a fast trial compressor when one is given.
///
/// PREVIOUS is not offered after a frame blended OVER: Pillow (13.0) restores nothing in
/// that case, and the output must decode identically there too.
final class APNGFramePlanner {
    private let width: Int
    private let height: Int
    private let format: APNGPixelFormat
    private let optimize: Bool
    private let compressors: [APNGPatchCompressor]
    private let trialCompressor: APNGPatchCompressor?

    /// A planner for a `width` x `height` canvas. With `optimize` false every frame is the
    /// whole canvas, blend SOURCE, dispose NONE. `trialCompressor`, when given, ranks the
    /// candidates; only the winner is compressed at the final level. `compressors` (one per
    /// thread, all at the final level) compress chosen regions in parallel, a window of
    /// frames at a time so that memory stays bounded; the bytes do not depend on their number.
    init(
        width: Int, height: Int, format: APNGPixelFormat, optimize: Bool,
        compressors: [APNGPatchCompressor], trialCompressor: APNGPatchCompressor?
    ) {
        precondition(!compressors.isEmpty, "at least one compressor")
        self.width = width
        self.height = height
        self.format = format
        self.optimize = optimize
        self.compressors = compressors
        self.trialCompressor = trialCompressor
    }

    private struct Candidate {
        let disposal: FrameDisposal
        let base: [UInt8]
        let rect: PixelRect
        let blend: FrameBlend
        let patch: [UInt8]
    }

    /// The winning candidate for `target` and its data at the final level.
    ///
    /// SOURCE candidates whose region contains another SOURCE candidate's region are
    /// dropped without compressing them (their patch holds the other's pixels and more; on
    /// equal regions the patches are identical and the first is kept). When one candidate
    /// is left it is compressed once, at the final level.
    private func choose(among bases: [(FrameDisposal, [UInt8])], target: [UInt8]) throws(CodecError) -> (
        Candidate, [UInt8]?
    ) {
        var sources: [(FrameDisposal, [UInt8], PixelRect)] = []
        var overs: [Candidate] = []
        for (disposal, base) in bases {
            let rect =
                APNGCanvasDiff.changedRect(from: base, to: target, width: width, height: height)
                ?? PixelRect(x: 0, y: 0, width: 1, height: 1)
            sources.append((disposal, base, rect))
            if format.storesTransparency,
                let over = APNGCanvasDiff.overPatch(from: base, to: target, width: width, rect: rect)
            {
                overs.append(Candidate(disposal: disposal, base: base, rect: rect, blend: .over, patch: over))
            }
        }
        let kept = sources.enumerated().filter { i, candidate in
            !sources.enumerated().contains { j, other in
                j != i && candidate.2.contains(other.2) && (candidate.2 != other.2 || j < i)
            }
        }
        var candidates = kept.map { _, c in
            Candidate(
                disposal: c.0, base: c.1, rect: c.2, blend: .source,
                patch: APNGCanvasDiff.crop(target, width: width, to: c.2))
        }
        candidates += overs
        // The list is never empty: the smallest region (the first of equal ones) is kept.
        if candidates.count > 1, let trialCompressor {
            var winner = candidates[0]
            var smallest = Int.max
            for candidate in candidates {
                let size = try trialCompressor.compress(
                    candidate.patch, width: candidate.rect.width, height: candidate.rect.height
                ).count
                if size < smallest {
                    smallest = size
                    winner = candidate
                }
            }
            candidates = [winner]
        }
        // A single candidate needs no comparison: its final compression is deferred.
        if candidates.count == 1 { return (candidates[0], nil) }
        var best = candidates[0]
        var bestData = try compressors[0].compress(best.patch, width: best.rect.width, height: best.rect.height)
        for candidate in candidates.dropFirst() {
            let data = try compressors[0].compress(
                candidate.patch, width: candidate.rect.width, height: candidate.rect.height)
            if data.count < bestData.count {
                best = candidate
                bestData = data
            }
        }
        return (best, bestData)
    }

    /// Plans every frame of `frames` (canvas-sized, no two consecutive ones identical).
    func plan(_ frames: [AnimationFrame]) throws(CodecError) -> [APNGPlannedFrame] {
        let full = PixelRect(x: 0, y: 0, width: width, height: height)
        var planned: [APNGPlannedFrame] = []
        planned.reserveCapacity(frames.count)
        var pending: [PendingPatch] = []
        let window = 4 * compressors.count
        var previous: [UInt8] = []  // the canvas after the previous frame (its target)
        var previousBase: [UInt8] = []  // the canvas the previous frame was drawn on
        var previousRect = full
        var previousBlend = FrameBlend.source
        for (index, frame) in frames.enumerated() {
            let target = frame.raster.straightRGBA()
            if index == 0 || !optimize {
                pending.append(PendingPatch(index: index, patch: target, width: width, height: height))
                planned.append(
                    APNGPlannedFrame(rect: full, blend: .source, disposal: .none, delay: frame.delay, data: []))
                previousBase = index == 0 ? [UInt8](repeating: 0, count: target.count) : previous
                previous = target
            } else {
                var bases: [(FrameDisposal, [UInt8])] = [(.none, previous)]
                var cleared = previous
                APNGCanvasDiff.clear(&cleared, width: width, rect: previousRect)
                if !APNGCanvasDiff.same(cleared, previous) { bases.append((.background, cleared)) }
                if index >= 2 && previousBlend == .source && !APNGCanvasDiff.same(previousBase, previous)
                    && !APNGCanvasDiff.same(previousBase, cleared)
                {
                    bases.append((.previous, previousBase))
                }
                let (winner, data) = try choose(among: bases, target: target)
                planned[index - 1].disposal = winner.disposal
                if data == nil {
                    pending.append(
                        PendingPatch(
                            index: index, patch: winner.patch, width: winner.rect.width, height: winner.rect.height))
                }
                planned.append(
                    APNGPlannedFrame(
                        rect: winner.rect, blend: winner.blend, disposal: .none, delay: frame.delay, data: data ?? []))
                previousBase = winner.base
                previous = target
                previousRect = winner.rect
                previousBlend = winner.blend
            }
            if pending.count >= window {
                try compress(pending, into: &planned)
                pending.removeAll(keepingCapacity: true)
            }
        }
        try compress(pending, into: &planned)
        return planned
    }

    /// Compresses pending regions at the final level, on as many threads as there are
    /// compressors, each thread with its own.
    private func compress(_ pending: [PendingPatch], into planned: inout [APNGPlannedFrame]) throws(CodecError) {
        if pending.isEmpty { return }
        let workers = UncheckedCompressors(compressors)
        let compressed = try ParallelWork.map(
            count: pending.count, threads: compressors.count, worker: { workers.list[$0] }
        ) {
            (k, compressor) throws(CodecError) -> [UInt8] in
            try compressor.compress(pending[k].patch, width: pending[k].width, height: pending[k].height)
        }
        for (job, data) in zip(pending, compressed) {
            planned[job.index].data = data
        }
    }
}

/// The per-thread compressors, handed to worker threads: each thread only ever uses the
/// compressor at its own index, so no two threads touch the same one.
private final class UncheckedCompressors: @unchecked Sendable {
    let list: [APNGPatchCompressor]

    init(_ list: [APNGPatchCompressor]) { self.list = list }
}
