import RenditionCore

/// A decoded WebP file before premultiplication: every frame as straight-alpha RGBA8
/// exactly as libwebp produced it (what `dwebp -pam` writes), with its duration.
struct WebPStraightImage {
    /// One composited canvas.
    struct Frame {
        /// The canvas, straight RGBA8.
        var image: StraightRGBAImage
        /// Display time in milliseconds (0 for a still image).
        var durationMilliseconds: Int
    }

    /// Canvas width in pixels.
    let width: Int
    /// Canvas height in pixels.
    let height: Int
    /// Loop count (0 = forever).
    let loopCount: Int
    /// Frames in display order.
    var frames: [Frame]
}
