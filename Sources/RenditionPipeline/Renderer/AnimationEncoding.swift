import RenditionCodecs
import RenditionCore

/// Encodes an animation (a still image being one frame) in a chosen output format, with the
/// encoder settings of `RenderOptions`.
package enum AnimationEncoding {
    /// The file bytes of `animation` as `format` (`.auto` means APNG): PNG keeps the first
    /// frame; APNG, GIF, WebP and WebM keep every frame, the delays and the loop count.
    package static func encode(_ animation: Animation, as format: OutputFormat, options: RenderOptions)
        throws(CodecError) -> [UInt8]
    {
        switch format {
        case .auto, .apng:
            return try APNGEncoder(
                options: .init(
                    compressionLevel: options.apngCompressionLevel, allowPalette: options.png.allowPalette,
                    threads: options.frameThreads, palette: options.png.palette)
            )
            .encode(animation)
        case .png:
            return try PNGEncoder(options: options.png).encode(animation.firstFrame)
        case .gif:
            return try GIFEncoder(options: options.gif).encode(animation)
        case .webp:
            return try WebPEncoder(options: options.webp).encode(animation)
        case .webm:
            return try WebMEncoder(options: options.webm).encode(animation)
        }
    }
}
