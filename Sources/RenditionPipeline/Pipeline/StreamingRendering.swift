import Dispatch
import RenditionCodecs
import RenditionCore

extension StickerPipeline {
    /// Makes the targets with each frame resampled as soon as the decoder has composited it,
    /// while the canvas is still in cache, when every target allows it (`RenditionTarget.streams`:
    /// smaller scales, no limit, no frame rules, one container for all); `nil` otherwise. The
    /// full-size frames are never all held (for a 24-frame 618 px sticker, 37 MB that were
    /// written once and read back from memory), and on one thread the decoder's canvas is not
    /// even copied per frame. GIF outputs go one step further: each resampled frame goes
    /// straight into a `GIFEncodingSession` while it is in cache, and the same buffers serve
    /// every frame.
    ///
    /// With one frame thread everything runs on the calling thread. With more, frames are
    /// resampled on a second thread while the decoder composites the next one, then the
    /// outputs are encoded concurrently (and APNG frames compressed in parallel). The same
    /// bytes as decoding the master whole.
    func stream(
        _ bytes: [UInt8], _ inputFormat: ImageFormat, _ targets: [RenditionTarget], _ scratch: RenderScratch?
    ) throws(CodecError) -> PipelineResult? {
        let wanted = targets.first?.formats.animated[0]
        guard let wanted, targets.allSatisfy({ $0.streams && $0.formats == targets[0].formats }) else { return nil }
        let scales = targets.map { target -> StickerScale in
            if case .scale(let scale) = target.size { return scale }
            return .x1
        }
        // GIF output does not depend on whether the input turns out to be animated.
        let gif = wanted.resolved(input: inputFormat, animated: true) == .gif
        let stillFormat = targets[0].formats.still
        let sink = ResampledFrames(
            scales: scales, workspace: scratch?.workspace ?? ResampleWorkspace(),
            use: gif ? .gifSessions(GIFEncoder(options: options.gif)) : .keep(firstFrameOnly: wanted == .png))
        let outline = try decodeFrames(bytes, into: sink)
        if let failure = sink.failure { throw failure }
        guard sink.sawVisiblePixel else {
            return PipelineResult(
                inputFormat: inputFormat, masterWidth: outline.width, masterHeight: outline.height,
                masterAnimated: outline.isAnimated, notes: [],
                outputs: targets.map { .failure(.blank($0.label, input: inputFormat)) }, source: nil)
        }
        let outputs: [TargetOutput]
        let sizes = sink.targets.sizes, loopCount = outline.loopCount
        let report = TargetReport(limit: nil, step: "encoded", stepIndex: 1, givenUp: [], notes: [])
        if gif {
            let sessions = sink.sessions
            outputs = try encodeEach(count: targets.count) { (s) throws(CodecError) in
                TargetOutput(
                    files: [try sessions[s].finish(loopCount: loopCount)], format: .gif, width: sizes[s].width,
                    height: sizes[s].height, animated: outline.isAnimated, sequence: nil, report: report)
            }
        } else {
            let frames = sink.frames
            let threads = options.frameThreads
            let stillPNG =
                !outline.isAnimated
                && [.png, .apng].contains(stillFormat.resolved(input: inputFormat, animated: false))
            if stillPNG || (outline.isAnimated && wanted.resolved(input: inputFormat, animated: true) == .png) {
                // Still PNGs one after another, reusing the caller's compressor.
                let compressor: DeflateCompressor
                if let reused = scratch?.compressor {
                    compressor = reused
                } else {
                    compressor = try DeflateCompressor(level: options.png.compressionLevel)
                }
                let encoder = PNGEncoder(options: options.png)
                outputs = try (0..<targets.count).map { (s) throws(CodecError) in
                    TargetOutput(
                        files: [try encoder.encode(frames[s][0].raster, compressor: compressor)], format: .png,
                        width: sizes[s].width, height: sizes[s].height, animated: false, sequence: nil, report: report)
                }
                return PipelineResult(
                    inputFormat: inputFormat, masterWidth: outline.width, masterHeight: outline.height,
                    masterAnimated: outline.isAnimated, notes: [], outputs: outputs.map { .success($0) }, source: nil,
                    masterIsOpaque: !sink.sawTransparentPixel)
            }
            outputs = try encodeEach(count: targets.count) { (s) throws(CodecError) in
                let animation = Animation(
                    width: sizes[s].width, height: sizes[s].height,
                    frames: outline.isAnimated ? frames[s] : [frames[s][0]], loopCount: loopCount)
                var format = (outline.isAnimated ? wanted : stillFormat)
                    .resolved(input: inputFormat, animated: outline.isAnimated)
                if format == .apng && !outline.isAnimated { format = .png }
                let encoded = try format.encode(animation, options: self.encoderOptions(threads: threads))
                return TargetOutput(
                    files: [encoded], format: format, width: sizes[s].width, height: sizes[s].height,
                    animated: outline.isAnimated && format != .png, sequence: nil, report: report)
            }
        }
        return PipelineResult(
            inputFormat: inputFormat, masterWidth: outline.width, masterHeight: outline.height,
            masterAnimated: outline.isAnimated, notes: [], outputs: outputs.map { .success($0) }, source: nil,
            masterIsOpaque: !sink.sawTransparentPixel)
    }

