import RenditionCore

/// Decodes PNG and animated PNG (APNG) files into composited animations.
///
/// The chunk layer is Rendition's own (libpng has no APNG support): every chunk's CRC is
/// checked and the file's structure is validated strictly against the APNG specification
/// (see `APNGContainer`); any violation is a `CodecError.corrupt` naming it, never a silent
/// fallback to the default image. Each frame's pixels are inflated by libdeflate and
/// unfiltered by Rendition (`APNGFramePixels`), then frames are composited with
/// `AnimationCompositor`. A plain PNG's image is decoded the same way (its pixels are
/// identical to `PNGDecoder`'s, which uses libpng: checked on all of PngSuite).
///
/// - The default image is the first frame only when an `fcTL` precedes its `IDAT`;
///   otherwise it is not part of the animation and is not decoded.
/// - Delays are kept exactly as `delay_num / delay_den` (a zero denominator means 100).
/// - `num_plays` becomes `loopCount` (0 = forever).
/// - A plain PNG becomes a one-frame animation with a zero delay.
public enum APNGDecoder {
    /// Decodes every frame of an APNG, composited; a plain PNG becomes a one-frame animation.
    /// - Throws: `CodecError.corrupt` for damaged or invalid files, `.limitExceeded` when the
    ///   canvas, the frame count or the decoded bytes (canvas x 4 x frames) exceed `limits`
    ///   (checked before any frame is decompressed), `.unsupported` for unknown critical chunks.
    public static func decode(_ bytes: [UInt8], limits: DecodeLimits = .default) throws(CodecError) -> Animation {
        try Animation.collecting { (body) throws(CodecError) in try decode(bytes, limits: limits, frames: body) }
    }

    /// Decodes a PNG or APNG frame by frame: `body` gets each composited frame as soon as it is
    /// drawn, in order (a frame it does not keep costs no copy of the canvas). The same frames,
    /// checks and errors as `decode(_:limits:)`; an error can come after some frames were
    /// handed over.
    public static func decode(
        _ bytes: [UInt8], limits: DecodeLimits = .default, frames body: (AnimationFrame) -> Void
    ) throws(CodecError) -> AnimationOutline {
        DecodeCount.record(bytes)
        try limits.check(inputBytes: bytes.count, format: .png)
        return try bytes.withUnsafeBufferPointer { buffer throws(CodecError) in
            let file = UnsafeRawBufferPointer(buffer)
            let container = try APNGContainer(file)
            let header = container.header
            guard let control = container.animationControl else {
                try limits.check(width: header.width, height: header.height, format: .png)
                let pixels = try APNGFramePixels(container: container, file: file)
                body(
                    AnimationFrame(
                        raster: try pixels.decode(
                            container.imageData, width: header.width, height: header.height, file: file, label: "image"),
                        delay: .zero))
                return AnimationOutline(width: header.width, height: header.height, frameCount: 1, loopCount: 0)
            }
            try limits.check(width: header.width, height: header.height, frames: container.frames.count, format: .png)
            let pixels = try APNGFramePixels(container: container, file: file)
            var compositor = AnimationCompositor(width: header.width, height: header.height)
            for (index, frame) in container.frames.enumerated() {
                let c = frame.control
                let patch = try pixels.decode(
                    frame.data, width: c.width, height: c.height, file: file, label: "frame \(index)")
                body(
                    compositor.draw(
                        FramePatch(x: c.x, y: c.y, raster: patch, delay: c.delay, disposal: c.disposal, blend: c.blend))
                )
            }
            return AnimationOutline(
                width: header.width, height: header.height, frameCount: container.frames.count,
                loopCount: control.playCount)
        }
    }
}
