import RenditionCodecs
import RenditionCore

extension StickerRenderer {
    /// Renders a sticker with each frame resampled as soon as the decoder has composited it,
    /// while the canvas is still in cache: the full-size frames are never all held (for a
    /// 24-frame 618 px sticker, 37 MB that were written once and read back from memory), and
    /// the decoder's canvas is not copied per frame. GIF renditions go one step further: each
    /// resampled frame goes straight into a `GIFEncodingSession` while it is in cache, and the
    /// same buffers serve every frame. Renditions other than @3x only, on the calling thread;
    /// the same bytes as decoding the master whole and rendering it.
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
            renditions = try scales.indices.map { (s) throws(CodecError) in
                let size = targets.sizes[s]
                let animation = Animation(width: size.width, height: size.height, frames: frames[s], loopCount: outline.loopCount)
                return try encode(animation, at: scales[s], as: format)
            }
        }
        return RenderedSticker(masterWidth: outline.width, masterHeight: outline.height, renditions: renditions)
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
        let renditions = try scales.indices.map { (s) throws(CodecError) in
            Rendition(scale: scales[s], width: sessions[s].width, height: sessions[s].height,
                      bytes: try sessions[s].finish(loopCount: outline.loopCount), fileExtension: OutputFormat.gif.fileExtension)
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
