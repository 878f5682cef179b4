import RenditionCodecs
import RenditionCore

extension StickerPipeline {
    /// Makes every target of vector art (TGS, Lottie): the composition's canvas is the @3x
    /// master, and each distinct content size is drawn by rlottie straight at that size rather
    /// than resampled from a larger raster, so edges stay as sharp as the renderer's
    /// anti-aliasing (`VectorRenderingTests` measures how far that is from Lanczos-3 on a @3x
    /// raster).
    ///
    /// With more than one frame thread the sizes are drawn concurrently, each worker from a
    /// composition of its own parsed from `document` (rlottie keeps drawing state per
    /// animation, so one is never shared between threads); on one thread the composition given
    /// is the only one. The bytes do not change. With `inspecting`, the canvas-sized frames are
    /// drawn once more for lint.
    func drawVector(
        _ composition: LottieComposition, document: [UInt8], targets: [RenditionTarget], inspecting: Bool
    ) throws(CodecError) -> PipelineResult {
        let animated = composition.frameCount > 1
        let format = composition.format
        let groups = Self.groups(targets, masterWidth: composition.width, masterHeight: composition.height) {
            animated && $0.animates
        }
        let source = inspecting ? SourceImage(format: format, animation: try composition.animation()) : nil
        let threads = options.frameThreads
        let workers = threads > 1 ? groups.count : 1
        let encoderThreads = max(1, threads / max(1, workers))
        let limits = options.limits
        let master = (composition.width, composition.height, animated)
        // The first worker takes the composition parsed by the caller (this thread waits for the
        // map, so one thread at a time uses it); any other parses its own on its first size.
        nonisolated(unsafe) let parsed = composition
        let made = try ParallelWork.map(
            count: groups.count, threads: workers, worker: { thread in thread == 0 ? parsed : nil }
        ) { (g, drawing: inout LottieComposition?) throws(CodecError) -> [Result<TargetOutput, TargetError>] in
            let composition: LottieComposition
            if let made = drawing {
                composition = made
            } else {
                composition = try LottieComposition(document, limits: limits)
                drawing = composition
            }
            let group = groups[g]
            let needsFrames = group.members.contains {
                Self.needsFrames(targets[$0], masterAnimated: animated, input: format)
            }
            let content =
                needsFrames
                ? try composition.animation(width: group.width, height: group.height)
                : Animation(still: try composition.frame(0, width: group.width, height: group.height))
            return group.members.map { index in
                Result { () throws(TargetError) in
                    try self.make(
                        targets[index], content: content, master: master, input: format, threads: encoderThreads)
                }
            }
        }
        var outputs = [Result<TargetOutput, TargetError>?](repeating: nil, count: targets.count)
        for (group, results) in zip(groups, made) {
            for (index, result) in zip(group.members, results) { outputs[index] = result }
        }
        return PipelineResult(
            inputFormat: format, masterWidth: composition.width, masterHeight: composition.height,
            masterAnimated: animated, notes: [], outputs: outputs.map { $0! }, source: source)
    }
}
