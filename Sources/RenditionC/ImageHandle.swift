import CRendition
import RenditionCodecs
import RenditionCore
import Synchronization

/// What an `rdn_image *` points to: a decoded (or created, or resized) animation and the
/// format it came from. Immutable to its callers, so one handle may be used from several
/// threads at once.
///
/// Vector art (TGS, Lottie, dotLottie) is kept as its file: `rdn_image_decode` checks the
/// document and reads its canvas, frame count and frame rate, and its frames are drawn at the
/// canvas size only when pixels are asked for (`rdn_image_copy_pixels`, `rdn_image_resize`,
/// `rdn_image_encode`), once, under a lock. `rdn_render` draws each rendition from the file
/// at its own size, as `rendition render` does, so rendering never draws the canvas-sized
/// frames.
final class ImageHandle: Sendable {
    /// The format it was decoded from; `nil` for images made from pixels.
    let sourceFormat: ImageFormat?
    /// Canvas width in pixels.
    let width: Int
    /// Canvas height in pixels.
    let height: Int
    /// Number of frames (1 for a still).
    let frameCount: Int
    /// How many times the animation plays (0: forever).
    let loopCount: Int
    /// For vector art decoded from a file: that file and the limits it was decoded with.
    /// `nil` for everything else, and for images made from one (a resized image is pixels).
    let vectorSource: VectorSource?
    /// The frames of an image made from pixels or decoded from a raster format.
    private let pixels: Animation?
    /// The canvas-sized frames of vector art, once drawn (`nil` until pixels are asked for).
    private let canvasFrames = Mutex<Animation?>(nil)

    /// The file of a vector image, the limits it was decoded with and its frames' delay.
    struct VectorSource: Sendable {
        /// The TGS, Lottie or dotLottie file.
        let bytes: [UInt8]
        /// The decoding limits given to `rdn_image_decode`.
        let limits: DecodeLimits
        /// How long every frame is shown (`1 / frame rate`).
        let frameDelay: FrameDelay
    }

    /// Wraps an animation.
    init(animation: Animation, sourceFormat: ImageFormat?) {
        pixels = animation
        self.sourceFormat = sourceFormat
        width = animation.width
        height = animation.height
        frameCount = animation.frames.count
        loopCount = animation.loopCount
        vectorSource = nil
    }

    /// Vector art from its file: the document is checked and loaded (so a file that cannot be
    /// drawn fails here, as it fails `rendition render`), its canvas, frame count and frame rate
    /// are kept, and no frame is drawn.
    /// - Throws: what `LottieComposition` throws for the file.
    init(vector bytes: [UInt8], format: ImageFormat, limits: DecodeLimits) throws(CodecError) {
        let composition = try LottieComposition(bytes, limits: limits)
        pixels = nil
        sourceFormat = format
        width = composition.width
        height = composition.height
        frameCount = composition.frameCount
        // Lottie has no loop count: its animations loop forever (LottieComposition.animation()).
        loopCount = 0
        vectorSource = VectorSource(bytes: bytes, limits: limits, frameDelay: composition.frameDelay)
    }

    /// A retained opaque pointer for a C caller, released by `rdn_image_free`.
    func retainedPointer() -> OpaquePointer {
        OpaquePointer(Unmanaged.passRetained(self).toOpaque())
    }

    /// The handle behind a pointer from `retainedPointer`, or RDN_ERROR_INVALID_ARGUMENT for NULL.
    static func borrow(_ pointer: OpaquePointer?, _ name: String = "image") throws(CFailure) -> ImageHandle {
        let pointer = try required(pointer, name)
        return Unmanaged<ImageHandle>.fromOpaque(UnsafeRawPointer(pointer)).takeUnretainedValue()
    }

    /// Whether the image has more than one frame.
    var isAnimated: Bool { frameCount > 1 }

    /// The format the C interface reports: APNG for an animated PNG, AUTO for no source.
    var cSourceFormat: rdn_format {
        guard let sourceFormat else { return RDN_FORMAT_AUTO }
        if sourceFormat == .png && isAnimated { return RDN_FORMAT_APNG }
        return rdn_format(rawValue: sourceFormat.decoder.cValue)
    }

    /// Whether the canvas-sized frames of vector art have been drawn (always `false` for
    /// other images, which hold their pixels from the start).
    var canvasFramesDrawn: Bool { canvasFrames.withLock { $0 != nil } }

    /// The frames, delays and loop count (a still image is one frame). Vector art is drawn at
    /// its canvas size on the first call, exactly as `ImageDecoder.decodeAnimation` draws it.
    /// - Throws: the vector renderer's failure (a drawing limit, rlottie failing).
    func animation() throws(CFailure) -> Animation {
        if let pixels { return pixels }
        guard let vector = vectorSource else {
            throw CFailure(RDN_ERROR_INTERNAL, "an image with no pixels and no file")
        }
        return try canvasFrames.withLock { (drawn) throws(CFailure) -> Animation in
            if let made = drawn { return made }
            let made: Animation
            do throws(CodecError) {
                made = try LottieComposition(vector.bytes, limits: vector.limits).animation()
            } catch { throw CFailure(error) }
            drawn = made
            return made
        }
    }

    /// How long frame `index` is shown, without drawing vector art; RDN_ERROR_INVALID_ARGUMENT
    /// when there is no such frame.
    func delay(_ index: UInt32) throws(CFailure) -> FrameDelay {
        try checkFrame(index)
        if let vector = vectorSource { return vector.frameDelay }
        return try animation().frames[Int(index)].delay
    }

    /// The frame at `index`, or RDN_ERROR_INVALID_ARGUMENT when there is none.
    func frame(_ index: UInt32) throws(CFailure) -> AnimationFrame {
        try checkFrame(index)
        return try animation().frames[Int(index)]
    }

    /// Throws RDN_ERROR_INVALID_ARGUMENT unless `index` is below the frame count.
    private func checkFrame(_ index: UInt32) throws(CFailure) {
        guard Int(index) < frameCount else {
            throw .invalidArgument("frame \(index) does not exist: the image has \(frameCount) frame(s)")
        }
    }
}
