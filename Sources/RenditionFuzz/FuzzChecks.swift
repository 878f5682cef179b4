import RenditionCodecs
import RenditionCore

/// Invariants every decoded image must satisfy; a violation traps, which libFuzzer reports.
enum FuzzChecks {
    /// A raster within the fuzzing limits, with its bytes matching its geometry and every
    /// colour channel at most its alpha (premultiplied); `opaque` also requires alpha 255.
    static func check(_ raster: Raster, opaque: Bool = false) {
        let limits = FuzzTarget.limits
        require(raster.width > 0 && raster.height > 0, "empty raster")
        require(raster.width <= limits.maxWidth && raster.height <= limits.maxHeight, "raster over the limits")
        require(raster.width * raster.height <= limits.maxPixels, "raster over the pixel limit")
        require(raster.bytes.count == raster.bytesPerRow * raster.height, "raster bytes do not match its size")
        raster.bytes.withUnsafeBufferPointer { bytes in
            for y in 0..<raster.height {
                var offset = y * raster.bytesPerRow
                for _ in 0..<raster.width {
                    let alpha = bytes[offset + 3]
                    require(
                        bytes[offset] <= alpha && bytes[offset + 1] <= alpha && bytes[offset + 2] <= alpha,
                        "colour above alpha (not premultiplied)")
                    require(!opaque || alpha == 255, "a JPEG pixel is not opaque")
                    offset += 4
                }
            }
        }
    }

    /// Where two rasters first differ, for messages.
    static func difference(_ a: Raster, _ b: Raster) -> String {
        guard a.width == b.width && a.height == b.height else {
            return "\(a.width)x\(a.height) vs \(b.width)x\(b.height)"
        }
        let index = zip(a.bytes, b.bytes).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? 0
        let pixel = index / 4
        return "\(a.width)x\(a.height), pixel (\(pixel % a.width), \(pixel / a.width)): "
            + "\(Array(a.bytes[(pixel * 4)..<(pixel * 4 + 4)])) vs \(Array(b.bytes[(pixel * 4)..<(pixel * 4 + 4)]))"
    }

    /// An animation within the fuzzing limits whose frames all have the canvas size.
    static func check(_ animation: Animation) {
        require(!animation.frames.isEmpty, "animation without frames")
        require(animation.frames.count <= FuzzTarget.limits.maxFrames, "frame count over the limit")
        require(animation.loopCount >= 0, "negative loop count")
        for frame in animation.frames {
            require(
                frame.raster.width == animation.width && frame.raster.height == animation.height,
                "frame size differs from the canvas")
            check(frame.raster)
        }
    }
}

/// Stops the process with `message` when `condition` fails: a finding for libFuzzer. (Not
/// `precondition`, whose message optimised builds drop.)
func require(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fuzzFailure(message()) }
}

/// Stops the process with `message`.
func fuzzFailure(_ message: String) -> Never {
    fatalError("fuzz check failed: \(message)")
}
