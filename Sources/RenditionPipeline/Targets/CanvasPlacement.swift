import RenditionCore

/// Puts a master onto a platform's canvas: resampled with Lanczos-3 (straight from the
/// master, never from another rendition) and, for exact canvases, centred on transparency.
package enum CanvasPlacement {
    /// The master resampled and placed according to `rule`.
    package static func place(_ master: Animation, on rule: CanvasRule, frameThreads: Int = 1) -> Animation {
        let content = rule.contentSize(masterWidth: master.width, masterHeight: master.height)
        let canvas = rule.canvasSize(masterWidth: master.width, masterHeight: master.height)
        let resampled =
            (content.width == master.width && content.height == master.height)
            ? master
            : LanczosResampler().resample(master, width: content.width, height: content.height, threads: frameThreads)
        return padded(resampled, width: canvas.width, height: canvas.height)
    }

    /// `content` (already at its content size) centred on a transparent canvas of `width` x
    /// `height`; unchanged when it already has that size.
    package static func padded(_ content: Animation, width: Int, height: Int) -> Animation {
        if width == content.width && height == content.height { return content }
        let x0 = (width - content.width) / 2
        let y0 = (height - content.height) / 2
        let frames = content.frames.map { frame in
            AnimationFrame(raster: pad(frame.raster, width: width, height: height, x: x0, y: y0), delay: frame.delay)
        }
        return Animation(width: width, height: height, frames: frames, loopCount: content.loopCount)
    }

    /// A target's pixels before its frame rules: `content` (at its content size) centred on a
    /// transparent canvas of `width` x `height` and, with a `background`, flattened on it.
    package static func placed(_ content: Animation, width: Int, height: Int, background: RGBA?) -> Animation {
        let padded = padded(content, width: width, height: height)
        guard let background else { return padded }
        return flattened(padded, over: background)
    }

    /// Every frame of `animation` composited over the opaque `background` (premultiplied
    /// source-over): the result has no transparency left.
    package static func flattened(_ animation: Animation, over background: RGBA) -> Animation {
        let opaque = RGBA(background.r, background.g, background.b, 255)
        let frames = animation.frames.map { frame in
            var flat = Raster(width: frame.raster.width, height: frame.raster.height)
            for y in 0..<flat.height {
                for x in 0..<flat.width { flat[x, y] = opaque }
            }
            flat.bytes.withUnsafeMutableBufferPointer { dst in
                frame.raster.bytes.withUnsafeBufferPointer { src in
                    for y in 0..<flat.height {
                        PremultipliedBlend.over(
                            source: src.baseAddress! + y * frame.raster.bytesPerRow,
                            destination: dst.baseAddress! + y * flat.bytesPerRow, count: flat.width)
                    }
                }
            }
            return AnimationFrame(raster: flat, delay: frame.delay)
        }
        return Animation(
            width: animation.width, height: animation.height, frames: frames, loopCount: animation.loopCount)
    }

    static func pad(_ raster: Raster, width: Int, height: Int, x: Int, y: Int) -> Raster {
        var canvas = Raster(width: width, height: height)
        let rowBytes = raster.width * 4
        canvas.bytes.withUnsafeMutableBufferPointer { dst in
            raster.bytes.withUnsafeBufferPointer { src in
                for row in 0..<raster.height {
                    (dst.baseAddress! + (y + row) * canvas.bytesPerRow + x * 4)
                        .update(from: src.baseAddress! + row * raster.bytesPerRow, count: rowBytes)
                }
            }
        }
        return canvas
    }
}