    /// Decodes `bytes`, handing each composited frame to `sink`: on the calling thread with one
    /// frame thread; with more, on a serial queue of its own, so that resampling frame k runs
    /// while the decoder composites frame k + 1. The queue gets its own copy of each frame (the
    /// decoder draws the next one over its canvas; sharing the buffer and leaving the copy to
    /// copy-on-write would order the two threads only through the reference count, which
    /// ThreadSanitizer cannot see). At most two frames wait for the queue, and the queue is
    /// drained before this returns or throws, so `sink` is then only the caller's.
    private func decodeFrames(_ bytes: [UInt8], into sink: ResampledFrames) throws(CodecError) -> AnimationOutline {
        guard options.frameThreads > 1 else {
            return try ImageDecoder.decodeFrames(bytes, limits: options.limits) { sink.add($0) }
        }
        let queue = DispatchQueue(label: "rendition.frame-resampling")
        let waiting = DispatchSemaphore(value: 2)
        defer { queue.sync {} }
        return try ImageDecoder.decodeFrames(bytes, limits: options.limits) { frame in
            let copy = AnimationFrame(raster: frame.raster.copied(), delay: frame.delay)
            waiting.wait()
            queue.async {
                sink.add(copy)
                waiting.signal()
            }
        }
    }

    /// `encodeOutput(s)` for every output, in order: concurrently when frame threads allow
    /// (outputs are independent; the bytes do not change).
    private func encodeEach(count: Int, _ encodeOutput: @Sendable (Int) throws(CodecError) -> TargetOutput)
        throws(CodecError) -> [TargetOutput]
    {
        guard options.frameThreads > 1 && count > 1 else {
            return try (0..<count).map { (s) throws(CodecError) in try encodeOutput(s) }
        }
        return try ParallelWork.map(count: count, threads: count) { (s) throws(CodecError) in try encodeOutput(s) }
    }
}

/// What frame-by-frame rendering keeps of the decoded frames: each resampled to every scale,
/// then kept as animation frames or added to GIF encoding sessions.
///
/// `@unchecked Sendable`: `add` is called from one thread at a time — the decoding thread, or
/// the pipeline's serial queue — and the results are read only after that queue is drained
/// (`DispatchQueue.sync`), which orders every `add` before the reads.
private final class ResampledFrames: @unchecked Sendable {
    enum Use {
        /// Keep every frame (only the first for a still PNG of an animation).
        case keep(firstFrameOnly: Bool)
        /// Add each frame to a GIF session per scale; one pair of target rasters serves all.
        case gifSessions(GIFEncoder)
    }

    private let use: Use
    private let workspace: ResampleWorkspace
    private(set) var targets: FrameTargets
    /// Per scale, the resampled frames (`keep`).
    private(set) var frames: [[AnimationFrame]]
    /// Whether a decoded frame had a pixel that is not fully transparent.
    private(set) var sawVisiblePixel = false
    /// Whether a decoded frame had a pixel that is not fully opaque.
    private(set) var sawTransparentPixel = false
    /// Per scale, the GIF session (`gifSessions`), made on the first frame.
    private(set) var sessions: [GIFEncodingSession] = []
    /// The first error a session gave; later frames are skipped.
    private(set) var failure: CodecError?

    init(scales: [StickerScale], workspace: ResampleWorkspace, use: Use) {
        self.use = use
        self.workspace = workspace
        targets = FrameTargets(scales: scales)
        frames = [[AnimationFrame]](repeating: [], count: scales.count)
    }

    func add(_ frame: AnimationFrame) {
        guard failure == nil else { return }
        if !sawVisiblePixel { sawVisiblePixel = frame.raster.hasVisiblePixel }
        if !sawTransparentPixel { sawTransparentPixel = frame.raster.hasTransparentPixel }
        switch use {
        case .keep(let firstFrameOnly):
            if firstFrameOnly && !frames[0].isEmpty { return }
            // Each frame gets new rasters: the animations keep them.
            targets.resample(frame.raster, workspace: workspace, reuse: false)
            for (s, target) in targets.rasters.enumerated() {
                frames[s].append(AnimationFrame(raster: target, delay: frame.delay))
            }
        case .gifSessions(let encoder):
            targets.resample(frame.raster, workspace: workspace, reuse: true)
            do throws(CodecError) {
                if sessions.isEmpty {
                    sessions = try targets.sizes.map { (size) throws(CodecError) in
                        try encoder.makeSession(width: size.width, height: size.height)
                    }
                }
                for s in sessions.indices { try sessions[s].add(targets.rasters[s], delay: frame.delay) }
            } catch {
                failure = error
            }
        }
    }
}

/// The rasters one decoded frame is resampled into, one per scale, sized from the first frame.
private struct FrameTargets {
    let scales: [StickerScale]
    private(set) var sizes: [(width: Int, height: Int)] = []
    private(set) var rasters: [Raster] = []

    init(scales: [StickerScale]) {
        self.scales = scales
    }

    /// Resamples `canvas` into every scale's raster (all in one pass over it). With `reuse`,
    /// the rasters of the previous frame are written over when nothing else holds them.
    mutating func resample(_ canvas: Raster, workspace: ResampleWorkspace, reuse: Bool) {
        if sizes.isEmpty {
            sizes = scales.map {
                let size = StickerGeometry.renditionSize(
                    masterWidth: canvas.width, masterHeight: canvas.height, scale: $0)
                return (size.width, size.height)
            }
        }
        if !reuse || rasters.isEmpty {
            rasters = sizes.map { Raster.uninitialized(width: $0.width, height: $0.height) }
        }
        LanczosResampler().resample(canvas, into: &rasters, workspace: workspace)
    }
}
