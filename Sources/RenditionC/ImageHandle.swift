import CRendition
import RenditionCodecs
import RenditionCore

/// What an `rdn_image *` points to: a decoded (or created, or resized) animation and the
/// format it came from. Immutable, so one handle may be used from several threads at once.
final class ImageHandle: Sendable {
    /// The frames, delays and loop count (a still image is one frame).
    let animation: Animation
    /// The format it was decoded from; `nil` for images made from pixels.
    let sourceFormat: ImageFormat?
    /// For vector art (TGS, Lottie) decoded from a file: that file and the limits it was
    /// decoded with, so `rdn_render` can draw each rendition at its own size as
    /// `rendition render` does, instead of resampling `animation` (drawn at the canvas size).
    /// `nil` for everything else, and for images made from one (a resized image is pixels).
    let vectorSource: VectorSource?

    /// The file of a vector image and the limits it was decoded with.
    struct VectorSource: Sendable {
        /// The TGS or Lottie file.
        let bytes: [UInt8]
        /// The decoding limits given to `rdn_image_decode`.
        let limits: DecodeLimits
    }

    /// Wraps an animation.
    init(animation: Animation, sourceFormat: ImageFormat?, vectorSource: VectorSource? = nil) {
        self.animation = animation
        self.sourceFormat = sourceFormat
        self.vectorSource = vectorSource
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

    /// The format the C interface reports: APNG for an animated PNG, AUTO for no source.
    var cSourceFormat: rdn_format {
        guard let sourceFormat else { return RDN_FORMAT_AUTO }
        if sourceFormat == .png && animation.isAnimated { return RDN_FORMAT_APNG }
        return rdn_format(rawValue: sourceFormat.decoder.cValue)
    }

    /// The frame at `index`, or RDN_ERROR_INVALID_ARGUMENT when there is none.
    func frame(_ index: UInt32) throws(CFailure) -> AnimationFrame {
        guard Int(index) < animation.frames.count else {
            throw .invalidArgument("frame \(index) does not exist: the image has \(animation.frames.count) frame(s)")
        }
        return animation.frames[Int(index)]
    }
}
