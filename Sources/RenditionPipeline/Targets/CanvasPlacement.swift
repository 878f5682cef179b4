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

    /// A square canvas of `side` pixels holding the master, fitted and centred.
    package static func square(_ master: Animation, side: Int, frameThreads: Int = 1) -> Animation {
        place(master, on: CanvasRule(mode: .exact, width: side, height: side), frameThreads: frameThreads)
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
