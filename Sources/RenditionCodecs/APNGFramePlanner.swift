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
    private let compressor: APNGPatchCompressor
    private let trialCompressor: APNGPatchCompressor?

    /// A planner for a `width` x `height` canvas. With `optimize` false every frame is the
    /// whole canvas, blend SOURCE, dispose NONE. `trialCompressor`, when given, ranks the
    /// candidates; only the winner is compressed with `compressor`.
    init(width: Int, height: Int, format: APNGPixelFormat, optimize: Bool,
         compressor: APNGPatchCompressor, trialCompressor: APNGPatchCompressor?) {
        self.width = width
        self.height = height
        self.format = format
        self.optimize = optimize
        self.compressor = compressor
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
    private func choose(among bases: [(FrameDisposal, [UInt8])], target: [UInt8]) throws(CodecError) -> (Candidate, [UInt8]) {
        var sources: [(FrameDisposal, [UInt8], PixelRect)] = []
        var overs: [Candidate] = []
        for (disposal, base) in bases {
            let rect = APNGCanvasDiff.changedRect(from: base, to: target, width: width, height: height)
                ?? PixelRect(x: 0, y: 0, width: 1, height: 1)
            sources.append((disposal, base, rect))
            if format.storesTransparency,
               let over = APNGCanvasDiff.overPatch(from: base, to: target, width: width, rect: rect) {
                overs.append(Candidate(disposal: disposal, base: base, rect: rect, blend: .over, patch: over))
            }
        }
        let kept = sources.enumerated().filter { i, candidate in
            !sources.enumerated().contains { j, other in
                j != i && candidate.2.contains(other.2) && (candidate.2 != other.2 || j < i)
            }
        }
        var candidates = kept.map { _, c in
            Candidate(disposal: c.0, base: c.1, rect: c.2, blend: .source,
                      patch: APNGCanvasDiff.crop(target, width: width, to: c.2))
        }
        candidates += overs
        // The list is never empty: the smallest region (the first of equal ones) is kept.
        if candidates.count > 1, let trialCompressor {
            var winner = candidates[0]
            var smallest = Int.max
            for candidate in candidates {
                let size = try trialCompressor.compress(
                    candidate.patch, width: candidate.rect.width, height: candidate.rect.height).count
                if size < smallest {
                    smallest = size
                    winner = candidate
                }
            }
            candidates = [winner]
        }
        var best = candidates[0]
        var bestData = try compressor.compress(best.patch, width: best.rect.width, height: best.rect.height)
        for candidate in candidates.dropFirst() {
            let data = try compressor.compress(candidate.patch, width: candidate.rect.width, height: candidate.rect.height)
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
        var previous: [UInt8] = []  // the canvas after the previous frame (its target)
        var previousBase: [UInt8] = []  // the canvas the previous frame was drawn on
        var previousRect = full
        var previousBlend = FrameBlend.source
        for (index, frame) in frames.enumerated() {
            let target = frame.raster.straightRGBA()
            if index == 0 || !optimize {
                let data = try compressor.compress(target, width: width, height: height)
                planned.append(APNGPlannedFrame(rect: full, blend: .source, disposal: .none, delay: frame.delay, data: data))
                previousBase = index == 0 ? [UInt8](repeating: 0, count: target.count) : previous
                previous = target
                continue
            }
            var bases: [(FrameDisposal, [UInt8])] = [(.none, previous)]
            var cleared = previous
            APNGCanvasDiff.clear(&cleared, width: width, rect: previousRect)
            if cleared != previous { bases.append((.background, cleared)) }
            if index >= 2 && previousBlend == .source && previousBase != previous && previousBase != cleared {
                bases.append((.previous, previousBase))
            }
            let (winner, data) = try choose(among: bases, target: target)
            planned[index - 1].disposal = winner.disposal
            planned.append(APNGPlannedFrame(rect: winner.rect, blend: winner.blend, disposal: .none, delay: frame.delay, data: data))
            previousBase = winner.base
            previous = target
            previousRect = winner.rect
            previousBlend = winner.blend
        }
        return planned
    }
}
