import RenditionCodecs
import RenditionCore

extension StickerRenderer {
    /// Renders vector art (TGS, Lottie): the composition's canvas is the @3x master, and every
    /// rendition, @3x included, is drawn by rlottie straight at its own pixel size rather than
    /// resampled from a larger raster, so edges stay as sharp as the renderer's anti-aliasing
    /// (`VectorRenderingTests` measures how far that is from Lanczos-3 on a @3x raster).
    ///
    /// With more than one frame thread the scales are drawn concurrently, each from a
    /// composition of its own (rlottie keeps drawing state per animation, so one is never
    /// shared between threads); on one thread the file is parsed once. The bytes do not change.
    func renderVector(_ bytes: [UInt8], inputFormat: ImageFormat) throws(CodecError) -> RenderedSticker {
        let composition = try LottieComposition(bytes, limits: options.limits)
        let format = options.format.resolved(input: inputFormat, animated: composition.frameCount > 1)
        let scales = options.scales
        let sizes = scales.map {
            StickerGeometry.renditionSize(masterWidth: composition.width, masterHeight: composition.height, scale: $0)
        }
        // Each worker draws from a composition of its own: the first worker takes the one parsed
        // above (this thread waits for the map, so one thread at a time uses it), any other parses
        // its own on its first scale.
        let renderer = self
        nonisolated(unsafe) let parsed = composition
        let renditions = try ParallelWork.map(
            count: scales.count, threads: options.frameThreads > 1 ? scales.count : 1,
            worker: { thread in thread == 0 ? parsed : nil }
        ) { (s, drawing: inout LottieComposition?) throws(CodecError) -> Rendition in
            let composition: LottieComposition
            if let made = drawing {
                composition = made
            } else {
                composition = try LottieComposition(bytes, limits: renderer.options.limits)
                drawing = composition
            }
            return try renderer.drawRendition(composition, scale: scales[s], size: sizes[s], format: format)
        }
        return RenderedSticker(masterWidth: composition.width, masterHeight: composition.height, renditions: renditions)
    }

    /// One rendition of `composition`, every frame drawn at `size` (only the first for a still).
    private func drawRendition(
        _ composition: LottieComposition, scale: StickerScale, size: (width: Int, height: Int), format: OutputFormat
    ) throws(CodecError) -> Rendition {
        let animation =
            format == .png || composition.frameCount == 1
            ? Animation(still: try composition.frame(0, width: size.width, height: size.height))
            : try composition.animation(width: size.width, height: size.height)
        return try encode(animation, at: scale, as: format)
    }
}
