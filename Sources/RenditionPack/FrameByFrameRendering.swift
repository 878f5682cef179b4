import Dispatch
import RenditionCodecs
import RenditionCore

extension StickerRenderer {
    /// Renders a sticker with each frame resampled as soon as the decoder has composited it,
    /// while the canvas is still in cache: the full-size frames are never all held (for a
    /// 24-frame 618 px sticker, 37 MB that were written once and read back from memory), and
    /// the decoder's canvas is not copied per frame. GIF renditions go one step further: each
    /// resampled frame goes straight into a `GIFEncodingSession` while it is in cache, and the
    /// same buffers serve every frame. Renditions other than @3x only. Frames are decoded and
    /// resampled on the calling thread; with more frame threads the scales are encoded
    /// concurrently (and APNG frames compressed in parallel). The same bytes as decoding the
    /// master whole and rendering it.
    func renderFrameByFrame(_ bytes: [UInt8], inputFormat: ImageFormat, scratch: RenderScratch) throws(CodecError) -> RenderedSticker {
        let scales = options.scales
        // GIF output does not depend on whether the input turns out to be animated.
        if options.format.resolved(input: inputFormat, animated: true) == .gif {
            return try renderGIFFrameByFrame(bytes, scratch: scratch)
        }
        // A still PNG of an animation shows its first frame: the others need no resampling.
        let firstFrameOnly = options.format == .png
        var targets = FrameTargets(scales: scales)
        var frames = [[AnimationFrame]](repeating: [], count: scales.count)
        let outline = try ImageDecoder.decodeFrames(bytes, limits: options.limits) { frame in
            if firstFrameOnly && !frames[0].isEmpty { return }
            // Each frame gets new rasters: the animations keep them.
            targets.resample(frame.raster, workspace: scratch.workspace, reuse: false)
            for (s, target) in targets.rasters.enumerated() { frames[s].append(AnimationFrame(raster: target, delay: frame.delay)) }
        }
        let format = options.format.resolved(input: inputFormat, animated: outline.isAnimated)
        let renditions: [Rendition]
        if format == .png || (format == .apng && !outline.isAnimated) {
            renditions = try encodeStills(frames.map { $0[0].raster }, scratch: scratch)
        } else {
            let sizes = targets.sizes, loopCount = outline.loopCount, resampled = frames
            renditions = try encodeScales { (s) throws(CodecError) in
                let animation = Animation(width: sizes[s].width, height: sizes[s].height, frames: resampled[s], loopCount: loopCount)
                return try encode(animation, at: scales[s], as: format)
            }
        }
        return RenderedSticker(masterWidth: outline.width, masterHeight: outline.height, renditions: renditions)
    }

    /// `encodeScale(s)` for every scale of the options, in order: concurrently when frame
    /// threads allow (renditions are independent; the bytes do not change).
    private func encodeScales(_ encodeScale: @Sendable (Int) throws(CodecError) -> Rendition) throws(CodecError) -> [Rendition] {
        let count = options.scales.count
        guard options.frameThreads > 1 && count > 1 else {
            return try (0..<count).map { (s) throws(CodecError) in try encodeScale(s) }
        }
        let results = IndexedResults<Result<Rendition, CodecError>>(count: count)
        DispatchQueue.concurrentPerform(iterations: count) { s in
            results.store(Result { () throws(CodecError) in try encodeScale(s) }, at: s)
        }
        return try results.collect().map { (result) throws(CodecError) in try result.get() }
    }

    /// GIF renditions, each frame resampled into the same buffers and added to one encoding
    /// session per scale.
    private func renderGIFFrameByFrame(_ bytes: [UInt8], scratch: RenderScratch) throws(CodecError) -> RenderedSticker {
        let scales = options.scales
        let encoder = GIFEncoder(options: options.gif)
        var targets = FrameTargets(scales: scales)
        var sessions: [GIFEncodingSession] = []
        var failure: CodecError? = nil
        let outline = try ImageDecoder.decodeFrames(bytes, limits: options.limits) { frame in
            guard failure == nil else { return }
            do throws(CodecError) {
                targets.resample(frame.raster, workspace: scratch.workspace, reuse: true)
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
        if let failure { throw failure }
        let finished = sessions, loopCount = outline.loopCount
        let renditions = try encodeScales { (s) throws(CodecError) in
            Rendition(scale: scales[s], width: finished[s].width, height: finished[s].height,
                      bytes: try finished[s].finish(loopCount: loopCount), fileExtension: OutputFormat.gif.fileExtension)
        }
        return RenderedSticker(masterWidth: outline.width, masterHeight: outline.height, renditions: renditions)
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
                let size = StickerGeometry.renditionSize(masterWidth: canvas.width, masterHeight: canvas.height, scale: $0)
                return (size.width, size.height)
            }
        }
        if !reuse || rasters.isEmpty {
            rasters = sizes.map { Raster.uninitialized(width: $0.width, height: $0.height) }
        }
        LanczosResampler().resample(canvas, into: &rasters, workspace: workspace)
    }
}
