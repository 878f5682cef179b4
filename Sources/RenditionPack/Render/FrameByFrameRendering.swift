import Dispatch
import RenditionCodecs
import RenditionCore

extension StickerRenderer {
    /// Renders a sticker with each frame resampled as soon as the decoder has composited it,
    /// while the canvas is still in cache: the full-size frames are never all held (for a
    /// 24-frame 618 px sticker, 37 MB that were written once and read back from memory), and
    /// on one thread the decoder's canvas is not even copied per frame. GIF renditions go one
    /// step further: each resampled frame goes straight into a `GIFEncodingSession` while it
    /// is in cache, and the same buffers serve every frame. Renditions other than @3x only.
    ///
    /// With one frame thread everything runs on the calling thread. With more, frames are
    /// resampled on a second thread while the decoder composites the next one
    /// (`decodeFrames(_:into:)`), then the scales are encoded concurrently (and APNG frames
    /// compressed in parallel). The same bytes as decoding the master whole and rendering it.
    func renderFrameByFrame(_ bytes: [UInt8], inputFormat: ImageFormat, scratch: RenderScratch) throws(CodecError)
        -> RenderedSticker
    {
        let scales = options.scales
        // GIF output does not depend on whether the input turns out to be animated.
        let gif = options.format.resolved(input: inputFormat, animated: true) == .gif
        let sink = ResampledFrames(
            scales: scales, workspace: scratch.workspace,
            use: gif ? .gifSessions(GIFEncoder(options: options.gif)) : .keep(firstFrameOnly: options.format == .png))
        let outline = try decodeFrames(bytes, into: sink)
        if let failure = sink.failure { throw failure }
        let renditions: [Rendition]
        let sizes = sink.targets.sizes, loopCount = outline.loopCount
        if gif {
            let sessions = sink.sessions
            renditions = try encodeScales { (s) throws(CodecError) in
                Rendition(
                    scale: scales[s], width: sizes[s].width, height: sizes[s].height,
                    bytes: try sessions[s].finish(loopCount: loopCount), fileExtension: OutputFormat.gif.fileExtension)
            }
        } else {
            let format = options.format.resolved(input: inputFormat, animated: outline.isAnimated)
            let frames = sink.frames
            if format == .png || (format == .apng && !outline.isAnimated) {
                renditions = try encodeStills(frames.map { $0[0].raster }, scratch: scratch)
            } else {
                renditions = try encodeScales { (s) throws(CodecError) in
                    let animation = Animation(
                        width: sizes[s].width, height: sizes[s].height, frames: frames[s], loopCount: loopCount)
                    return try encode(animation, at: scales[s], as: format)
                }
            }
        }
        return RenderedSticker(masterWidth: outline.width, masterHeight: outline.height, renditions: renditions)
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

    /// `encodeScale(s)` for every scale of the options, in order: concurrently when frame
    /// threads allow (renditions are independent; the bytes do not change).
    private func encodeScales(_ encodeScale: @Sendable (Int) throws(CodecError) -> Rendition) throws(CodecError)
        -> [Rendition]
    {
        let count = options.scales.count
        guard options.frameThreads > 1 && count > 1 else {
            return try (0..<count).map { (s) throws(CodecError) in try encodeScale(s) }
        }
        return try ParallelWork.map(count: count, threads: count) { (s) throws(CodecError) in try encodeScale(s) }
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
