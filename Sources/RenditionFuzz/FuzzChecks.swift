import RenditionCodecs
import RenditionCore

/// Invariants every decoded image must satisfy; a violation traps, which libFuzzer reports.
enum FuzzChecks {
    /// A raster within the fuzzing limits, with its bytes matching its geometry and every
    /// colour channel at most its alpha (premultiplied); `opaque` also requires alpha 255.
    static func check(_ raster: Raster, opaque: Bool = false) {
        let limits = FuzzTarget.limits
        precondition(raster.width > 0 && raster.height > 0, "empty raster")
        precondition(raster.width <= limits.maxWidth && raster.height <= limits.maxHeight, "raster over the limits")
        precondition(raster.width * raster.height <= limits.maxPixels, "raster over the pixel limit")
        precondition(raster.bytes.count == raster.bytesPerRow * raster.height, "raster bytes do not match its size")
        raster.bytes.withUnsafeBufferPointer { bytes in
            for y in 0..<raster.height {
                var offset = y * raster.bytesPerRow
                for _ in 0..<raster.width {
                    let alpha = bytes[offset + 3]
                    precondition(bytes[offset] <= alpha && bytes[offset + 1] <= alpha && bytes[offset + 2] <= alpha,
                                 "colour above alpha (not premultiplied)")
                    precondition(!opaque || alpha == 255, "a JPEG pixel is not opaque")
                    offset += 4
                }
            }
        }
    }

    /// An animation within the fuzzing limits whose frames all have the canvas size.
    static func check(_ animation: Animation) {
        precondition(!animation.frames.isEmpty, "animation without frames")
        precondition(animation.frames.count <= FuzzTarget.limits.maxFrames, "frame count over the limit")
        precondition(animation.loopCount >= 0, "negative loop count")
        for frame in animation.frames {
            precondition(frame.raster.width == animation.width && frame.raster.height == animation.height,
                         "frame size differs from the canvas")
            check(frame.raster)
        }
    }
}
