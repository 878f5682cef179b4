import RenditionCodecs
import RenditionCore

extension StickerPipeline {
    /// Makes every target from a master decoded whole: targets are grouped by content size, each
    /// size is resampled once (every frame only when a target of that size animates) and its
    /// targets are made concurrently when frame threads allow. One group's frames are held at a
    /// time.
    func makeFromWhole(
        _ decoded: Animation, inputFormat: ImageFormat, targets: [RenditionTarget], collapsing: Bool,
        source: SourceImage?, scratch: RenderScratch?
    ) -> PipelineResult {
        var master = decoded
        var notes: [String] = []
        if collapsing && AnimationConstraints.allFramesIdentical(master) {
            notes.append("all \(master.frames.count) frames are the same: written as a still")
            master = Animation(still: master.firstFrame)
        }
        let animated = master.isAnimated
        let groups = Self.groups(targets, masterWidth: master.width, masterHeight: master.height) {
            animated && $0.animates
        }
        let threads = options.frameThreads
        var outputs = [Result<TargetOutput, TargetError>?](repeating: nil, count: targets.count)
        for group in groups {
            let needsFrames = group.members.contains {
                Self.needsFrames(targets[$0], masterAnimated: animated, input: inputFormat)
            }
            // A still master keeps its one frame's delay and loop count (a GIF writes them).
            let from = needsFrames || !animated ? master : Animation(still: master.firstFrame)
            let content =
                (group.width == master.width && group.height == master.height)
                ? from
                : LanczosResampler().resample(from, width: group.width, height: group.height, threads: threads)
            let members = group.members
            let workers = ParallelWork.workerCount(items: members.count, threads: threads)
            let encoderThreads = max(1, threads / workers)
            let size = (master.width, master.height, animated)
            // The master itself, for a truecolour target fitted on a smaller canvas.
            let masterPixels = needsFrames ? master : nil
            // On one worker (this thread) still PNGs reuse the caller's compressor.
            nonisolated(unsafe) let compressor = workers == 1 ? scratch?.compressor : nil
            let made = ParallelWork.map(count: members.count, threads: threads) { slot in
                Result { () throws(TargetError) in
                    try self.make(
                        targets[members[slot]], content: content, master: size, input: inputFormat,
                        threads: encoderThreads, compressor: compressor, masterPixels: masterPixels)
                }
            }
            for (slot, outcome) in made.enumerated() { outputs[members[slot]] = outcome }
        }
        return PipelineResult(
            inputFormat: inputFormat, masterWidth: master.width, masterHeight: master.height, masterAnimated: animated,
            notes: notes, outputs: outputs.map { $0! }, source: source,
            masterIsOpaque: !master.frames.contains { $0.raster.hasTransparentPixel })
    }
}
