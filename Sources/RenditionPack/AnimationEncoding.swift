import RenditionCodecs
import RenditionCore

/// Encodes an animation in a chosen output format.
enum AnimationEncoding {
    static func encode(_ animation: Animation, as format: OutputFormat, png: PNGEncoder.Options) throws(CodecError) -> [UInt8] {
        switch format {
        case .auto, .apng:
            return try APNGEncoder(options: .init(compressionLevel: png.compressionLevel, allowPalette: png.allowPalette))
                .encode(animation)
        case .png:
            return try PNGEncoder(options: png).encode(animation.firstFrame)
        case .gif:
            return try GIFEncoder().encode(animation)
        case .webp:
            return try WebPEncoder(options: .lossless).encode(animation)
        }
    }
}
