import CRenditionKernels

/// What happens to a frame's region after it has been shown.
public enum FrameDisposal: Sendable, Hashable {
    /// Leave the canvas as it is (APNG `NONE`, GIF 0 and 1).
    case none
    /// Clear the frame's region to transparent (APNG `BACKGROUND`, GIF 2).
    case background
    /// Restore the region to what it was before the frame (APNG `PREVIOUS`, GIF 3).
    case previous
}

/// How a frame's pixels combine with the canvas.
public enum FrameBlend: Sendable, Hashable {
    /// Replace the region, transparency included (APNG `SOURCE`).
    case source
    /// Composite over the canvas (APNG `OVER`; GIF, whose pixels are opaque or transparent).
    case over
}

/// A frame as stored in a file: a patch placed at an offset, how to blend it, and how to
/// dispose of it afterwards.
public struct FramePatch: Sendable, Equatable {
    /// Left edge on the canvas (may be negative or reach outside: those pixels are clipped).
    public var x: Int
    /// Top edge on the canvas.
    public var y: Int
    /// The patch's premultiplied pixels.
    public var raster: Raster
    /// Display time.
    public var delay: FrameDelay
    /// Disposal after display.
    public var disposal: FrameDisposal
    /// Blending onto the canvas.
    public var blend: FrameBlend

    /// Creates a patch.
    public init(x: Int, y: Int, raster: Raster, delay: FrameDelay, disposal: FrameDisposal, blend: FrameBlend) {
        self.x = x
        self.y = y
        self.raster = raster
        self.delay = delay
        self.disposal = disposal
        self.blend = blend
    }
}

/// Turns a sequence of `FramePatch`es into fully composited canvas frames, following the
/// APNG specification and GIF89a (disposal is applied before the next frame is drawn).
///
/// `PREVIOUS` on the first frame behaves as `BACKGROUND`, as the APNG specification says.
public struct AnimationCompositor: Sendable {
    /// Canvas width.
    public let width: Int
    /// Canvas height.
    public let height: Int
    private var canvas: Raster
    private var pendingDisposal: (FramePatch, saved: Raster?)?
    private var framesDrawn = 0

    /// Starts with a fully transparent canvas.
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
        canvas = Raster(width: width, height: height)
    }

    /// The canvas as it is now (after the last frame, before its disposal).
    public var current: Raster { canvas }

    /// Applies the previous frame's disposal, draws `patch`, and returns the composited canvas.
    public mutating func draw(_ patch: FramePatch) -> AnimationFrame {
        if let (previous, saved) = pendingDisposal {
            dispose(previous, saved: saved)
        }
        let clip = clipRect(patch)
        var saved: Raster? = nil
        if patch.disposal == .previous && framesDrawn > 0 {
            saved = copyRegion(clip)
        }
        blend(patch, clip: clip)
        pendingDisposal =
            (patch.disposal == .previous && framesDrawn == 0)
            ? (
                FramePatch(
                    x: patch.x, y: patch.y, raster: patch.raster, delay: patch.delay, disposal: .background,
                    blend: patch.blend), nil
            )
            : (patch, saved)
        framesDrawn += 1
        return AnimationFrame(raster: canvas, delay: patch.delay)
    }

    /// Composites every patch and returns the animation.
    public static func composite(width: Int, height: Int, patches: [FramePatch], loopCount: Int) -> Animation {
        var compositor = AnimationCompositor(width: width, height: height)
        let frames = patches.map { compositor.draw($0) }
        return Animation(width: width, height: height, frames: frames, loopCount: loopCount)
    }

    private struct Rect {
        let x0: Int, y0: Int, x1: Int, y1: Int
        var isEmpty: Bool { x0 >= x1 || y0 >= y1 }
    }

    private func clipRect(_ patch: FramePatch) -> Rect {
        Rect(
            x0: max(0, patch.x), y0: max(0, patch.y),
            x1: min(width, patch.x + patch.raster.width), y1: min(height, patch.y + patch.raster.height))
    }

    private func copyRegion(_ r: Rect) -> Raster? {
        if r.isEmpty { return nil }
        var region = Raster(width: r.x1 - r.x0, height: r.y1 - r.y0)
        let rowBytes = region.width * 4
        canvas.bytes.withUnsafeBufferPointer { src in
            region.bytes.withUnsafeMutableBufferPointer { dst in
                for y in 0..<region.height {
                    (dst.baseAddress! + y * rowBytes).update(
                        from: src.baseAddress! + (r.y0 + y) * canvas.bytesPerRow + r.x0 * 4, count: rowBytes)
                }
            }
        }
        return region
    }

    private mutating func dispose(_ patch: FramePatch, saved: Raster?) {
        let r = clipRect(patch)
        if r.isEmpty { return }
        let stride = canvas.bytesPerRow
        switch patch.disposal {
        case .none:
            return
        case .background:
            canvas.bytes.withUnsafeMutableBufferPointer { dst in
                for y in r.y0..<r.y1 {
                    (dst.baseAddress! + y * stride + r.x0 * 4).update(repeating: 0, count: (r.x1 - r.x0) * 4)
                }
            }
        case .previous:
            guard let saved else { return }
            let rowBytes = saved.width * 4
            canvas.bytes.withUnsafeMutableBufferPointer { dst in
                saved.bytes.withUnsafeBufferPointer { src in
                    for y in 0..<saved.height {
                        (dst.baseAddress! + (r.y0 + y) * stride + r.x0 * 4).update(
                            from: src.baseAddress! + y * rowBytes, count: rowBytes)
                    }
                }
            }
        }
    }

    private mutating func blend(_ patch: FramePatch, clip r: Rect) {
        if r.isEmpty { return }
        let stride = canvas.bytesPerRow
        let source = patch.raster
        let sourceStride = source.bytesPerRow
        canvas.bytes.withUnsafeMutableBufferPointer { dst in
            source.bytes.withUnsafeBufferPointer { src in
                for y in r.y0..<r.y1 {
                    let d = dst.baseAddress! + y * stride + r.x0 * 4
                    let s = src.baseAddress! + (y - patch.y) * sourceStride + (r.x0 - patch.x) * 4
                    let count = r.x1 - r.x0
                    if patch.blend == .source {
                        d.update(from: s, count: count * 4)
                    } else {
                        PremultipliedBlend.over(source: s, destination: d, count: count)
                    }
                }
            }
        }
    }
}

/// Porter-Duff OVER on premultiplied RGBA8: `d = s + d * (255 - sa) / 255`, rounded.
public enum PremultipliedBlend {
    /// Composites `count` source pixels over destination pixels in place (in C: four pixels
    /// at a time where each is opaque or fully transparent, as in GIF frames).
    public static func over(source s: UnsafePointer<UInt8>, destination d: UnsafeMutablePointer<UInt8>, count: Int) {
        rdn_over_rgba(s, d, count)
    }

    /// The same, one pixel at a time in Swift: the specification the C kernel is tested against.
    static func overReference(source s: UnsafePointer<UInt8>, destination d: UnsafeMutablePointer<UInt8>, count: Int) {
        for i in 0..<count {
            let o = i &* 4
            let sa = s[o + 3]
            if sa == 255 {
                for c in 0..<4 { d[o + c] = s[o + c] }
            } else if sa != 0 {
                let inverse = 255 &- sa
                for c in 0..<4 {
                    d[o + c] = s[o + c] &+ AlphaConversion.premultiply(d[o + c], alpha: inverse)
                }
            }
        }
    }
}
